/// The cards of the simulated Paze wallet, and one that Paze cannot complete (SDK1123).
public enum PazeCard: String, Equatable, Sendable, CaseIterable {
  case visa, mastercard, failing

  /// The option's words on the Paze checkout, in English (as payments and their events name the card).
  public var label: String { Localisation.english.label(of: self) }
}
