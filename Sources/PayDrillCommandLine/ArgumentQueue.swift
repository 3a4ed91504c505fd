/// The command line's words, taken one at a time, with the checks every option's value needs: one place for
/// the wording of "needs a value" and "takes …, not …", whichever command parses.
struct ArgumentQueue {
  private(set) var rest: ArraySlice<String>

  init(_ words: ArraySlice<String>) {
    rest = words
  }

  /// The next word, if any.
  mutating func next() -> String? { rest.popFirst() }

  /// The value after an option; an option cannot take another option as its value.
  mutating func value(for option: String) throws -> String {
    guard let next = rest.popFirst(), !next.hasPrefix("--") else {
      throw CommandLineOptions.UsageError(message: "\(option) needs a value")
    }
    return next
  }

  /// A number in a range, or an error that says what the option takes (`"milliseconds from 0 to 600000"`).
  mutating func number<Number: LosslessStringConvertible & Comparable>(
    for option: String, in range: ClosedRange<Number>, taking what: String
  ) throws -> Number {
    try parsed(for: option, taking: what) { Number($0).flatMap { range.contains($0) ? $0 : nil } }
  }

  /// A value `parse` reads, or an error that says what the option takes (`"K/N with 1 ≤ K ≤ N, like 2/4"`).
  mutating func parsed<Value>(for option: String, taking what: String, _ parse: (String) -> Value?) throws
    -> Value
  {
    let text = try value(for: option)
    guard let value = parse(text) else {
      throw CommandLineOptions.UsageError(message: "\(option) takes \(what), not \"\(text)\"")
    }
    return value
  }

  /// A command to start (a plugin's, a hook's): not blank.
  mutating func command(for option: String, example: String) throws -> String {
    let command = try value(for: option)
    guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw CommandLineOptions.UsageError(message: "\(option) needs a command, like \"\(example)\"")
    }
    return command
  }
}
