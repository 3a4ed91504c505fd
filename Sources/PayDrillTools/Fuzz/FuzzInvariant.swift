/// The properties the fuzzer checks after every step. Running through without a crash or a trap is the
/// first one, and needs no code.
public enum FuzzInvariant: String, CaseIterable, Sendable {
  case totals = "every total equals the sum of its items"
  case amounts = "no amount has more decimals than its currency"
  case callbackOrder = "callbacks fire only in the documented orders"
  case oneSuccessPerSession = "at most one onSuccess per session"
  case oneChargePerSession = "at most one charge per session"
  case oneChargePerPayment = "at most one charge per payment across retries"
  case faultUsedOnce = "a fault armed in the panel is used at most once, and shown gone"
  case resultFromItsAttempt = "a result screen describes the attempt whose events precede it"
  case timersDieWithTheirSheet = "no timer outlives its sheet"
  case staleAnswersDropped = "an answer delivered again changes nothing but the dropped-answer event"
  case screen = "nothing is drawn outside the screen"
  case secrets = "no full card number, card detail or key on screen, in an event, the ledger or a report"
  case charged = "what is authorised is the total the checkout showed, within the amount limit"
  case ledger = "the ledger holds each attempt once, as it last stood, or says it stopped"
  case files = "a hostile scenario or tape loads, or is refused with one line that names it"
}
