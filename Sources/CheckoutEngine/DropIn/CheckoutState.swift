import Foundation

/// The whole state of one simulated Drop-in checkout. The terminal draws it; `CheckoutReducer` changes it.
public struct CheckoutState: Equatable, Sendable {
  public let scenario: Scenario
  public var screen: CheckoutScreen = .methodList
  public var cardForm = CardForm()
  /// The merchant's message after `onBeforeSubmit` refused, shown on the form until the next submission.
  public var notice: String?
  /// A submission is waiting for the merchant's `onBeforeSubmit`.
  public var isAwaitingMerchant = false
  /// Every callback fired so far, in order.
  public var events: [CallbackEvent] = []
  /// How many submissions reached the gateway; part of each request's idempotency key.
  public var attempts = 0
  /// When the current gateway request started, for the spinner and the event pane.
  public var processingSince: Date?

  public init(scenario: Scenario) {
    self.scenario = scenario
  }

  /// The methods in the list, from the session.
  public var methods: [DropInPaymentMethod] { scenario.availableMethods }

  /// The amount to pay.
  public var total: Money { scenario.total }
}
