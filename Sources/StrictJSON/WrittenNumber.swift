import Foundation

/// A JSON number with the text it was written with (`25.00`, `1.0`, `1e2`), so that rules about decimals
/// see what the sender wrote. `StrictJSONDecoder` gives the text as written; another decoder can only give
/// the number's shortest decimal form (`1.0` becomes `1`).
public struct WrittenNumber: Decodable, Equatable, Sendable {
  /// The number's text.
  public var text: String

  public init(text: String) {
    self.text = text
  }

  public init(from decoder: Decoder) throws {
    if let written = (decoder as? StrictDecoding)?.numberAsWritten {
      text = written
      return
    }
    var number = try decoder.singleValueContainer().decode(Decimal.self)
    text = NSDecimalString(&number, Locale(identifier: "en_US_POSIX"))
  }
}
