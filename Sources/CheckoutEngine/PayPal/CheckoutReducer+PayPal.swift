/// PayPal in the Drop-in, as the seed's timeline has it: `onBeforeSubmit(.paypal)` when the button is
/// tapped; Drop-in enters processing and creates the order (`onPreAuthorisation`); the buyer approves on
/// PayPal.com; then `onSuccess` or `onError(.paypal, …)`. PayPal never fires `onSubmit`.
extension CheckoutReducer {
  /// The PayPal button: the merchant's `onBeforeSubmit` first (an expired session, or a transaction that is
  /// not e-commerce, fails at once).
  static func activatePayPal(_ state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect] {
    if let refused = sessionRefusal(state, context: context) ?? payPalEntryTypeRefusal(state.scenario) {
      return reportOnMethodList(refused, method: .paypal, in: &state, context: context)
    }
    return askBeforeSubmit(.paypal, in: &state)
  }

  /// The seed's `entryType`: "`.ecom`: E-commerce transaction (required for PayPal)". The seed gives no code
  /// for a `.moto` transaction paying by PayPal; `PAYPAL_ECOM_REQUIRED` is PayDrill's, in the style of the
  /// SDK's PayPal codes.
  static func payPalEntryTypeRefusal(_ scenario: Scenario) -> SdkError? {
    guard scenario.entryType != "ecom" else { return nil }
    return SdkError(
      errorCode: "PAYPAL_ECOM_REQUIRED",
      errorMessage:
        "PayPal requires an e-commerce transaction (entryType .ecom); this one is .\(scenario.entryType)")
  }

  /// The merchant allowed it: processing, and the order is created.
  static func createPayPalOrder(_ state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect] {
    state.screen = .processing(
      Submission(method: .paypal, paidWith: "PayPal", amount: state.total, since: context.now))
    return [
      .createPayPalOrder(
        state.requests.issue(.payPalOrder),
        PayPalOrderRequest(
          intent: state.scenario.paypalIntent, amount: state.total,
          merchantTransactionId: state.scenario.merchantTransactionId, sessionId: state.sessionId))
    ]
  }

  /// The gateway created the order: the approval page, or the method list when it could not.
  static func payPalOrderCreated(_ order: PayPalOrder, in state: inout CheckoutState, context: ReduceContext)
    -> [CheckoutEffect]?
  {
    // While the order is being created; once the buyer approved one, the gateway is authorising it and a
    // stale order answer changes nothing.
    guard case .processing(let submission) = state.screen, submission.method == .paypal,
      submission.payPal == nil
    else { return nil }
    if let failure = order.failure {
      // No order, nothing to charge: the attempt failed, whatever the error (a timeout included).
      return reportOnMethodList(
        failure, method: .paypal, ending: .failed(failure), in: &state, context: context)
    }
    record(
      .onPreAuthorisation, method: .paypal,
      details: [
        EventDetail("orderId", .string(order.orderId)), EventDetail("intent", .string(order.intent)),
      ] + amountDetails(order.amount), in: &state, context: context)
    state.screen = .payPalApproval(order)
    return []
  }

  static func reducePayPal(_ state: inout CheckoutState, _ action: CheckoutAction, context: ReduceContext)
    -> [CheckoutEffect]
  {
    switch action {

    case .approvePayPal(let funding):
      guard case .payPalApproval(let order) = state.screen, payPalOptions(state).contains(funding) else {
        return []
      }
      state.attempts += 1
      var request = authorisationRequest(
        .paypal, card: nil, amount: order.amount, intent: order.intent, state: &state)
      request.payPal = PayPalApproval(orderId: order.orderId, funding: funding)
      state.attempt?.paidWith = funding.paidWith
      state.screen = .processing(Submission(request, since: context.now, localisation: state.localisation))
      return [.authorise(state.requests.issue(.gateway(.paypal)), request)]

    case .cancelPayPal:
      guard case .payPalApproval = state.screen else { return [] }
      let error = SdkError(
        errorCode: "PAYPAL_CANCELED", errorMessage: "The buyer cancelled on PayPal; nothing was charged")
      return reportOnMethodList(error, method: .paypal, in: &state, context: context)

    default:
      return []
    }
  }

  /// The funding options the approval page offers: PayPal, Pay Later when the session allows `paylater`,
  /// and a declining source to rehearse errors.
  public static func payPalOptions(_ state: CheckoutState) -> [PayPalFunding] {
    let allowed = state.scenario.session.allowedFundingTypes.wallets.paypal?.allowedFundingOptions ?? []
    return PayPalFunding.allCases.filter { funding in
      switch funding {
      case .paypal: return allowed.isEmpty || allowed.contains("paypal")
      case .paylater: return allowed.contains("paylater")
      case .declinedSource: return true
      }
    }
  }
}

extension PayPalFunding {
  /// What pays, as the run history names it.
  var paidWith: String {
    switch self {
    case .paypal: return "PayPal balance"
    case .paylater: return "Pay Later"
    case .declinedSource: return "PayPal declining source"
    }
  }
}
