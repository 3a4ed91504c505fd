/// Paze in the Drop-in: the seed's rules are checked when the shopper picks Paze (each broken rule is
/// `onError(.paze, …)` with its code); then `onBeforeSubmit(.paze)`, the simulated Paze checkout, the gateway,
/// and `onSuccess` with `paymentData` (`.paze(PazeCheckoutDecoded)`) or `onError(.paze, …)`.
extension CheckoutReducer {
  static func activatePaze(_ state: inout CheckoutState, context: ReduceContext) -> [CheckoutEffect] {
    if let error = sessionRefusal(state, context: context) ?? PazeRules.violation(in: state.scenario) {
      return conclude(.declined(error), method: .paze, amount: state.total, in: &state, context: context)
    }
    return askBeforeSubmit(.paze, in: &state)
  }

  static func reducePaze(_ state: inout CheckoutState, _ action: CheckoutAction, context: ReduceContext)
    -> [CheckoutEffect]
  {
    guard state.screen == .pazeCheckout else { return [] }
    switch action {
    case .approvePaze(let card):
      state.attempts += 1
      var request = authorisationRequest(.paze, card: nil, amount: state.total, state: &state)
      request.paze = card
      state.attempt?.paidWith = card.label
      state.screen = .processing(Submission(request, since: context.now, localisation: state.localisation))
      return [.authorise(state.requests.issue(.gateway(.paze)), request)]
    case .cancelPaze:
      state.screen = .methodList
      // The shopper reads the notice in their language; the run history keeps the English.
      state.notice = state.localisation.text(.walletClosed, "Paze")
      return endAttempt(
        .cancelled(code: nil, message: Localisation.english.text(.walletClosed, "Paze")), of: .paze,
        in: &state,
        context: context)
    default:
      return []
    }
  }
}
