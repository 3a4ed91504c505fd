/// An ISO 4217 currency: its code and the exponent that says how many minor units make one major unit.
///
/// PayDrill keeps money as integers of minor units, so the exponent is what turns `4999` into `49.99` (USD),
/// `1235` into `1,235` (JPY) or `1300` into `1.300` (BHD).
public struct Currency: Hashable, Sendable, CustomStringConvertible {
  /// The three-letter ISO 4217 code, upper case.
  public let code: String
  /// The number of decimal places of the currency's minor unit (USD 2, JPY 0, BHD 3).
  public let exponent: Int

  /// The currency for an ISO 4217 code, or nil when PayDrill does not know the code.
  public init?(code: String) {
    guard let exponent = Currency.exponents[code.uppercased()] else { return nil }
    self.code = code.uppercased()
    self.exponent = exponent
  }

  /// The currency for an ISO 4217 code written as the standard writes it (upper case), or why not:
  /// `usd` is refused with its spelling (`USD`), an unknown code with examples of known ones.
  public static func parse(isoCode code: String) -> Result<Currency, ISOCodeProblem> {
    if exponents[code] != nil, let currency = Currency(code: code) { return .success(currency) }
    if code.count == 3, let currency = Currency(code: code) {
      return .failure(ISOCodeProblem(.currency, code: code, spelling: currency.code))
    }
    return .failure(ISOCodeProblem(.currency, code: code, spelling: nil))
  }

  public var description: String { code }

  /// How many minor units make one major unit (10 to the exponent).
  public var minorUnitsPerMajor: Int64 {
    var factor: Int64 = 1
    for _ in 0..<exponent { factor *= 10 }
    return factor
  }

  public static let usd = Currency(code: "USD")!
  public static let eur = Currency(code: "EUR")!
  public static let gbp = Currency(code: "GBP")!
  public static let jpy = Currency(code: "JPY")!
  public static let bhd = Currency(code: "BHD")!

  /// Every code PayDrill knows, sorted.
  public static var knownCodes: [String] { exponents.keys.sorted() }

  /// ISO 4217 exponents of the currencies a checkout is likely to meet.
  private static let exponents: [String: Int] = [
    // Exponent 0
    "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
    "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
    // Exponent 3
    "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    // Exponent 4
    "CLF": 4, "UYW": 4,
    // Exponent 2
    "AED": 2, "ARS": 2, "AUD": 2, "BGN": 2, "BRL": 2, "CAD": 2, "CHF": 2, "CNY": 2, "COP": 2,
    "CZK": 2, "DKK": 2, "EGP": 2, "EUR": 2, "GBP": 2, "HKD": 2, "HUF": 2, "IDR": 2, "ILS": 2,
    "INR": 2, "KES": 2, "MAD": 2, "MXN": 2, "MYR": 2, "NGN": 2, "NOK": 2, "NZD": 2, "PEN": 2,
    "PHP": 2, "PKR": 2, "PLN": 2, "QAR": 2, "RON": 2, "RSD": 2, "RUB": 2, "SAR": 2, "SEK": 2,
    "SGD": 2, "THB": 2, "TRY": 2, "TWD": 2, "UAH": 2, "USD": 2, "ZAR": 2,
  ]
}

extension Currency: Encodable {
  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(code)
  }
}
