/// What became of a copy (`y`): whether the text went to the terminal as OSC 52, and where it was saved as a
/// file. The footer says what was done, never that the clipboard has it: many terminals drop OSC 52 without a
/// word, and the file is there to open either way.
public struct CopyOutcome: Equatable, Sendable {
  /// Whether the OSC 52 sequence was written to the terminal (there is none in headless runs).
  public var sentToTerminal: Bool
  /// The file the text was saved to, as the footer writes it (`~` for the home folder); nil when not saved.
  public var file: String?
  /// Why the text was not saved, when it was not.
  public var problem: String?

  public init(sentToTerminal: Bool, file: String? = nil, problem: String? = nil) {
    self.sentToTerminal = sentToTerminal
    self.file = file
    self.problem = problem
  }

  /// Nothing to copy to: no terminal and no folder (a headless run, a tape).
  public static let nowhere = CopyOutcome(
    sentToTerminal: false, problem: "no terminal and no folder for copies in this run")

  /// Whether the notice reports a failure (shown as an error): the text is nowhere to be opened.
  public var isFailure: Bool { file == nil }

  /// The footer's line, within `width` columns where a shorter wording keeps the file's path whole.
  public func notice(width: Int = .max) -> String {
    let sent = "sent to the terminal's clipboard (OSC 52)"
    switch (sentToTerminal, file) {
    case (true, let file?):
      let long = "Sent to the terminal's clipboard (OSC 52) and saved to \(file)"
      return long.count <= width ? long : "Saved to \(file) · sent as OSC 52"
    case (false, let file?):
      return "Saved to \(file) (no terminal to send OSC 52 to)"
    case (true, nil):
      return "Only \(sent): not saved, \(problem ?? "no folder for copies")"
    case (false, nil):
      return "Not copied: \(problem ?? "nowhere to copy to")"
    }
  }
}
