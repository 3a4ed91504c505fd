import Foundation

/// Where copied text goes: the terminal's clipboard in the interactive program, a recorder in tests, nowhere
/// in headless runs (a copy there is a no-op, as on a terminal that refuses OSC 52).
public struct Clipboard: Sendable {
  /// Puts the text on the clipboard.
  public var copy: @Sendable (String) -> Void

  /// The terminal's clipboard, reached through OSC 52: the terminal (or tmux with `set-clipboard on`) puts
  /// the text on the system clipboard when it allows it, and ignores it otherwise. ncurses has no call for
  /// it, so the sequence goes to the terminal as it is.
  public static let terminal = Clipboard { text in
    let sequence = "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
    FileHandle.standardOutput.write(Data(sequence.utf8))
  }
}
