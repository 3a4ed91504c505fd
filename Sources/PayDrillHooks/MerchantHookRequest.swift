import CheckoutEngine
import Foundation

/// The fields of the requests the merchant hook answers (`id` and `type` are added when sent), with the
/// seed's names; contacts, shipping methods and summary items are written as the scenario writes them,
/// amounts as strings ("49.99").
struct MerchantHookRequest {
  let scenario: Scenario

  /// `onBeforeSubmit`: `paymentMethod` ("card", "paypal", "applePay", "paze"), `amount`, `currencyCode`.
  func beforeSubmit(_ method: DropInPaymentMethod) -> Data {
    Self.data(
      [
        "paymentMethod": method.rawValue, "amount": scenario.total.plainString,
        "currencyCode": scenario.currency.code,
      ])
  }

  /// A sheet update: the callback's own argument (`contact`, `method`, `paymentMethod` or `couponCode`), what
  /// the sheet holds (`sheet`), and the order it prices (`paymentItems`, `currencyCode`,
  /// `merchantDisplayName`, and `totalLabel`, the label of the sheet's total line).
  func sheetUpdate(_ kind: ApplePaySheet.PendingUpdate, selections: SheetSelections) -> Data {
    let contact = selections.shippingContact.map(Self.json) ?? NSNull()
    let method = selections.shippingMethod.map(Self.json) ?? NSNull()
    let card = selections.card.map(Self.json(card:)) ?? NSNull()
    var fields: [String: Any] = [
      "sheet": [
        "shippingContact": contact, "shippingMethod": method, "paymentMethod": card,
        "couponCode": selections.couponCode,
      ] as [String: Any],
      "paymentItems": scenario.applePay.map { Self.json($0.paymentItems) } ?? [Any](),
      "currencyCode": scenario.applePay?.currencyCode.code ?? scenario.currency.code,
      "merchantDisplayName": scenario.applePay?.merchantDisplayName ?? scenario.merchantName,
      "totalLabel": selections.totalLabel ?? scenario.applePay?.totalLabel ?? scenario.merchantName,
    ]
    switch kind {
    case .shippingContact: fields["contact"] = contact
    case .shippingMethod: fields["method"] = method
    case .paymentMethod: fields["paymentMethod"] = card
    case .couponCode: fields["couponCode"] = selections.couponCode
    }
    return Self.data(fields)
  }

  /// `onPreAuthorisation`: the full `shippingContact` the shopper authorised (or null), `amount`,
  /// `currencyCode`.
  func preAuthorisation(shippingContact: Contact?) -> Data {
    Self.data(
      [
        "shippingContact": shippingContact.map(Self.json) ?? NSNull(), "amount": scenario.total.plainString,
        "currencyCode": scenario.currency.code,
      ])
  }

  /// A Wallet card as `PKPaymentMethod` shows it: `displayName`, `network`, `type` (never the number).
  private static func json(card: WalletCard) -> Any {
    ["displayName": card.displayName, "network": card.network.rawValue, "type": card.type.rawValue]
  }

  /// A value as `JSONSerialization` holds it, written by its `Encodable` conformance.
  private static func json<Value: Encodable>(_ value: Value) -> Any {
    (try? JSONEncoder().encode(value)).flatMap { try? JSONSerialization.jsonObject(with: $0) } ?? NSNull()
  }

  private static func data(_ fields: [String: Any]) -> Data {
    (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
  }
}
