extension CallbackEvent {
  /// Events as JSON Lines: one `jsonLine()` per event, each ending with a newline.
  public static func jsonLines(_ events: [CallbackEvent]) -> String {
    events.map { $0.jsonLine() + "\n" }.joined()
  }
}
