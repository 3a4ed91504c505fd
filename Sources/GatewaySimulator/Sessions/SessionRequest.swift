import CheckoutEngine
import Foundation
import StrictJSON

/// A session request as the seed documents it ("Session request parameters"): its fields and their types,
/// decoded strictly (an unknown or duplicated key is refused, a number keeps the text it was written with),
/// then checked against the seed's rules.
struct SessionRequest: Decodable {
  var merchant: String
  var site: String
  var merchantTransactionId: String
  /// Minutes: the seed types it as a number, so a fraction is a fraction of a minute (1.5 is 90 seconds).
  var sessionTimeout: WrittenNumber
  var transactionMethod: TransactionMethod
  var amounts: Amounts
  var allowTransaction: Bool
  var serviceType: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case merchant, site, merchantTransactionId, sessionTimeout, transactionMethod, amounts, allowTransaction
    case serviceType
  }

  struct TransactionMethod: Decodable {
    var intent: Intent

    enum CodingKeys: String, CodingKey, CaseIterable { case intent }
  }

  struct Intent: Decodable {
    var card: String
    var paypal: String

    enum CodingKeys: String, CodingKey, CaseIterable { case card, paypal }
  }

  struct Amounts: Decodable {
    var currencyCode: String
    var transactionValue: WrittenNumber

    enum CodingKeys: String, CodingKey, CaseIterable { case currencyCode, transactionValue }
  }

  /// Decodes a body, or throws the 400 that names the field at fault.
  static func decode(_ body: String) throws -> SessionRequest {
    try decoding { try StrictJSONDecoder().decode(SessionRequest.self, from: body) }
  }

  /// Decodes a body already read (`paydrill serve` read it to check its depth), or throws the same 400s.
  static func decode(_ value: JSONValue) throws -> SessionRequest {
    try decoding { try StrictJSONDecoder().decode(SessionRequest.self, from: value) }
  }

  private static func decoding(_ work: () throws -> SessionRequest) throws -> SessionRequest {
    do {
      return try work()
    } catch let error as JSONReadError {
      throw SessionRequestError(field: error.location ?? "body", message: error.problem)
    } catch let error as DecodingError {
      let failure = DecodingFailure(error)
      throw SessionRequestError(
        field: failure.isTopLevel ? "body" : failure.path, message: failure.problem)
    }
  }

  /// The longest session, in minutes: the seed types `sessionTimeout` as a number, and its backends keep
  /// it in a 32-bit integer; so bounded, `sessionExpiry` stays a valid RFC 3339 time (a four-digit year)
  /// for thousands of years to come.
  static let maximumSessionTimeout = Int(Int32.max)

  /// `sessionTimeout` as a number of minutes, exact (`1.5`, `120`, `1e2`), or nil when it is not one.
  var timeoutMinutes: Decimal? {
    Decimal(string: sessionTimeout.text, locale: Locale(identifier: "en_US_POSIX"))
  }

  /// How long the session lasts, to the millisecond (`sessionExpiry` is written in milliseconds); valid once
  /// `check()` accepted the request.
  var timeout: TimeInterval {
    let milliseconds = (timeoutMinutes ?? 0) * 60_000
    return TimeInterval(truncating: milliseconds as NSDecimalNumber) / 1000
  }

  /// Checks the seed's rules on the decoded values, in the order of its table; returns the amount, exact.
  func check() throws -> Money {
    try Self.text(merchant, field: "merchant", maximum: 20)
    try Self.text(site, field: "site", maximum: 20)
    try Self.text(merchantTransactionId, field: "merchantTransactionId", maximum: 50)
    guard let minutes = timeoutMinutes, minutes > 0, minutes <= Decimal(Self.maximumSessionTimeout) else {
      throw SessionRequestError(
        field: "sessionTimeout",
        message: "expected a number of minutes above 0 and at most \(Self.maximumSessionTimeout)")
    }
    try Self.choice(
      transactionMethod.intent.card, field: "transactionMethod.intent.card", from: Scenario.cardIntents)
    try Self.choice(
      transactionMethod.intent.paypal, field: "transactionMethod.intent.paypal", from: Scenario.paypalIntents)
    let currency: Currency
    switch Currency.parse(isoCode: amounts.currencyCode) {
    case .success(let found): currency = found
    case .failure(let problem):
      throw SessionRequestError(field: "amounts.currencyCode", message: problem.description)
    }
    let amount: Money
    switch AmountParser.parse(amounts.transactionValue.text, currency: currency) {
    case .success(let parsed): amount = parsed
    case .failure(let failure):
      throw SessionRequestError(field: "amounts.transactionValue", message: failure.description)
    }
    guard serviceType == "CheckoutDropIn" else {
      throw SessionRequestError(
        field: "serviceType", message: "must be \"CheckoutDropIn\" for Drop-in integrations")
    }
    return amount
  }

  private static func text(_ text: String, field: String, maximum: Int) throws {
    guard !text.isEmpty else {
      throw SessionRequestError(field: field, message: "expected a string of 1 to \(maximum) characters")
    }
    guard text.count <= maximum else {
      throw SessionRequestError(field: field, message: "is \(text.count) characters; at most \(maximum)")
    }
  }

  private static func choice(_ value: String, field: String, from allowed: [String]) throws {
    guard allowed.contains(value) else {
      throw SessionRequestError(field: field, message: "expected one of \(allowed.joined(separator: ", "))")
    }
  }
}
