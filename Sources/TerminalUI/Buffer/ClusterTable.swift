/// A buffer's graphemes of more than one scalar (a letter with combining marks, a Hangul syllable written in
/// jamo), each kept once and named by its index (`Glyph.cluster`): cells stay plain numbers. Most screens
/// have none, since every emoji sequence terminals disagree on is written as its `EmojiFallback`.
struct ClusterTable: Sendable {
  private var graphemes: [String] = []
  /// Each grapheme's index, by its exact UTF-8: canonically equivalent text is another glyph, because the
  /// terminal is sent the bytes.
  private var indices: [[UInt8]: Int] = [:]
  /// The UTF-8 bytes of the longest cluster: the room a cell's text may take.
  private(set) var longestUTF8Count = 0

  /// The glyph of a grapheme: its scalar when it is one, `Glyph.empty` when there is none, else its cluster
  /// (added the first time).
  mutating func glyph(for grapheme: String) -> Glyph {
    let scalars = grapheme.unicodeScalars
    guard let first = scalars.first else { return .empty }
    if scalars.index(after: scalars.startIndex) == scalars.endIndex { return Glyph(first) }
    let bytes = Array(grapheme.utf8)
    if let index = indices[bytes] { return .cluster(index) }
    graphemes.append(grapheme)
    longestUTF8Count = max(longestUTF8Count, bytes.count)
    indices[bytes] = graphemes.count - 1
    return .cluster(graphemes.count - 1)
  }

  /// The cluster at an index (U+FFFD for an index this table never gave).
  subscript(index: Int) -> String {
    graphemes.indices.contains(index) ? graphemes[index] : "\u{FFFD}"
  }

  /// Whether the table holds no cluster: then no cell of its buffer names one.
  var isEmpty: Bool { graphemes.isEmpty }

  /// Forgets every cluster, keeping the room: for when no cell names one any more.
  mutating func removeAll() {
    guard !graphemes.isEmpty else { return }
    graphemes.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
    longestUTF8Count = 0
  }
}
