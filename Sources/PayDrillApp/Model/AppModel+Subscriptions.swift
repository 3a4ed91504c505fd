extension AppModel {
  /// How often the spinner turns while it is on screen.
  static let spinnerInterval = Duration.milliseconds(100)

  /// What the model asks the runtime to send it by itself: the spinner's turns while one is on screen
  /// (the gateway processing, the sheet awaiting an answer); nothing otherwise, so an idle checkout never
  /// wakes.
  public var subscriptions: [AppSubscription] {
    showsSpinner ? [.every(Self.spinnerInterval, .tick)] : []
  }
}
