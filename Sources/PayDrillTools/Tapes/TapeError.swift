import PayDrillFiles

/// A tape that cannot be played: the file, the line and what is wrong.
public struct TapeError: Error, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var problem: String

  /// `file:line: problem`, or `file: problem` for the file as a whole (line 0), safe to print: a problem
  /// quotes the tape's text, and a control character there (NUL, ESC) is written out (`\u{1B}`).
  public var description: String {
    PrintableText.visible(line > 0 ? "\(file):\(line): \(problem)" : "\(file): \(problem)")
  }
}
