import Foundation

/// Card numbers taken out of free text (a plugin's message, a tape's report): every run of 12 to 19 digits,
/// written whole or in groups with single spaces or hyphens between them (`4242 4242 4242 4242`), that passes
/// the Luhn check is cut to its last four (`••••4242`). Other numbers (dates, file names, order ids, an amount
/// with decimals such as `18000000000000.00`) stay.
public enum CardNumberMask {
  private static let candidate = try! NSRegularExpression(
    pattern: #"(?<![0-9])(?<![0-9]\.)(?:[0-9][ -]?){8,15}[0-9]{4}(?![0-9])(?!\.[0-9])"#)

  public static func masked(_ text: String) -> String {
    guard text.contains(where: \.isNumber) else { return text }
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
}
