import CheckoutEngine

extension ServerSession {
  /// The checkout a backend's session opens: the base scenario's merchant rules, device and wallet, with
  /// what the session says in place of the scenario's own: its id and keys, its expiry and
  /// `allowedFundingTypes`, its amount and currency (one line, the whole amount), its intents,
  /// `merchantTransactionId` and `allowTransaction` (`false`: no payment proceeds); the session is the backend's (after its payment, the checkout does not make up
  /// the next). The Apple Pay sheet shows the same amount: the merchant's pricing rules (shipping rates,
  /// taxes, coupons) are left out, since the backend fixed the amount.
  public func scenario(over base: Scenario) -> Scenario {
    var scenario = base
    scenario.merchantName = merchant
    scenario.currency = amount.currency
    scenario.items = [LineItem(name: "Order \(merchantTransactionId)", quantity: 1, unitPrice: amount)]
    scenario.merchantTransactionId = merchantTransactionId
    scenario.cardIntent = cardIntent
    scenario.paypalIntent = paypalIntent
    scenario.session = data
    scenario.sessionOrigin = .merchantBackend
    scenario.allowTransaction = allowTransaction
    if var applePay = scenario.applePay {
      applePay.currencyCode = amount.currency
      applePay.paymentItems = [SummaryItem(label: "Order", amount: amount)]
      applePay.totalPaymentItem = applePay.totalPaymentItem.map {
        SummaryItem(label: $0.label, amount: amount)
      }
      applePay.shippingMethods = []
      applePay.recurringRequest = nil
      applePay.deferredPaymentRequest = nil
      applePay.automaticReloadPaymentRequest = nil
      applePay.rules = MerchantRules()
      scenario.applePay = applePay
    }
    return scenario
  }
}
