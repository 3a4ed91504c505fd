import CheckoutEngine
import Foundation
import GatewaySimulator

/// One answer line of the merchant hook, read into the engine's values with the seed's field names. Amounts
/// are strings in the checkout's currency ("12.99", "-9.99" for a discount line), parsed exactly; anything
/// the callback does not take throws `MERCHANT_HOOK_PROTOCOL_ERROR`.
struct MerchantHookAnswer {
  /// The callback answered, for error messages.
  let callback: String
  let currency: Currency
  private let object: [String: Any]
  private let line: Data

  /// The error kinds, as PassKit's errors are named (`paymentShippingAddressInvalidError` is
  /// `shippingContactInvalid` with `field: postalAddress`), and as PayDrill names them.
  private static let errorKinds: [String: SheetError.Kind] = [
    "shippingContactInvalid": .contactInvalid, "shippingAddressUnserviceable": .addressUnserviceable,
    "billingContactInvalid": .billingAddressInvalid, "couponCodeInvalid": .couponCodeInvalid,
    "shippingAddressInvalid": .shippingAddressInvalid,
    "addressUnserviceable": .addressUnserviceable, "contactInvalid": .contactInvalid,
    "billingAddressInvalid": .billingAddressInvalid,
  ]

  init(line: Data, callback: String, currency: Currency) {
    self.callback = callback
    self.currency = currency
    // Every string the hook wrote passes the plugins' masking before anything shows, stores or exports it:
    // a card number in a label or a message is cut to its last four.
    let line = CardDataMask(nil).masking(line: line)
    self.line = line
    // The process only hands over lines that are JSON objects.
    object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] ?? [:]
  }

  /// `onBeforeSubmit`: `{"allow": true}` or `{"allow": false, "message": "…"}`.
  func verdict() throws(SdkError) -> BeforeSubmitVerdict {
    guard let allow = StrictJSON.boolean(object["allow"]) else {
      throw refusal(expected: "\"allow\": true or false")
    }
    return BeforeSubmitVerdict(allowed: allow, message: try string("message", in: object))
  }

  /// A sheet update: `paymentSummaryItems` (the last is the total; none keeps the sheet's), `errors`, and
  /// `shippingMethods` (missing keeps the sheet's).
  func sheetUpdate() throws(SdkError) -> SheetUpdate {
    let items = try list("paymentSummaryItems").map { item throws(SdkError) in
      SummaryItem(
        label: try required("label", in: item), amount: try amount("amount", in: item, signed: true),
        type: try summaryItemType(item))
    }
    var methods: [ShippingMethod]?
    if let value = object["shippingMethods"], !(value is NSNull) {
      methods = try list("shippingMethods").map { method throws(SdkError) in
        ShippingMethod(
          identifier: try required("identifier", in: method), label: try required("label", in: method),
          detail: try string("detail", in: method) ?? "",
          amount: try amount("amount", in: method, signed: false))
      }
    }
    return SheetUpdate(errors: try errors(), shippingMethods: methods, paymentSummaryItems: items)
  }

  /// `onPreAuthorisation`: the fields of `ApplePayTransactionInitData` (`addressVerification`,
  /// `threeDSecureData`, `identityVerification`, `riskScreeningData`), or `errors` that send the shopper back
  /// to the sheet.
  func preAuthorisation() throws(SdkError) -> PreAuthorisationAnswer {
    let data: ApplePayTransactionInitData
    do {
      data = try JSONDecoder().decode(ApplePayTransactionInitData.self, from: line)
    } catch {
      throw refusal(expected: "the fields of ApplePayTransactionInitData (\(Self.describe(error)))")
    }
    let errors = try errors()
    let isEmpty =
      data.threeDSecureData == nil && data.addressVerification == nil && data.identityVerification == nil
      && data.riskScreeningData == nil
    return PreAuthorisationAnswer(data: errors.isEmpty && !isEmpty ? data : nil, errors: errors)
  }

  private func errors() throws(SdkError) -> [SheetError] {
    try list("errors").map { error throws(SdkError) in
      let name = try required("kind", in: error)
      guard var kind = Self.errorKinds[name] else {
        let names = Self.errorKinds.keys.sorted().joined(separator: ", ")
        throw refusal(expected: "an error \"kind\" among \(names)")
      }
      var field: ContactField?
      if let fieldName = try string("field", in: error) {
        guard let known = ContactField(rawValue: fieldName) else {
          let names = ContactField.allCases.map(\.rawValue).joined(separator: ", ")
          throw refusal(expected: "an error \"field\" among \(names)")
        }
        field = known
      }
      // PassKit's shippingContactInvalid covers the address as well as the name, phone and email.
      if name == "shippingContactInvalid", field == nil || field == .postalAddress {
        kind = .shippingAddressInvalid
      }
      return SheetError(kind: kind, field: field, message: try required("message", in: error))
    }
  }

  private func summaryItemType(_ item: [String: Any]) throws(SdkError) -> SummaryItemType {
    guard let name = try string("type", in: item) else { return .final }
    guard let type = SummaryItemType(rawValue: name) else {
      throw refusal(expected: "a summary item \"type\" of final or pending")
    }
    return type
  }

  /// The objects of the list at `key`; missing or null is empty.
  private func list(_ key: String) throws(SdkError) -> [[String: Any]] {
    guard let value = object[key], !(value is NSNull) else { return [] }
    guard let list = value as? [Any], let objects = list as? [[String: Any]] else {
      throw refusal(expected: "\"\(key)\" as a list of objects")
    }
    return objects
  }

  private func string(_ key: String, in object: [String: Any]) throws(SdkError) -> String? {
    guard let value = object[key], !(value is NSNull) else { return nil }
    guard let text = value as? String else { throw refusal(expected: "\"\(key)\" as a string") }
    return text
  }

  private func required(_ key: String, in object: [String: Any]) throws(SdkError) -> String {
    guard let text = try string(key, in: object) else { throw refusal(expected: "\"\(key)\"") }
    return text
  }

  /// An amount written as a string ("12.99"), exact in the currency's exponent; a summary item may be
  /// negative (a discount).
  private func amount(_ key: String, in object: [String: Any], signed: Bool) throws(SdkError) -> Money {
    guard let text = try string(key, in: object) else {
      throw refusal(expected: "\"\(key)\" as a string, like \"12.99\"")
    }
    let negative = signed && text.hasPrefix("-")
    switch AmountParser.parse(negative ? String(text.dropFirst()) : text, currency: currency) {
    case .success(let money):
      return negative ? Money(minorUnits: -money.minorUnits, currency: currency) : money
    case .failure(let failure):
      throw refusal(expected: "\"\(key)\" as an amount \(currency.code) can have: \(failure)")
    }
  }

  private func refusal(expected: String) -> SdkError {
    MerchantHookError.protocolError(
      callback: callback, expected: expected, got: String(decoding: line, as: UTF8.self))
  }

  private static func describe(_ error: Error) -> String {
    guard let decoding = error as? DecodingError else { return "\(error)" }
    switch decoding {
    case .keyNotFound(let key, let context):
      return "missing \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    @unknown default:
      return "\(decoding)"
    }
  }
}
