/// A file PayDrill could not use: which file, where in it, and what was expected. Printed as one line, and
/// the program exits 2.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
  public var file: String
  /// The place inside the file (`items[0].unitPrice`, `line 4`), empty for the file as a whole.
  public var location: String
  public var problem: String

  public init(file: String, location: String = "", problem: String) {
    self.file = file
    self.location = location
    self.problem = problem
  }

  /// One line, safe to print: a key or a value quoted from the file may hold a control character (DEL,
  /// ESC), which is written out (`\u{7F}`).
  public var description: String {
    PrintableText.visible(location.isEmpty ? "\(file): \(problem)" : "\(file): at \(location): \(problem)")
  }
}
