import Foundation

/// Card numbers taken out of free text (a plugin's message, a tape's report): every run of 12 to 19 digits,
/// written whole or in groups with single spaces or hyphens between them (`4242 4242 4242 4242`), that passes
/// the Luhn check is cut to its last four (`••••4242`). Other numbers (dates, file names, order ids, an amount
/// with decimals such as `18000000000000.00`) stay.
public enum CardNumberMask {
  private static let candidate = try! NSRegularExpression(
    pattern: #"(?<![0-9])(?<![0-9]\.)(?:[0-9][ -]?){8,15}[0-9]{4}(?![0-9])(?!\.[0-9])"#)

  public static func masked(_ text: String) -> String {
    // Twelve ASCII digits at least, in groups or not, or the pattern cannot match: most text (a screen's
    // row, an event's line) has none, and is returned without breaking it into characters or running the
    // pattern.
    guard longestDigitRun(in: text) >= 12 else { return text }
    var masked = text
    let matches = candidate.matches(in: text, range: NSRange(text.startIndex..., in: text))
    for match in matches.reversed() {
      guard let range = Range(match.range, in: masked) else { continue }
      let number = CardNumber(digits: masked[range].filter(\.isNumber).map(String.init).joined())
      guard number.passesLuhnCheck else { continue }
      masked.replaceSubrange(range, with: "••••" + number.lastFour)
    }
    return masked
  }

  /// Whether a run of digits on a screen is an amount, not a card number (or part of one being typed), from
  /// the digits and the text just before and after them on their row. A card number never has decimals, so
  /// a run with a fraction next to it (`99999999999999.96`, or the `0001` of `0.0001`) is an amount. A run
  /// that passes the Luhn check could be a card number, and is not taken for an amount on weaker evidence;
  /// one that fails it is an amount when a currency names it (`$`, `€`, `USD` before or after, one space
  /// apart at most) or it counts `minor units`. Anything else may be a card number being typed.
  public static func isAmount(digits: String, before: String, after: String) -> Bool {
    let hasFraction =
      after.unicodeScalars.count >= 2
      && [".", ","].contains(after.unicodeScalars.first!)
      && isASCIIDigit(after.unicodeScalars.dropFirst().first!)
    let isFraction =
      before.unicodeScalars.count >= 2
      && [".", ","].contains(before.unicodeScalars.last!)
      && isASCIIDigit(before.unicodeScalars.dropLast().last!)
    if hasFraction || isFraction { return true }
    if CardNumber(digits: digits).passesLuhnCheck { return false }
    let next = after.hasPrefix(" ") ? after.dropFirst() : after[...]
    let previous = before.hasSuffix(" ") ? before.dropLast() : before[...]
    return next.hasPrefix("minor unit") || isCurrency(String(next.prefix(while: \.isLetter)))
      || isCurrency(String(previous.reversed().prefix(while: \.isLetter).reversed()))
      || previous.last?.unicodeScalars.first?.properties.generalCategory == .currencySymbol
  }

  private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// Whether a word is an ISO 4217 code PayDrill knows, written as the standard writes it.
  private static func isCurrency(_ word: String) -> Bool {
    word.count == 3 && (try? Currency.parse(isoCode: word).get()) != nil
  }

  /// The most ASCII digits in one run of the text, where a single space or hyphen between two digits joins
  /// them (a card number in groups is one run): a card number, masked here or looked for by the fuzzer, is
  /// at least 12 of them. One pass over the UTF-8 bytes.
  public static func longestDigitRun(in text: String) -> Int {
    var (run, longest, separated) = (0, 0, false)
    for byte in text.utf8 {
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        run += 1
        separated = false
        longest = max(longest, run)
      } else if run > 0, !separated, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") {
        separated = true
      } else {
        run = 0
        separated = false
      }
    }
    return longest
  }
}
