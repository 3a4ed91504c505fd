/// The cards of the simulated Paze wallet, and one that Paze cannot complete (SDK1123).
public enum PazeCard: String, Equatable, Sendable, CaseIterable {
  case visa, mastercard, failing

  /// The option's words on the Paze checkout.
  public var label: String {
    switch self {
    case .visa: return "Visa ••••1111 (from the Paze wallet)"
    case .mastercard: return "Mastercard ••••4444 (from the Paze wallet)"
    case .failing: return "A card Paze cannot complete (SDK1123)"
    }
  }
}
