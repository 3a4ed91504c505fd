/// A tape that cannot be played: the file, the line and what is wrong.
public struct TapeError: Error, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var problem: String

  /// `file:line: problem`, or `file: problem` for the file as a whole (line 0).
  public var description: String { line > 0 ? "\(file):\(line): \(problem)" : "\(file): \(problem)" }
}
