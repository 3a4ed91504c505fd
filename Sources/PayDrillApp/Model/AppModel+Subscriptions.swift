extension AppModel {
  /// How often the spinner turns while it is on screen.
  static let spinnerInterval = Duration.milliseconds(100)

  /// How often the REC marker's time moves on while recording.
  static let recordingInterval = Duration.seconds(1)

  /// What the model asks the runtime to send it by itself: the spinner's turns while one is on screen
  /// (the gateway processing, the sheet awaiting an answer), and the REC marker's second while recording;
  /// nothing otherwise, so an idle checkout never wakes.
  public var subscriptions: [AppSubscription] {
    (showsSpinner ? [.every(Self.spinnerInterval, .tick)] : [])
      + (recording != nil ? [.every(Self.recordingInterval, .recordingTick)] : [])
  }
}
