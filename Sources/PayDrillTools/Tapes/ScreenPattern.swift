import Foundation

/// A `Wait` or `Expect screen` pattern, compiled once for every screen it is matched against while its step
/// waits. A pattern without any of the regular expression's special characters (most tapes' are plain words,
/// "Payment successful") is searched for as its bytes: a regular expression of literal characters matches
/// exactly where their code points occur, and the search cannot backtrack, so it needs no time budget.
struct ScreenPattern {
  let pattern: String
  /// The pattern's UTF-8 when it is a plain literal.
  private let literal: [UInt8]?
  /// The compiled expression otherwise; nil when the pattern does not compile (it then never matches).
  private let regex: NSRegularExpression?

  /// The characters that make a pattern more than its literal text (ICU's, with no options set).
  private static let specialCharacters = Set(#"\^$.|?*+()[]{}"#.utf8)

  /// Whether the pattern is searched for as its plain text.
  var isLiteral: Bool { literal != nil }

  init(_ pattern: String) {
    self.pattern = pattern
    if !pattern.isEmpty, !pattern.utf8.contains(where: Self.specialCharacters.contains) {
      literal = Array(pattern.utf8)
      regex = nil
    } else {
      literal = nil
      regex = try? NSRegularExpression(pattern: pattern)
    }
  }

  /// Whether the pattern matches somewhere on the screen; a match that takes longer than `budget` (real
  /// time) is stopped.
  func matches(_ screen: String, budget: Duration = TapeExpectation.matchBudget)
    throws(TapeExpectation.PatternTooSlow) -> Bool
  {
    if let literal { return ByteSearch.contains(screen, literal) }
    guard let regex else { return false }
    // The matcher reports its progress while it works: past the budget, it is stopped.
    let deadline = ContinuousClock.now + budget
    var found = false
    var stopped = false
    regex.enumerateMatches(
      in: screen, options: [.reportProgress], range: NSRange(screen.startIndex..., in: screen)
    ) { match, _, stop in
      if match != nil {
        found = true
        stop.pointee = true
      } else if ContinuousClock.now > deadline {
        stopped = true
        stop.pointee = true
      }
    }
    if stopped && !found { throw TapeExpectation.PatternTooSlow(pattern: pattern, budget: budget) }
    return found
  }
}
