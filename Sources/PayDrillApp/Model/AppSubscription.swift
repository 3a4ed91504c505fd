/// Something the model asks to hear while it is in a state, as in Elm's subscriptions: the runtime asks
/// `AppModel.subscriptions` after every action and schedules what it declares on the interpreter's clock
/// (virtual in tapes and tests, live in the terminal). A subscription starts when it is first declared and
/// stops when it no longer is; the runtime knows nothing of what it is for (the spinner).
public enum AppSubscription: Equatable, Sendable {
  /// `action`, every `interval` from the moment the subscription started.
  case every(Duration, AppAction)
}
