/// Where the shopper is in the Drop-in.
///
/// The screen is copied and switched over on every action, so it stays small: the cases whose data is large
/// (a submission, a receipt, a 3-D Secure challenge with its authorisation request) hold it `indirect`, in an
/// immutable shared box, and the Apple Pay sheet, which changes in place, is itself a single reference.
public enum CheckoutScreen: Equatable, Sendable {
  /// The list of methods the session offers.
  case methodList
  /// The card form.
  case cardForm
  /// The gateway is working on a submission.
  indirect case processing(Submission)
  /// The submission ended.
  indirect case result(PaymentOutcome)
  /// `CheckoutDropIn(config:)` refused the session: nothing can be paid (`onError(nil, …)` fired).
  indirect case initialisationFailed(SdkError)
  /// The Apple Pay sheet is open over the Drop-in, with everything on it.
  case applePaySheet(ApplePaySheet)
  /// The simulated "Set up Apple Pay" screen the set-up button opens (no card for the supported networks).
  case applePaySetUp
  /// The simulated PayPal approval page (the buyer on PayPal.com) for an order.
  indirect case payPalApproval(PayPalOrder)
  /// The simulated Paze checkout: the shopper picks a card from their Paze wallet.
  case pazeCheckout
  /// The simulated issuer's 3-D Secure challenge: the shopper types the one-time code.
  indirect case threeDSChallenge(ThreeDSecureChallenge)
  /// A method this build does not complete yet.
  case methodUnavailable(DropInPaymentMethod)

  /// Whether the Apple Pay sheet is open.
  public var isApplePaySheet: Bool {
    if case .applePaySheet = self { return true }
    return false
  }

  /// The method whose submission the gateway is working on, while it is.
  public var processingMethod: DropInPaymentMethod? {
    if case .processing(let submission) = self { return submission.method }
    return nil
  }

  /// Which screen this is, without its data.
  public enum Kind: Equatable, Sendable {
    case methodList, cardForm, processing, result, initialisationFailed, applePaySheet, applePaySetUp
    case payPalApproval, pazeCheckout, threeDSChallenge, methodUnavailable
  }

  /// Which screen this is: two screens of one kind are the same place with other data.
  public var kind: Kind {
    switch self {
    case .methodList: return .methodList
    case .cardForm: return .cardForm
    case .processing: return .processing
    case .result: return .result
    case .initialisationFailed: return .initialisationFailed
    case .applePaySheet: return .applePaySheet
    case .applePaySetUp: return .applePaySetUp
    case .payPalApproval: return .payPalApproval
    case .pazeCheckout: return .pazeCheckout
    case .threeDSChallenge: return .threeDSChallenge
    case .methodUnavailable: return .methodUnavailable
    }
  }
}
