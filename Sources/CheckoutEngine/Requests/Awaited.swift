/// What the engine waits for under a request id: the kind of answer, and what it belongs to, so that an
/// answer is routed by what was asked and a request dies with its owner (a sheet, an attempt).
public enum Awaited: Equatable, Sendable {
  /// The merchant's `onBeforeSubmit` for a method.
  case beforeSubmit(DropInPaymentMethod)
  /// One of the sheet's update callbacks.
  case sheetUpdate(ApplePaySheet.PendingUpdate)
  /// PassKit's time limit for the sheet's pending update.
  case updateTimeLimit(ApplePaySheet.PendingUpdate)
  /// The merchant's `onPreAuthorisation`.
  case preAuthorisation
  /// The Apple Pay element's `POST /init`.
  case applePayInit
  /// The device check of `create()`, when it lands late.
  case deviceCheck
  /// The gateway creating a PayPal order.
  case payPalOrder
  /// The gateway authorising a payment of a method (or deciding a 3-D Secure challenge).
  case gateway(DropInPaymentMethod)

  /// Whether an answer is of the kind this request asked for.
  public func isAnswered(by answer: CheckoutAnswer) -> Bool {
    switch (answer, self) {
    case (.beforeSubmit, .beforeSubmit), (.sheetUpdate, .sheetUpdate), (.timeLimitPassed, .updateTimeLimit),
      (.preAuthorisation, .preAuthorisation), (.applePayInit, .applePayInit),
      (.deviceChecked, .deviceCheck), (.payPalOrder, .payPalOrder),
      (.gateway, .gateway):
      return true
    case (.merchantHookFailed, _):
      return callback != nil
    default:
      return false
    }
  }

  /// Whether the request belongs to the Apple Pay sheet, and so dies when the sheet closes.
  package var belongsToSheet: Bool {
    switch self {
    case .sheetUpdate, .updateTimeLimit, .preAuthorisation: return true
    default: return false
    }
  }

  /// The merchant callback that answers this request, when a merchant hook does.
  var callback: CallbackName? {
    switch self {
    case .beforeSubmit: return .onBeforeSubmit
    case .sheetUpdate(let kind): return kind.callbackName
    case .preAuthorisation: return .onPreAuthorisation
    default: return nil
    }
  }

  /// The method the request is for.
  var method: DropInPaymentMethod {
    switch self {
    case .beforeSubmit(let method), .gateway(let method): return method
    case .payPalOrder: return .paypal
    default: return .applePay
    }
  }

  /// A short name for the event pane ("a gateway answer", …).
  var label: String {
    switch self {
    case .beforeSubmit: return "onBeforeSubmit"
    case .sheetUpdate(let kind): return kind.callbackName.rawValue
    case .updateTimeLimit: return "the update's time limit"
    case .preAuthorisation: return "onPreAuthorisation"
    case .applePayInit: return "/init"
    case .deviceCheck: return "the device check"
    case .payPalOrder: return "the PayPal order"
    case .gateway: return "the gateway"
    }
  }
}
