import Foundation

/// The whole state of one simulated Drop-in checkout. The terminal draws it; `CheckoutReducer` changes it.
public struct CheckoutState: Equatable, Sendable {
  public let scenario: Scenario
  /// The shopper's texts, in the scenario's locale with its `localisation` over them.
  public let localisation: Localisation
  public var screen: CheckoutScreen = .methodList
  public var cardForm = CardForm()
  /// The merchant's message after `onBeforeSubmit` refused, shown on the form until the next submission.
  public var notice: String?
  /// The method whose submission is waiting for the merchant's `onBeforeSubmit`; only its answer is taken.
  public var awaitingMerchant: DropInPaymentMethod?
  /// A submission is waiting for the merchant's `onBeforeSubmit`.
  public var isAwaitingMerchant: Bool { awaitingMerchant != nil }
  /// Every callback fired so far, in order.
  public var events: [CallbackEvent] = []
  /// How many submissions reached the gateway.
  public var attempts = 0
  /// How many payments were started; part of each payment's idempotency key.
  public var payments = 0
  /// The payment whose outcome is unknown (a timeout): a retry of it keeps its idempotency key.
  public var openPayment: OpenPayment?
  /// The requests made of the outside world and still waited for.
  public var requests = RequestBook()
  /// When the current gateway request started, for the spinner and the event pane.
  public var processingSince: Date?
  /// The PayPal order the buyer approved, and with what.
  public var payPal: PayPalApproval?
  /// The Paze wallet card the shopper chose.
  public var pazeCard: PazeCard?
  /// The Apple Pay sheet, while it is open or processing.
  public var applePaySheet: ApplePaySheet?
  /// The Apple Pay method's state once the checkout is created; nil before `create()`.
  public var applePayState: ApplePayMethodState?
  /// What the simulated device can do.
  public var device: ApplePayDevice
  /// Counts `create()`s, so that a `/init` answer for an earlier device is recognised and ignored.
  public var applePayGeneration = 0
  /// 1 for the scenario's session; each new checkout after a successful payment gets a new session.
  public var sessionNumber = 1

  /// The session this checkout pays in: the scenario's, then `…-2`, `…-3` after successful payments.
  public var sessionId: String {
    sessionNumber == 1 ? scenario.session.sessionId : "\(scenario.session.sessionId)-\(sessionNumber)"
  }

  public init(scenario: Scenario) {
    self.scenario = scenario
    localisation = Localisation(locale: scenario.locale, overrides: scenario.localisation)
    device = scenario.applePay?.device ?? ApplePayDevice()
  }

  /// The methods in the list: those the session offers, less Apple Pay on a device that cannot pay
  /// (`PLUGIN_INCOMPATIBLE` is filtered).
  public var methods: [DropInPaymentMethod] {
    scenario.availableMethods.filter { $0 != .applePay || applePayState != .pluginIncompatible }
  }

  /// The card form's fields: the billing postcode too when the merchant verifies addresses.
  public var cardFields: [CardField] {
    CardField.shown(collectingPostcode: scenario.gateway.addressVerification.collectPostcode)
  }

  /// The amount to pay.
  public var total: Money { scenario.total }

  /// The Wallet cards the sheet offers: those the configuration accepts, less networks `/init` left out.
  public var sheetCards: [WalletCard] {
    guard let configuration = scenario.applePay else { return [] }
    guard case .ready(let response)? = applePayState else { return configuration.eligibleCards }
    return configuration.eligibleCards.filter { response.allows($0.network) }
  }

  /// What the shopper is paying: what was paid on the Paid screen, the Apple Pay sheet's total while it is
  /// open, else the order's.
  public var paidAmount: Money {
    if case .result(.success(let receipt)) = screen { return receipt.amount }
    return applePaySheet?.total?.amount ?? total
  }

  /// The method paying, as the result screen names it.
  public var paidMethodName: String {
    if case .result(.success(let receipt)) = screen { return receipt.methodName }
    return applePaySheet != nil ? "Apple Pay" : payPal != nil ? "PayPal" : pazeCard != nil ? "Paze" : "Card"
  }

  /// The idempotency key of a payment about to go to the gateway: the open payment's when this is a retry of
  /// it (same method and amount), else a new payment's.
  mutating func idempotencyKey(for method: DropInPaymentMethod, amount: Money) -> String {
    if let open = openPayment, open.method == method, open.amount == amount { return open.idempotencyKey }
    payments += 1
    let key = "\(scenario.merchantTransactionId)-\(payments)"
    openPayment = OpenPayment(idempotencyKey: key, method: method, amount: amount)
    return key
  }

  /// The card paying, as the shopper knows it: "Visa •••• 4242" (a Wallet card's name for Apple Pay).
  public var paidWith: String {
    if let card = applePaySheet?.card { return card.displayName }
    if let payPal {
      return "\(payPal.funding == .paylater ? "Pay Later" : "PayPal balance") · \(payPal.orderId)"
    }
    if screen == .processing(.paypal) { return "PayPal" }
    if let pazeCard { return pazeCard.label }
    let number = CardNumber(digits: cardForm.number)
    return "\(number.scheme?.displayName ?? "Card") \(number.masked)"
  }
}
