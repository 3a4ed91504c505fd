/// A tape that cannot be played: the file, the line and what is wrong.
public struct TapeError: Error, Equatable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var problem: String

  public var description: String { "\(file):\(line): \(problem)" }
}
