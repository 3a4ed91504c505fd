/// Why a text is not JSON PayDrill reads: a syntax error (with its line and column), a key written twice in
/// one object (with the key's path and both lines), a list or object with more entries than PayDrill
/// takes, or a text of more values in all. One wording for every reader of it: `location` (a path, or nil for the text as a whole) and
/// `problem`.
public enum JSONReadError: Error, Equatable, Sendable, CustomStringConvertible {
  case syntax(line: Int, column: Int, problem: String)
  /// A key written twice in one object: JSON readers disagree on which value counts, so PayDrill takes
  /// neither. `path` is the duplicated key's path (`applePay.merchantName`).
  case duplicateKey(path: String, firstLine: Int, secondLine: Int)
  /// A list (or an object) at `path` with more than `limit` entries: refused while reading, before it is
  /// held whole.
  case tooManyEntries(path: String, isList: Bool, limit: Int)
  /// A text of more than `limit` values in all, though each list keeps within its entries: refused at the
  /// value past the limit (at `path`), before the rest is read.
  case tooManyValues(path: String, limit: Int)

  /// The path of the value at fault (`items`, `applePay.merchantName`), or nil for a syntax error.
  public var location: String? {
    switch self {
    case .syntax: return nil
    case .duplicateKey(let path, _, _), .tooManyEntries(let path, _, _), .tooManyValues(let path, _):
      return path
    }
  }

  /// What is wrong, without the location.
  public var problem: String {
    switch self {
    case .syntax(let line, let column, let problem):
      return "not valid JSON (\(problem) at line \(line), column \(column))"
    case .duplicateKey(_, let first, let second):
      let place = first == second ? "on line \(first)" : "lines \(first) and \(second)"
      return "the key is written twice (\(place)); readers disagree on which value counts, so keep one"
    case .tooManyEntries(_, let isList, let limit):
      return isList
        ? "a list of more than \(limit) entries; PayDrill takes at most \(limit)"
        : "an object of more than \(limit) keys; PayDrill takes at most \(limit)"
    case .tooManyValues(_, let limit):
      return "more than \(limit) values in all; PayDrill reads at most \(limit)"
    }
  }

  public var description: String {
    location.map { "at \($0): \(problem)" } ?? problem
  }
}
