/// An error as the SDK reports it to `onError` (`BaseSdkException`): a code and the SDK's message.
public struct SdkError: Equatable, Sendable, Error {
  public var errorCode: String
  public var errorMessage: String

  public init(errorCode: String, errorMessage: String) {
    self.errorCode = errorCode
    self.errorMessage = errorMessage
  }

  /// Whether the error ends the session, so that nothing more can be paid in it: it was paid already
  /// (`SESSION_SPENT`) or it expired (`SESSION_EXPIRED`). "Try again" cannot work after it, nor another
  /// method; a new checkout (in a new session) can.
  public var endsTheSession: Bool { ["SESSION_SPENT", "SESSION_EXPIRED"].contains(errorCode) }

  /// The error as a callback's payload: `errorCode`, then `errorMessage`.
  public var eventDetails: [EventDetail] {
    [EventDetail("errorCode", .string(errorCode)), EventDetail("errorMessage", .string(errorMessage))]
  }

  /// `onError`'s payload for a method: for Apple Pay, the configuration's `onError` also reads the error's
  /// `domain`, `code` and `localizedDescription` (`ApplePayError`).
  public func eventDetails(for method: DropInPaymentMethod?) -> [EventDetail] {
    eventDetails + (method == .applePay ? ApplePayError(self).eventDetails : [])
  }

  /// The message a merchant following the seed's `onError` example shows the shopper for this code.
  public var shopperMessage: String { shopperMessage(in: .english) }

  /// The shopper's message in a locale: the seed's three generic messages are translated, Paze's stay as the
  /// seed writes them.
  public func shopperMessage(in localisation: Localisation) -> String {
    switch errorCode {
    case "CARD_DECLINED": return localisation.text(.cardDeclinedMessage)
    case "INSUFFICIENT_FUNDS": return localisation.text(.insufficientFundsMessage)
    case "SDK1122": return "Paze is unavailable. Please choose another payment method."
    case "SDK1123": return "Paze payment failed. Please try again."
    case "SDK1124": return "Paze is only available for e-commerce checkout."
    case "SDK0118": return "Paze client ID is missing from the session."
    case "SDK1202A": return "Paze merchant category code is missing from the session."
    case "SDK1203", "SDK1204", "SDK1205": return "Paze merchant display configuration is too long."
    case "SDK1209", "SDK1210", "SDK1211", "SDK1212": return "Invalid shopper details for Paze."
    case "SDK1213": return "Paze only supports USD transactions."
    default: return localisation.text(.paymentFailedMessage)
    }
  }
}
