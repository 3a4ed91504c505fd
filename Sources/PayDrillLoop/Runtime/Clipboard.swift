import Foundation
import PayDrillApp

/// Where copied text goes: the terminal's clipboard through OSC 52, and a file in a folder, since many
/// terminals drop OSC 52 without a word; the footer then names the file. A recorder and a temporary folder
/// in tests; nothing in headless runs (a copy there answers `CopyOutcome.nowhere`).
public struct Clipboard: Sendable {
  /// Sends the text to the terminal's clipboard; nil where there is no terminal.
  public var send: (@Sendable (String) -> Void)?
  /// The folder each copy is saved in (made, with its parents, on the first copy); nil for none.
  public var folder: String?
  /// The folder as the footer writes it (`~/.local/share/paydrill/copies`).
  public var shownFolder: String?
  /// The time zone of the files' names.
  public var timeZone: TimeZone

  public init(
    folder: String? = nil, shownFolder: String? = nil, timeZone: TimeZone = .current,
    send: (@Sendable (String) -> Void)? = nil
  ) {
    self.send = send
    self.folder = folder
    self.shownFolder = shownFolder ?? folder
    self.timeZone = timeZone
  }

  /// The terminal's clipboard, reached through OSC 52 (the terminal, or tmux with `set-clipboard on`, puts
  /// the text on the system clipboard when it allows it, and ignores it otherwise; ncurses has no call for
  /// it, so the sequence goes to the terminal as it is), and each copy saved in `folder`.
  public static func terminal(savingIn folder: String, shownAs shownFolder: String) -> Clipboard {
    Clipboard(folder: folder, shownFolder: shownFolder) { text in
      FileHandle.standardOutput.write(Data(sequence(for: text).utf8))
    }
  }

  /// The OSC 52 sequence that puts `text` on the clipboard (`c`), in base 64.
  public static func sequence(for text: String) -> String {
    "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
  }

  /// Sends the text and saves it as `copy-DATE-TIME-N.txt` (the interpreter's clock's date, the request's
  /// number), saying what was done.
  func copy(_ text: String, at time: Date, number: Int) -> CopyOutcome {
    send?(text)
    guard let folder else {
      return send == nil ? .nowhere : CopyOutcome(sentToTerminal: true, problem: "no folder for copies")
    }
    // Named and written as screenshot bundles are.
    let name = "copy-\(EvidenceFolder.stamp(time, in: timeZone))-\(number).txt"
    if let reason = EvidenceFolder(path: folder).write([ScreenshotBundle.File(name: name, contents: text)]) {
      return CopyOutcome(sentToTerminal: send != nil, problem: "\(folder) \(reason)")
    }
    let base = shownFolder ?? folder
    return CopyOutcome(sentToTerminal: send != nil, file: base + (base.hasSuffix("/") ? "" : "/") + name)
  }
}
