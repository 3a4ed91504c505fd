import Foundation

/// The whole state of one simulated Drop-in checkout. The terminal draws it; `CheckoutReducer` changes it.
public struct CheckoutState: Equatable, Sendable {
  /// The scenario the checkout runs, read where it is shared: the state is copied and borrowed on every
  /// action, and the scenario held inline was over half of its 2.6 kB.
  public var scenario: Scenario {
    _read { yield scenarioStorage.scenario }
  }
  private let scenarioStorage: SharedScenario
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
  public var events: EventLog = []
  /// How many submissions reached the gateway.
  public var attempts = 0
  /// How many payments were started; part of each payment's idempotency key.
  public var payments = 0
  /// The run's part of each payment's idempotency key, drawn from the run's seed
  /// (`TransactionIdentifiers.runTag`): keys differ from one run to the next, as a real SDK's do, unless the
  /// run repeats a seed (`--seed`). Empty, keys are `merchantTransactionId-N`.
  public var runTag = ""
  /// The payment whose outcome is unknown (a timeout): a retry of it keeps its idempotency key.
  public var openPayment: OpenPayment?
  /// The payment attempt in flight, if any (the engine tells the ledger when it starts and ends).
  public var attempt: Attempt?
  /// How many attempts started in this run.
  public var attemptNumber = 0
  /// Where the next attempt's callbacks may begin: after the last attempt's end.
  public var attemptEventsStart = 0
  /// The requests made of the outside world and still waited for.
  public var requests = RequestBook()
  /// The Apple Pay sheet, while it is open (it lives in the screen: `.applePaySheet(sheet)`). Changed in
  /// place: the sheet is taken out of the screen while it changes, so its arrays are never copied.
  /// Setting nil closes it to the method list.
  public var applePaySheet: ApplePaySheet? {
    get {
      if case .applePaySheet(let sheet) = screen { return sheet }
      return nil
    }
    _modify {
      guard screen.isApplePaySheet else {
        var none: ApplePaySheet?
        yield &none
        if let none { screen = .applePaySheet(none) }
        return
      }
      // Moved out of the screen, not copied: with a second copy of the sheet alive, its arrays would be
      // shared, and every change would copy them.
      var taken = CheckoutScreen.methodList
      swap(&taken, &screen)
      var open: ApplePaySheet?
      if case .applePaySheet(let sheet) = consume taken { open = sheet }
      defer {
        if let sheet = open.take() { screen = .applePaySheet(sheet) } else { screen = .methodList }
      }
      yield &open
    }
  }
  /// The callback the open sheet waits for, read where the sheet lies (asked on every answer of the sheet's
  /// callbacks).
  public var pendingSheetUpdate: ApplePaySheet.PendingUpdate? {
    guard case .applePaySheet(let sheet) = screen else { return nil }
    return sheet.pendingUpdate
  }
  /// The Apple Pay method's state once the checkout is created; nil before `create()`.
  public var applePayState: ApplePayMethodState? {
    didSet { sheetCards = Self.sheetCards(eligibleCards, applePayState) }
  }
  /// The label of the Apple Pay sheet's total line: the configured total's, else the merchant `/init` named,
  /// else the session's `merchantName` (the plugin's configured one).
  public var sheetTotalLabel: String? {
    var named: String?
    if case .ready(let response)? = applePayState { named = response.merchantName }
    return scenario.applePay?.totalLabel(
      initMerchantName: named,
      sessionMerchantName: scenario.session.allowedFundingTypes.wallets.applePay?.merchantName)
  }
  /// The Wallet cards the sheet offers: those the configuration accepts, less networks `/init` left out
  /// (worked out when the method's state changes, not on every action).
  public private(set) var sheetCards: [WalletCard]
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

  /// The methods the session offers, worked out once (the list is read on every action).
  private let offeredMethods: [DropInPaymentMethod]
  /// When the session expires, parsed once (every submission asks).
  public let sessionExpiry: Date?
  /// The Wallet cards the configuration accepts, worked out once.
  private let eligibleCards: [WalletCard]

  public init(scenario: Scenario) {
    scenarioStorage = SharedScenario(scenario)
    offeredMethods = scenario.availableMethods
    sessionExpiry = scenario.session.expiry
    eligibleCards = scenario.applePay?.eligibleCards ?? []
    sheetCards = eligibleCards
    localisation = Localisation(locale: scenario.locale, overrides: scenario.localisation)
    device = scenario.applePay?.device ?? ApplePayDevice()
  }

  /// A new checkout of the same scenario on the same device, after one that was paid: what the scenario
  /// gives is kept as worked out, everything of the checkout starts again.
  public init(following previous: CheckoutState) {
    scenarioStorage = previous.scenarioStorage
    localisation = previous.localisation
    offeredMethods = previous.offeredMethods
    sessionExpiry = previous.sessionExpiry
    eligibleCards = previous.eligibleCards
    sheetCards = eligibleCards
    device = previous.device
  }

  /// Whether no payment is under way: on the method list or a result (or refused at initialisation), no
  /// attempt in flight and no merchant's answer awaited. A backend's new session opens only then.
  public var isAtRest: Bool {
    guard attempt == nil, !isAwaitingMerchant else { return false }
    switch screen {
    case .methodList, .result, .initialisationFailed, .methodUnavailable, .applePaySetUp: return true
    case .cardForm, .processing, .applePaySheet, .payPalApproval, .pazeCheckout, .threeDSChallenge:
      return false
    }
  }

  /// The methods in the list: those the session offers, less Apple Pay on a device that cannot pay
  /// (`PLUGIN_INCOMPATIBLE` is filtered).
  public var methods: [DropInPaymentMethod] {
    // A pattern, not `==`: comparing states copies and compares the `/init` answer a ready state holds.
    guard case .pluginIncompatible = applePayState else { return offeredMethods }
    return offeredMethods.filter { $0 != .applePay }
  }

  /// Whether the session offers a method, whatever the device can do: read from the methods worked out
  /// once (the scenario works them out again on every call, and `create()` asks after every payment).
  public func offers(_ method: DropInPaymentMethod) -> Bool { offeredMethods.contains(method) }

  /// The card form's fields: the billing postcode too when the merchant verifies addresses.
  public var cardFields: [CardField] {
    CardField.shown(collectingPostcode: scenario.gateway.addressVerification.collectPostcode)
  }

  /// The amount to pay.
  public var total: Money { scenario.total }

  private static func sheetCards(_ eligible: [WalletCard], _ state: ApplePayMethodState?) -> [WalletCard] {
    guard case .ready(let response)? = state else { return eligible }
    return eligible.filter { response.allows($0) }
  }

  /// What the shopper is paying: what was paid on the Paid screen, what is being paid while processing, the
  /// Apple Pay sheet's total while it is open, else the order's.
  public var paidAmount: Money {
    switch screen {
    case .result(.success(let receipt)): return receipt.amount
    case .processing(let submission): return submission.amount
    case .applePaySheet(let sheet): return sheet.total?.amount ?? total
    default: return total
    }
  }

  /// The method paying, as the result screen names it.
  public var paidMethodName: String {
    switch screen {
    case .result(.success(let receipt)): return receipt.method.paidName
    case .processing(let submission): return submission.method.paidName
    case .applePaySheet: return DropInPaymentMethod.applePay.paidName
    default: return DropInPaymentMethod.card.paidName
    }
  }

  /// The idempotency key of a payment about to go to the gateway: the open payment's when this is a retry of
  /// it (same method and amount), else a new payment's.
  mutating func idempotencyKey(for method: DropInPaymentMethod, amount: Money) -> String {
    if let open = openPayment, open.method == method, open.amount == amount { return open.idempotencyKey }
    payments += 1
    let key =
      runTag.isEmpty
      ? "\(scenario.merchantTransactionId)-\(payments)"
      : "\(scenario.merchantTransactionId)-\(runTag)-\(payments)"
    openPayment = OpenPayment(idempotencyKey: key, method: method, amount: amount)
    return key
  }

  /// What pays, as the shopper knows it: the submission's or the receipt's, the sheet's Wallet card, else
  /// the card form's card ("Visa •••• 4242").
  public var paidWith: String {
    switch screen {
    case .processing(let submission): return submission.paidWith
    case .result(.success(let receipt)): return receipt.paidWith
    case .applePaySheet(let sheet) where sheet.card != nil: return sheet.card?.displayName ?? ""
    default:
      let number = CardNumber(digits: cardForm.number)
      return "\(number.scheme?.displayName ?? "Card") \(number.masked)"
    }
  }
}
