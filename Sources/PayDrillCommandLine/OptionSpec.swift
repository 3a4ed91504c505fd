/// One option of the command line: its name, its value, a line that says what it does, the commands that take
/// it, and how it sets the options. An option spelt the same for several commands with a different meaning
/// (`--scenario` of `history` filters; of `fuzz`, it picks the scenario to fuzz) is one spec per meaning.
public struct OptionSpec: Sendable {
  /// Where the help lists it.
  public enum Section: Sendable {
    /// The command's own.
    case command
    /// Sets up the simulated checkout (scenario, gateway, hooks, ledger): the same for every command that
    /// runs one.
    case checkout
    /// `--help`, `--version`: every command takes them.
    case global
  }

  /// `--scenario`.
  public let name: String
  /// The one-letter spelling, if any (`-h`).
  public let short: String?
  /// What its value is, as the help writes it (`NAME|PATH`); nil: a switch without a value.
  public let value: String?
  /// What it does, one line (the help wraps it).
  public let summary: String
  public let commands: Set<CommandSpec.Name>
  public let section: Section
  /// The values it takes, when they are a fixed list (for completions and the help).
  public let choices: [String]
  /// Whether a tape's header (`# paydrill: …`) may carry it.
  public let inTapeHeader: Bool
  /// Reads its value, if it takes one, and sets what it sets; `name` is the option as typed.
  let apply:
    @Sendable (_ options: inout CommandLineOptions, _ queue: inout ArgumentQueue, _ name: String) throws ->
      Void

  init(
    _ name: String, short: String? = nil, _ value: String?, _ summary: String,
    for commands: Set<CommandSpec.Name>, section: Section = .command, choices: [String] = [],
    inTapeHeader: Bool = false,
    apply: @escaping @Sendable (inout CommandLineOptions, inout ArgumentQueue, String) throws -> Void
  ) {
    self.name = name
    self.short = short
    self.value = value
    self.summary = summary
    self.commands = commands
    self.section = section
    self.choices = choices
    self.inTapeHeader = inTapeHeader
    self.apply = apply
  }

  /// A switch: an option without a value.
  init(
    _ name: String, short: String? = nil, _ summary: String, for commands: Set<CommandSpec.Name>,
    section: Section = .command,
    apply: @escaping @Sendable (inout CommandLineOptions, inout ArgumentQueue, String) throws -> Void
  ) {
    self.init(name, short: short, nil, summary, for: commands, section: section, apply: apply)
  }

  /// Its spellings: the name, and the short one if any.
  public var spellings: [String] { [name] + (short.map { [$0] } ?? []) }

  /// How the help writes it: `-h, --help`, `--scenario NAME|PATH`.
  public var synopsis: String {
    (short.map { "\($0), " } ?? "") + name + (value.map { " \($0)" } ?? "")
  }
}
