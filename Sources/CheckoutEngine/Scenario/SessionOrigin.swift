/// Who made a checkout's session. Drop-in never makes one: the merchant's backend does. A scenario's session
/// is made up, so after a payment PayDrill makes up the next one too ("Start a new checkout"); a session that
/// a backend created through `paydrill serve` is the backend's alone, and the checkout cannot renew it.
public enum SessionOrigin: Equatable, Sendable {
  /// The scenario's own session (a file or a built-in scenario): a new checkout gets a new one.
  case scenario
  /// A session the merchant's backend created (`paydrill --session`, `--serve`): a new checkout stays in it,
  /// spent once paid, and the backend creates the next.
  case merchantBackend
}
