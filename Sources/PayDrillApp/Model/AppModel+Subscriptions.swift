extension AppModel {
  /// How often the spinner turns while it is on screen.
  @usableFromInline static let spinnerInterval = Duration.milliseconds(100)

  /// How often the REC marker's time moves on while recording.
  @usableFromInline static let recordingInterval = Duration.seconds(1)

  /// What the model asks the runtime to send it by itself: the spinner's turns while one is on screen
  /// (the gateway processing, the sheet awaiting an answer), and the REC marker's second while recording;
  /// nothing otherwise, so an idle checkout never wakes.
  ///
  /// Always inlined, as `showsSpinner` is, into `subscriptions(of:)`: called, a getter takes the model as a
  /// 2 kB copy, which cost the runtime more than the rest of a step's bookkeeping (docs/benchmarks.md).
  @inlinable @inline(__always)
  public var subscriptions: [AppSubscription] {
    // Asked after every action, and mostly empty: built without joining arrays.
    var declared: [AppSubscription] = []
    if showsSpinner { declared.append(.every(Self.spinnerInterval, .tick)) }
    if recording != nil { declared.append(.every(Self.recordingInterval, .recordingTick)) }
    return declared
  }

  /// `subscriptions` of a model read where it lies, as the runtime asks after every action: a model stored in
  /// a class and handed to a getter in another module is first copied whole (2 kB), an `inout` one is not.
  public static func subscriptions(of model: inout AppModel) -> [AppSubscription] {
    model.subscriptions
  }
}
