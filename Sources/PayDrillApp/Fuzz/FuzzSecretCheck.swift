import CheckoutEngine
import TerminalUI

/// Secrets must never show: no run of 13 to 19 digits that passes the Luhn check (a full card number), and
/// neither the session's `hmacKey` nor its `encryptionKey`, on the screen or in an event's JSON line.
public struct FuzzSecretCheck: Sendable {
  private let keys: [(name: String, value: String)]

  public init(scenario: Scenario) {
    keys = [("hmacKey", scenario.session.hmacKey), ("encryptionKey", scenario.session.encryptionKey)]
      .filter { $0.1.count >= 8 }
  }

  /// The first secret in a text, described with where it was found. `echoes` are what the shopper typed into
  /// free-text fields (the name, a postcode, a coupon, a code): a number typed there is shown back as typed,
  /// and is not card data the checkout let out.
  public func check(_ text: String, where place: String, echoes: [String] = []) -> FuzzViolation? {
    // Compared digit by digit: a combining mark typed after a digit makes one grapheme with it.
    let echoed = echoes.flatMap { $0.unicodeScalars.split { !("0"..."9").contains($0) }.map { String($0) } }
    let numbers = Self.cardNumbers(in: text).filter { number in !echoed.contains { $0.contains(number) } }
    if let pan = numbers.first {
      return FuzzViolation(.secrets, "a full card number \(pan) in \(place)")
    }
    if let key = keys.first(where: { text.contains($0.value) }) {
      return FuzzViolation(.secrets, "the session's \(key.name) in \(place)")
    }
    return nil
  }

  /// The first secret on a screen. Only rows with a run of digits or hexadecimal digits long enough to be
  /// a card number or a key are turned into text, which keeps the check cheap on a large screen.
  public func check(_ buffer: ScreenBuffer, echoes: [String] = []) -> FuzzViolation? {
    let shortest = min(13, keys.map(\.value.count).min() ?? 13)
    for y in 0..<buffer.height {
      var run = 0
      var longest = 0
      for x in 0..<buffer.width {
        let grapheme = buffer[x, y].grapheme.utf8
        if grapheme.count == 1, let byte = grapheme.first,
          (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
        {
          run += 1
          longest = max(longest, run)
        } else {
          run = 0
        }
      }
      guard longest >= shortest else { continue }
      let row = (0..<buffer.width).map { buffer[$0, y].grapheme }.joined()
      if let violation = check(row, where: "row \(y + 1) of the screen", echoes: echoes) { return violation }
    }
    return nil
  }

  /// Every maximal run of 13 to 19 ASCII digits that passes the Luhn check and stands as a word: a run
  /// inside a token of letters and digits (a PayPal order id, a hexadecimal id) is part of that token.
  public static func cardNumbers(in text: String) -> [String] {
    var found: [String] = []
    var run = ""
    var afterLetter = false
    func endRun(beforeLetter: Bool) {
      if !afterLetter, !beforeLetter, (13...19).contains(run.count), CardNumber(digits: run).passesLuhnCheck {
        found.append(run)
      }
      run = ""
    }
    for scalar in text.unicodeScalars {
      if ("0"..."9").contains(scalar) {
        run.unicodeScalars.append(scalar)
        continue
      }
      let isLetter = scalar.properties.isAlphabetic
      if !run.isEmpty { endRun(beforeLetter: isLetter) }
      afterLetter = isLetter
    }
    endRun(beforeLetter: false)
    return found
  }
}
