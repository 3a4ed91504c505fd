/// The properties the fuzzer checks after every step. Running through without a crash or a trap is the
/// first one, and needs no code.
public enum FuzzInvariant: String, CaseIterable, Sendable {
  case totals = "every total equals the sum of its items"
  case amounts = "no amount has more decimals than its currency"
  case callbackOrder = "callbacks fire only in the documented orders"
  case oneSuccessPerSession = "at most one onSuccess per session"
  case oneChargePerSession = "at most one charge per session"
  case screen = "nothing is drawn outside the screen"
  case secrets = "no full card number or key on screen or in an event"
}
