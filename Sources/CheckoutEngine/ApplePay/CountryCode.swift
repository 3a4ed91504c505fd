import Foundation

/// A country as Apple Pay's `countryCode` takes it: ISO 3166-1 alpha-2, in capitals ("US", "GB").
///
/// Foundation's region list decides which codes exist; its locale identifiers give the alpha-2 spelling of
/// a code written another way (`us`, or the alpha-3 `USA`), so that the refusal can name it.
public enum CountryCode {
  /// The code when ISO 3166-1 alpha-2 writes it so, or why not: `USA` and `us` are refused with `US`.
  public static func parse(_ code: String) -> Result<String, ISOCodeProblem> {
    if isAlpha2(code) { return .success(code) }
    let isLetters =
      (2...3).contains(code.count)
      && code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    if isLetters, let region = Locale(identifier: "und_" + code).region?.identifier, isAlpha2(region) {
      return .failure(ISOCodeProblem(.country, code: code, spelling: region))
    }
    return .failure(ISOCodeProblem(.country, code: code, spelling: nil))
  }

  /// Two capital letters naming a region Foundation knows by an ISO code.
  private static func isAlpha2(_ code: String) -> Bool {
    code.count == 2 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) } && alpha2.contains(code)
  }

  /// The two-letter ISO regions, read once.
  private static let alpha2: Set<String> = Set(
    Locale.Region.isoRegions.map(\.identifier).filter { $0.count == 2 })
}
