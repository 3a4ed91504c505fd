/// Why a text is not JSON PayDrill reads: a syntax error (with its line and column), or a key written twice
/// in one object (with the key's path and both lines).
public enum JSONReadError: Error, Equatable, Sendable, CustomStringConvertible {
  case syntax(line: Int, column: Int, problem: String)
  /// A key written twice in one object: JSON readers disagree on which value counts, so PayDrill takes
  /// neither. `path` is the duplicated key's path (`applePay.merchantName`).
  case duplicateKey(path: String, firstLine: Int, secondLine: Int)

  public var description: String {
    switch self {
    case .syntax(let line, let column, let problem):
      return "not valid JSON: \(problem) (line \(line), column \(column))"
    case .duplicateKey(let path, let first, let second):
      return "at \(path): \(Self.duplicateProblem(firstLine: first, secondLine: second))"
    }
  }

  /// The words for a duplicated key, without its path.
  public static func duplicateProblem(firstLine: Int, secondLine: Int) -> String {
    let place = firstLine == secondLine ? "on line \(firstLine)" : "lines \(firstLine) and \(secondLine)"
    return "the key is written twice (\(place)); readers disagree on which value counts, so keep one"
  }
}
