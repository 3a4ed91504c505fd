/// What came back for a request: the payload of `CheckoutAction.answered`. The request's id says what it
/// answers; the engine drops an answer whose id it no longer waits for. Large answers are boxed, so that
/// actions stay small to copy.
public enum CheckoutAnswer: Equatable, Sendable {
  /// The merchant's `onBeforeSubmit` verdict.
  case beforeSubmit(BeforeSubmitVerdict)
  /// The merchant's update for a sheet callback.
  indirect case sheetUpdate(SheetUpdate)
  /// A timer ran out (PassKit's 30 seconds for an update).
  case timeLimitPassed
  /// The device check of `create()` landed.
  case deviceChecked
  /// What `onPreAuthorisation` returned.
  indirect case preAuthorisation(PreAuthorisationAnswer)
  /// The `/init` answer.
  indirect case applePayInit(ApplePayInitResponse)
  /// The PayPal order the gateway created.
  indirect case payPalOrder(PayPalOrder)
  /// The gateway's decision on an authorisation or a challenge.
  indirect case gateway(AuthorisationOutcome)
  /// The merchant hook gave no usable answer; the error stands for it.
  case merchantHookFailed(SdkError)

  /// A short name for the event pane.
  public var label: String {
    switch self {
    case .beforeSubmit: return "beforeSubmit"
    case .sheetUpdate: return "sheetUpdate"
    case .timeLimitPassed: return "timeLimitPassed"
    case .deviceChecked: return "deviceChecked"
    case .preAuthorisation: return "preAuthorisation"
    case .applePayInit: return "applePayInit"
    case .payPalOrder: return "payPalOrder"
    case .gateway: return "gateway"
    case .merchantHookFailed: return "merchantHookFailed"
    }
  }
}
