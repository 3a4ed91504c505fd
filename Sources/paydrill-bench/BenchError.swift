/// Why a measurement could not be made (no pseudo-terminal, no compiler, the program did not draw): the
/// benchmark prints it instead of a figure.
struct BenchError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
