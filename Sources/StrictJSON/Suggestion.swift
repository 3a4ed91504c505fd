/// "Did you mean …?": the known word nearest to a misspelt one, when one is near enough to be what was
/// meant.
public enum Suggestion {
  /// The candidate nearest to `word` (edit distance, a swap of two neighbours counting as one edit), or one
  /// that `word` begins (`--scen` → `--scenario`) when only one does; nil when none is close.
  /// Leading dashes are not compared: `-seed` and `--sead` both suggest `--seed`.
  public static func nearest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased().drop { $0 == "-" })
    guard !typed.isEmpty else { return nil }
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let known = Array(candidate.lowercased().drop { $0 == "-" })
      let distance = Self.distance(typed, known)
      // One edit in a short word, two in a longer one: further than that is another word.
      guard distance <= (known.count < 5 ? 1 : 2), distance < known.count else { continue }
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    if let best { return best.candidate }
    let prefixed = candidates.filter {
      typed.count >= 3 && Array($0.lowercased().drop { $0 == "-" }).starts(with: typed)
    }
    return prefixed.count == 1 ? prefixed[0] : nil
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
  public static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
