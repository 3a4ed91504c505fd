import CheckoutEngine
import TerminalUI

/// Secrets must never show: no run of 13 to 19 digits that passes the Luhn check (a full card number, whole
/// or grouped), neither the session's `hmacKey` nor its `encryptionKey`, on the screen, in an event's JSON
/// line, in the ledger, in a JUnit report or in the report `play` prints; and no card's security code,
/// expiry or holder's name in a message.
public struct FuzzSecretCheck: Sendable {
  private let keys: [(name: String, value: String, hexadecimal: [UInt8]?)]

  public init(scenario: Scenario) {
    keys = [("hmacKey", scenario.session.hmacKey), ("encryptionKey", scenario.session.encryptionKey)]
      .filter { $0.1.count >= 8 }
      .map { name, value in
        let hexadecimal = value.utf8.allSatisfy {
          (0x30...0x39).contains($0) || (0x61...0x66).contains($0 | 0x20)
        }
        return (name, value, hexadecimal ? Array(value.utf8) : nil)
      }
  }

  /// The first secret in a text, described with where it was found. `echoes` are what the shopper typed into
  /// free-text fields (the name, a postcode, a coupon, a code): a number typed there is shown back as typed,
  /// and is not card data the checkout let out.
  public func check(_ text: String, where place: String, echoes: [String] = [], grouped: Bool = true)
    -> FuzzViolation?
  {
    // A card number is 13 digits at least: most texts have no such run, and are not read scalar by scalar.
    var numbers =
      CardNumberMask.longestDigitRun(in: text) >= 13 ? Self.cardNumbers(in: text, grouped: grouped) : []
    if !numbers.isEmpty {
      // Compared digit by digit: a combining mark typed after a digit makes one grapheme with it.
      let echoed =
        echoes.map { String($0.unicodeScalars.filter { ("0"..."9").contains($0) }) }
        + echoes.flatMap { $0.unicodeScalars.split { !("0"..."9").contains($0) }.map { String($0) } }
      numbers.removeAll { number in echoed.contains { $0.contains(number) } }
    }
    if let pan = numbers.first {
      return FuzzViolation(.secrets, "a full card number \(pan) in \(place)")
    }
    // Foundation finds a key as canonically equivalent text; no other character is equivalent to a
    // hexadecimal digit, so a hexadecimal key is there only if its bytes are (found bytes are confirmed).
    if let key = keys.first(where: { key in
      key.hexadecimal.map { ByteSearch.contains(text, $0) } != false && text.contains(key.value)
    }) {
      return FuzzViolation(.secrets, "the session's \(key.name) in \(place)")
    }
    return nil
  }

  /// The first secret on a screen, looking at `rows` (all when nil) in order: each row is checked by itself,
  /// so a row found clean is clean wherever it is drawn again with these echoes or more. Only rows with a run
  /// of digits or hexadecimal digits (in groups or not) long enough to be a card number or a key are turned
  /// into text, which keeps the check cheap on a large screen.
  /// `codes` holds the rows' `asciiCodes` when they were read already.
  public func check(
    _ buffer: ScreenBuffer, rows: [Int]? = nil, codes rowCodes: [[UInt8]]? = nil, echoes: [String] = []
  ) -> FuzzViolation? {
    let shortest = min(13, keys.map(\.value.count).min() ?? 13)
    var codes: [UInt8] = []
    for y in rows ?? Array(0..<buffer.height) {
      var run = 0
      var longest = 0
      var separated = false
      if let rowCodes { codes = rowCodes[y] } else { buffer.asciiCodes(ofRow: y, into: &codes) }
      for byte in codes {
        if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66) {
          run += 1
          separated = false
          longest = max(longest, run)
        } else if run > 0, !separated, byte == 0x20 || byte == 0x2D {
          // A card number written in groups (`4242 4242 4242 4242`) is one run.
          separated = true
        } else {
          run = 0
          separated = false
        }
      }
      guard longest >= shortest else { continue }
      let row = (0..<buffer.width).map { buffer.grapheme(atX: $0, y: y) }.joined()
      if let violation = check(row, where: "row \(y + 1) of the screen", echoes: echoes) { return violation }
    }
    return nil
  }

  /// Every maximal run of 13 to 19 ASCII digits that passes the Luhn check and stands as a word: a run
  /// inside a token of letters and digits (a PayPal order id, a hexadecimal id) is part of that token. With
  /// `grouped`, digits in groups of three or more joined by single spaces or hyphens (`4242 4242 4242 4242`,
  /// `3782-822463-10005`) count as one run, as a careless plugin writes a card.
  public static func cardNumbers(in text: String, grouped: Bool = false) -> [String] {
    var found: [String] = []
    var run = ""
    var group = 0
    var shortestGroup = Int.max
    var separator = false
    var afterLetter = false
    func endRun(beforeLetter: Bool) {
      if !afterLetter, !beforeLetter, (13...19).contains(run.count), CardNumber(digits: run).passesLuhnCheck,
        shortestGroup >= 3 || group == run.count
      {
        found.append(run)
      }
      run = ""
      group = 0
      shortestGroup = Int.max
    }
    let scalars = Array(text.unicodeScalars)
    var decimal = false
    for (index, scalar) in scalars.enumerated() {
      if ("0"..."9").contains(scalar) {
        // The digits of an amount with decimals (`18000000000000.00`) are no card number.
        if run.isEmpty, index >= 2, scalars[index - 1] == ".", ("0"..."9").contains(scalars[index - 2]) {
          decimal = true
        }
        if separator {
          shortestGroup = min(shortestGroup, group)
          group = 0
          separator = false
        }
        run.unicodeScalars.append(scalar)
        group += 1
        continue
      }
      if grouped, !separator, !run.isEmpty, scalar == " " || scalar == "-" {
        separator = true
        continue
      }
      separator = false
      // An ASCII scalar is alphabetic when it is a letter: no Unicode table for those.
      let isLetter =
        scalar.isASCII
        ? ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) : scalar.properties.isAlphabetic
      if !run.isEmpty {
        shortestGroup = min(shortestGroup, group)
        let beforeDecimals =
          scalar == "." && index + 1 < scalars.count && ("0"..."9").contains(scalars[index + 1])
        endRun(beforeLetter: isLetter || beforeDecimals || decimal)
        decimal = false
      }
      afterLetter = isLetter
    }
    if !run.isEmpty { shortestGroup = min(shortestGroup, group) }
    endRun(beforeLetter: decimal)
    return found
  }

  /// The first of a card's details (its security code, its expiry in any of the ways it is written, its
  /// holder's name) in a message a plugin or PayDrill wrote: those never quote the card.
  public static func cardDetail(in message: String, of card: CardDetails) -> String? {
    let year = card.expiryYear % 100
    let months = ["\(card.expiryMonth)", String(format: "%02d", card.expiryMonth)]
    let expiries = months.flatMap { month in
      ["\(month)/\(String(format: "%02d", year))", "\(month)/20\(String(format: "%02d", year))"]
    }
    for expiry in expiries where standsAlone(expiry, in: message) { return "the expiry \(expiry)" }
    if card.securityCode.count >= 3, standsAlone(card.securityCode, in: message) {
      return "the security code \(card.securityCode)"
    }
    let name = card.holderName.trimmingCharacters(in: .whitespaces)
    if name.count >= 3, message.range(of: name, options: .caseInsensitive) != nil {
      return "the holder's name \(name)"
    }
    return nil
  }

  /// Whether `digits` is in `text` with no digit, letter, point or separator of a number or date beside it.
  static func standsAlone(_ digits: String, in text: String) -> Bool {
    var searched = text[...]
    while let range = searched.range(of: digits) {
      let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
      let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
      func isPartOfNumber(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || ".,:/-".contains(character)
      }
      if !isPartOfNumber(before), !isPartOfNumber(after) { return true }
      searched = text[range.upperBound...]
    }
    return false
  }
}
