/// A card number (PAN): digits only. Its text descriptions show the last four digits and nothing more, so a
/// full number cannot reach a log, a screen or an export by accident.
public struct CardNumber: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The digits. Read them only to send the card to the gateway.
  public let digits: String

  public init(digits: String) {
    self.digits = digits.filter { $0.isASCII && $0.isNumber }
  }

  /// The last four digits, the only part PayDrill ever shows (the digits are ASCII: cut as bytes).
  public var lastFour: String { String(decoding: digits.utf8.suffix(4), as: UTF8.self) }

  /// The scheme that the number's leading digits belong to.
  public var scheme: CardScheme? { CardScheme.detect(digits) }

  /// Whether the number passes the Luhn (mod 10) check.
  public var passesLuhnCheck: Bool {
    guard !digits.isEmpty else { return false }
    var sum = 0
    for (offset, character) in digits.reversed().enumerated() {
      guard var digit = character.wholeNumberValue else { return false }
      if offset % 2 == 1 {
        digit *= 2
        if digit > 9 { digit -= 9 }
      }
      sum += digit
    }
    return sum % 10 == 0
  }

  /// "•••• 4242": how PayDrill names a card anywhere it is shown.
  public var masked: String { "•••• \(lastFour)" }

  public var description: String { masked }
  public var debugDescription: String { "CardNumber(\(masked))" }
  public var customMirror: Mirror { Mirror(self, children: ["lastFour": lastFour]) }

  /// The digits grouped as the scheme prints them ("4242 4242 4242 4242", "3782 822463 10005").
  public static func grouped(_ digits: String) -> String {
    let scheme = CardScheme.detect(digits) ?? .visa
    var groups: [Substring] = []
    var rest = Substring(digits)
    for size in scheme.grouping(forLength: digits.count) where !rest.isEmpty {
      groups.append(rest.prefix(size))
      rest = rest.dropFirst(size)
    }
    if !rest.isEmpty { groups.append(rest) }
    return groups.joined(separator: " ")
  }
}
