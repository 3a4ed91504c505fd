/// What `onSuccess` receives (`DropInSubmitResult`): the identifiers the merchant verifies on its backend.
public struct DropInSubmitResult: Equatable, Sendable {
  public var systemTransactionId: String
  public var merchantTransactionId: String
}

/// How a submission ended.
public enum PaymentOutcome: Equatable, Sendable {
  /// Paid: the receipt of the attempt that succeeded.
  case success(Receipt)
  /// Not paid: the method, the SDK's error and the amount that attempt asked for, so the failure screen
  /// says what was not charged.
  case failure(method: DropInPaymentMethod, error: SdkError, amount: Money)
}
