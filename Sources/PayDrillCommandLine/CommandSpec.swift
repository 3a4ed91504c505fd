/// One command of the command line as its help describes it: what it takes besides options, what it does,
/// an example and its exit status. `CommandTable.commands` lists them all; their options are in
/// `CommandTable.options`.
public struct CommandSpec: Sendable {
  /// The commands. The checkout runs without a command word.
  public enum Name: String, CaseIterable, Sendable {
    case checkout, play
    case mergeJUnit = "merge-junit"
    case record, demo, check, schema, buttons, scenarios, cards, sign, session, serve, history, fuzz,
      completions,
      man,
      help

    /// The word typed after `paydrill`; nil for the checkout.
    public var word: String? { self == .checkout ? nil : rawValue }

    /// The command's name in a sentence: `play`, or `paydrill` for the checkout.
    public var spoken: String { word ?? "paydrill" }
  }

  public let name: Name
  /// What the command takes besides options, as its usage writes it (`TAPE…`, `[show ID]`); empty: nothing.
  public let arguments: String
  /// One line: what the command does.
  public let summary: String
  /// More about it, a paragraph for its help.
  public let details: String
  /// Command lines to copy, without the `$ `.
  public let examples: [String]
  /// What its exit status means.
  public let exitStatus: String

  /// The options this command takes (the global ones, `--help` and `--version`, last).
  public var options: [OptionSpec] { CommandTable.options.filter { $0.commands.contains(name) } }

  /// Its usage line: `paydrill play TAPE… [options]`.
  public var usage: String {
    let takesOptions = options.contains { $0.section != .global }
    return (["paydrill", name.word, arguments.isEmpty ? nil : arguments, takesOptions ? "[options]" : nil])
      .compactMap { $0 }.joined(separator: " ")
  }

  /// The line an error prints under its message: the usage, and where the options are explained.
  public var usageHint: String {
    let help = name == .checkout ? "paydrill --help" : "paydrill \(name.rawValue) --help"
    return "usage: \(usage)  (see \(help))"
  }
}
