/// What `onSuccess` receives (`DropInSubmitResult`): the identifiers the merchant verifies on its backend.
public struct DropInSubmitResult: Equatable, Sendable {
  public var systemTransactionId: String
  public var merchantTransactionId: String

  public init(systemTransactionId: String, merchantTransactionId: String) {
    self.systemTransactionId = systemTransactionId
    self.merchantTransactionId = merchantTransactionId
  }
}

/// How a submission ended.
public enum PaymentOutcome: Equatable, Sendable {
  /// Paid: the receipt of the attempt that succeeded.
  case success(Receipt)
  case failure(method: DropInPaymentMethod, error: SdkError)
}
