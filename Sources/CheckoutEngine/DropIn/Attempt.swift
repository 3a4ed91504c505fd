import Foundation

/// A payment attempt as the engine tells it: when it started, what it paid with and how much, and how it
/// ended. The engine says so with `CheckoutEffect.attempt` when an attempt starts (in flight) and when it
/// ends; the run history records that, and nothing reconstructs attempts from the event log.
///
/// An attempt starts with `onSubmit` (card, Apple Pay) or an allowed `onBeforeSubmit` (PayPal and Paze,
/// which fire no `onSubmit`), and ends with the method's `onSuccess`, `onError` or `onCancel`, a wallet
/// closed without a callback, or the end of the run.
public struct Attempt: Equatable, Sendable {
  /// How an attempt ended.
  public enum Ending: Equatable, Sendable {
    case succeeded(DropInSubmitResult)
    /// A definite failure: the gateway declined, a rule refused, a sheet update never came.
    case failed(SdkError)
    /// The shopper cancelled (the sheet's `onCancel`, PayPal's `PAYPAL_CANCELED`, Paze closed).
    case cancelled(code: String?, message: String)
    /// The gateway's answer never came (`GATEWAY_TIMEOUT`, `NETWORK_ERROR`): it may have charged; a retry
    /// keeps the payment's idempotency key.
    case unknown(SdkError)
    /// The run ended first (quit, a signal, the end of a tape).
    case interrupted
  }

  /// The attempt's place in the run: 1, 2, …
  public var number: Int
  /// The scenario's name and the merchant's transaction id, as the run history files the attempt.
  public var scenario: String
  public var merchantTransactionId: String
  /// The session it pays in (a backend's session of `paydrill serve` is looked up by it).
  public var sessionId: String = ""
  public var method: DropInPaymentMethod
  /// What pays, as the shopper knows it: "Visa ••••4242", a Wallet or Paze card's name, PayPal's funding.
  public var paidWith: String?
  public var amount: Money
  public var startedAt: Date
  /// How it ended; nil while it is in flight.
  public var ending: Ending?
  public var endedAt: Date?
  /// The PSP's result code (`resultCode`, or Worldline's `status`) when the gateway reported one.
  public var resultCode: String?
  /// Where the attempt's callbacks begin in the checkout's events (its method's `onBeforeSubmit`).
  public var firstEvent: Int
  /// The attempt's callbacks (its method's, and those of no method), as of the last time it was told.
  public var events: [CallbackEvent] = []
}
