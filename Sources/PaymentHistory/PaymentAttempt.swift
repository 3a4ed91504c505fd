import CheckoutEngine
import Foundation

/// One payment attempt as the run history keeps it: from the payment's `onSubmit` (PayPal's and Paze's
/// `onBeforeSubmit`) to its `onSuccess`, `onError` or `onCancel`. It holds a card's last four or a wallet
/// card's name, never a full card number or a key.
public struct PaymentAttempt: Equatable, Sendable {
  /// How an attempt ended.
  public enum Outcome: String, CaseIterable, Sendable {
    /// `onSuccess`.
    case succeeded
    /// `onError`.
    case failed
    /// `onCancel`, PayPal's `PAYPAL_CANCELED`, or a wallet closed without a callback.
    case cancelled
    /// PayDrill ended (quit, SIGTERM, the end of a tape) before the attempt had its callback.
    case interrupted
    /// The gateway's answer never came (`GATEWAY_TIMEOUT`, `NETWORK_ERROR`): it may or may not have charged,
    /// and a retry of the payment keeps its idempotency key.
    case unknown
  }

  /// The ledger's row id; nil until the attempt is stored.
  public var id: Int64?
  /// The scenario's name (`acme-electronics`).
  public var scenario: String
  public var method: DropInPaymentMethod
  /// The card as the shopper knows it: "Visa ••••4242", a Wallet or Paze card's name, PayPal's funding.
  public var card: String?
  public var amount: Money
  public var outcome: Outcome
  public var errorCode: String?
  public var errorMessage: String?
  public var systemTransactionId: String?
  public var merchantTransactionId: String?
  /// The session the attempt paid in; nil in ledgers older than version 5.
  public var sessionId: String?
  /// The PSP's result code (`resultCode`, or Worldline's `status`) when the gateway reported one.
  public var resultCode: String?
  /// The tape whose replay (`paydrill play`) made the attempt; nil for a live one. A replay runs on the
  /// tape's clock, so its times are the recording's, not when it ran.
  public var replayOf: String?
  /// The seed of the run the attempt was made in (`--seed` repeats it); nil in ledgers older than version 4.
  public var seed: UInt64?
  public var startedAt: Date
  public var endedAt: Date
  /// The attempt's callbacks, one JSON object a line (`CallbackEvent.jsonLine()`). Empty in lists read from
  /// the ledger; filled when one attempt is read by its id.
  public var eventLines: [String]
  /// The attempt's callbacks as this run recorded them, before the ledger writes them as `eventLines`:
  /// encoding waits until there is a ledger to write to.
  public var events: [CallbackEvent] = []

  public init(
    id: Int64? = nil, scenario: String, method: DropInPaymentMethod, card: String?, amount: Money,
    outcome: Outcome, errorCode: String? = nil, errorMessage: String? = nil,
    systemTransactionId: String? = nil, merchantTransactionId: String? = nil, resultCode: String? = nil,
    startedAt: Date, endedAt: Date, eventLines: [String] = [], seed: UInt64? = nil, sessionId: String? = nil,
    replayOf: String? = nil
  ) {
    self.replayOf = replayOf
    self.seed = seed
    self.sessionId = sessionId
    self.id = id
    self.scenario = scenario
    self.method = method
    self.card = card
    self.amount = amount
    self.outcome = outcome
    self.errorCode = errorCode
    self.errorMessage = errorMessage
    self.systemTransactionId = systemTransactionId
    self.merchantTransactionId = merchantTransactionId
    self.resultCode = resultCode
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.eventLines = eventLines
  }
}
