/// Why a currency code was refused: not written as ISO 4217 writes it (`usd` for `USD`), or not known.
public struct CurrencyCodeProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The code as written.
  public var code: String
  /// The code as ISO 4217 writes it, when the written one is a known code in other letters' case.
  public var spelling: String?

  public var description: String {
    if let spelling {
      return "currency \"\(code)\" is written \(spelling) (ISO 4217 codes are upper case)"
    }
    return "unknown currency \"\(code)\" (expected an ISO 4217 code such as USD, EUR, JPY)"
  }
}
