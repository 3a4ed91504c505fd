import CheckoutEngine

/// Money invariants: the order's total and the Apple Pay sheet's total are the exact sums of their items in
/// minor units, and every amount an event carries has at most its currency's decimals.
public enum FuzzAmountCheck {
  /// The order total against its line items, summed here independently of `Scenario.total`.
  public static func orderTotal(_ state: CheckoutState) -> FuzzViolation? {
    var sum: Int64 = 0
    for item in state.scenario.items {
      guard item.unitPrice.currency == state.total.currency else {
        return FuzzViolation(.totals, "item \"\(item.name)\" is in \(item.unitPrice.currency.code)")
      }
      sum += item.unitPrice.minorUnits * Int64(item.quantity)
    }
    guard sum == state.total.minorUnits else {
      return FuzzViolation(
        .totals, "order total \(state.total.plainString) but the items add up to \(sum) minor units")
    }
    return nil
  }

  /// The sheet's total (its last summary item) against the other items, unless the sheet itself reports the
  /// mismatch as the merchant's configuration or update problem (which blocks paying).
  public static func sheetTotal(_ state: CheckoutState) -> FuzzViolation? {
    guard let sheet = state.applePaySheet, let total = sheet.total else { return nil }
    let items = sheet.summaryItems.dropLast()
    if let odd = items.first(where: { $0.amount.currency != total.amount.currency }) {
      return FuzzViolation(.totals, "sheet item \"\(odd.label)\" is in \(odd.amount.currency.code)")
    }
    let sum = items.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
    // The seed's totals stop at zero: a larger discount leaves nothing to pay.
    guard max(0, sum) != total.amount.minorUnits else { return nil }
    if sheet.configurationProblem == nil, sheet.updateProblem == nil {
      return FuzzViolation(
        .totals,
        "sheet total \(total.amount.plainString) but its items add up to \(sum) minor units, and no problem is shown"
      )
    }
    if sheet.phase == .processing {
      return FuzzViolation(.totals, "the sheet authorised a total that is not the sum of its items")
    }
    return nil
  }

  /// Every amount in an event's payload (`amount`, `…Amount`) against its currency's exponent: the event's
  /// `currency`, else the Apple Pay configuration's for Apple Pay, else the scenario's.
  public static func eventAmounts(_ event: CallbackEvent, scenario: Scenario) -> FuzzViolation? {
    let code = event["currency"]?.description
    let currency =
      code.flatMap(Currency.init(code:))
      ?? (event.method == .applePay ? scenario.applePay?.currencyCode : nil) ?? scenario.currency
    for detail in event.details {
      let name = detail.key.split(separator: ".").last.map(String.init) ?? detail.key
      guard name == "amount" || name.hasSuffix("Amount"), case .string(let text) = detail.value else {
        continue
      }
      let parts = text.drop(while: { $0 == "-" }).split(separator: ".", omittingEmptySubsequences: false)
      let wellFormed =
        (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
      let decimals = parts.count == 2 ? parts[1].count : 0
      guard wellFormed, decimals <= currency.exponent else {
        return FuzzViolation(
          .amounts,
          "\(event.name.rawValue) \(detail.key)=\(text) in \(currency.code) (\(currency.exponent) decimals)")
      }
    }
    return nil
  }
}

extension Character {
  /// An ASCII digit, 0 to 9 (not any Unicode number).
  var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
