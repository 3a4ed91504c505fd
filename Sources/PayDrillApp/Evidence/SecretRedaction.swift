import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI

/// Takes the secrets out of what PayDrill prints or saves. In JSON, `hmacKey` and `encryptionKey` are
/// redacted as the sessions API redacts them (`904b…a7bb (redacted)`), and every string that is a card
/// number (12 to 19 digits that pass the Luhn check) is masked to its last four (`•••• 4242`), at any depth.
/// On a saved screen, a card number being typed into the card form keeps only its last four digits.
package enum SecretRedaction {
  /// The fewest digits in a row (spaces between groups allowed) that a saved screen masks: the shortest
  /// card number.
  static let cardNumberDigits = 12

  /// The screen with every run of `cardNumberDigits` or more digits (single spaces between them allowed)
  /// masked with `•` but for its last four digits, unless it is an amount (`CardNumberMask.isAmount`).
  package static func masking(_ screen: ScreenBuffer) -> ScreenBuffer {
    var masked = screen
    var codes: [UInt8] = []
    for y in 0..<screen.height {
      screen.asciiCodes(ofRow: y, into: &codes)
      // A cell holding one ASCII digit, 0 to 9 (an ASCII character that is a number is no more).
      func isDigit(_ x: Int) -> Bool { (0x30...0x39).contains(codes[x]) }
      var x = 0
      while x < screen.width {
        guard isDigit(x) else {
          x += 1
          continue
        }
        var digits: [Int] = []
        while x < screen.width {
          if isDigit(x) {
            digits.append(x)
          } else if !(codes[x] == 0x20 && x + 1 < screen.width && isDigit(x + 1)) {
            break
          }
          x += 1
        }
        // An amount is left as it is ("a total of 99999999999999.96 USD"): only a card number is masked.
        func text(_ columns: some Sequence<Int>) -> String {
          String(String.UnicodeScalarView(columns.compactMap { screen[$0, y].glyph.scalar }))
        }
        if digits.count >= cardNumberDigits,
          !CardNumberMask.isAmount(
            digits: text(digits), before: text(max(0, digits[0] - 8)..<digits[0]),
            after: text((digits[digits.count - 1] + 1)..<min(screen.width, digits[digits.count - 1] + 13)))
        {
          for column in digits.dropLast(4) { masked[column, y].glyph = Glyph("•") }
        }
      }
    }
    return masked
  }

  /// The keys whose values are secrets.
  static let secretKeys: Set<String> = ["hmacKey", "encryptionKey"]

  /// JSON data, redacted and pretty-printed with sorted keys; nil when the data is not JSON.
  package static func prettyJSON(_ data: Data) -> String? {
    guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
      let redacted = try? JSONSerialization.data(
        withJSONObject: redact(value), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return nil }
    return String(decoding: redacted, as: UTF8.self)
  }

  /// A JSON value (from `JSONSerialization`) with its secrets redacted.
  static func redact(_ value: Any) -> Any {
    if let object = value as? [String: Any] {
      var shown: [String: Any] = [:]
      for (key, member) in object {
        if secretKeys.contains(key), let secret = member as? String {
          shown[key] = SessionsAPI.redacted(secret)
        } else {
          shown[key] = redact(member)
        }
      }
      return shown
    }
    if let list = value as? [Any] { return list.map(redact) }
    if let text = value as? String { return masked(text) }
    return value
  }

  /// A string that is a card number masked to its last four; any other string as it is.
  static func masked(_ text: String) -> String {
    let number = CardNumber(digits: text)
    if (12...19).contains(number.digits.count), number.digits.count == text.count, number.passesLuhnCheck {
      return number.masked
    }
    return text
  }

  /// The event with its secrets taken out as in JSON: what the inspector shows, copies and saves.
  package static func masked(_ event: CallbackEvent) -> CallbackEvent {
    var shown = event
    shown.details = event.details.map { detail in
      guard case .string(let text) = detail.value else { return detail }
      let key = detail.key.split(separator: ".").last.map(String.init) ?? detail.key
      return EventDetail(
        detail.key, .string(secretKeys.contains(key) ? SessionsAPI.redacted(text) : masked(text)))
    }
    return shown
  }
}
