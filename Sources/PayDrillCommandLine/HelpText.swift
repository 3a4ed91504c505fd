/// The texts of `paydrill --help`, `paydrill help COMMAND` and `paydrill --version`, made from
/// `CommandTable`.
public enum HelpText {
  /// PayDrill's version.
  public static let version = "0.9.0"
  /// The width the help is wrapped to.
  static let width = 100
  /// What PayDrill is, in a line: the help's first line, the manual page's name line.
  package static let tagline =
    "rehearse a mobile Checkout Drop-in in the terminal, every merchant callback visible"

  /// `paydrill --version`: `paydrill 0.9.0 (commit abc1234)`; `commit` is "unknown" when the build had no
  /// repository to read it from.
  public static func versionLine(commit: String) -> String {
    "paydrill \(version) (commit \(commit))"
  }

  /// The overview: the commands, the checkout's options, the global ones and the exit status.
  public static var usage: String {
    let checkout = CommandTable.command(.checkout)
    var lines = [
      "PayDrill: \(tagline).",
      "",
      "Usage:",
    ]
    lines += row("paydrill [options]", checkout.summary, column: 2, width: 40)
    lines += row("paydrill COMMAND [ARGUMENTS] [options]", "", column: 2, width: 40)
    lines += ["", "Commands:"]
    for command in CommandTable.commands where command.name != .checkout {
      lines += row(
        [command.name.rawValue, command.arguments].filter { !$0.isEmpty }.joined(separator: " "),
        command.summary, column: 2, width: 20)
    }
    lines += ["", "Options of the checkout (paydrill help COMMAND lists each command's):"]
    lines += optionRows(checkout.options.filter { $0.section != .global })
    lines += ["", "Global options:"]
    lines += optionRows(CommandTable.options.filter { $0.section == .global })
    lines += ["", "Exit status:"]
    for (status, meaning) in exitStatus {
      lines += row(status, meaning, column: 2, width: 8)
    }
    lines += [
      "",
      "Example: " + (checkout.examples.first ?? ""),
      "Keys: press ? in the program. Docs: \(CommandTable.reference)",
    ]
    return lines.joined(separator: "\n")
  }

  /// What the exit statuses mean, for every command.
  package static let exitStatus: [(String, String)] = [
    ("0", "done"),
    (
      "1",
      "a failure: a tape failed (a Wait or an Expect), fuzz broke an invariant, the sessions API refused a "
        + "request, history show found no such attempt"
    ),
    (
      "2",
      "usage or bad input: an unknown command or option, an option the command does not take, a bad value, a "
        + "missing or broken file (scenario, theme, tape, ledger, JUnit report), a file that cannot be "
        + "written, no terminal, a problem paydrill check found, shards whose reports overlap (merge-junit)"
    ),
    ("128+N", "the interactive checkout was ended by signal N (SIGTERM 143, SIGHUP 129)"),
  ]

  /// One command's help: its usage, what it does, its options, an example and its exit status. The
  /// checkout's is the overview.
  public static func help(for name: CommandSpec.Name?) -> String {
    guard let name, name != .checkout else { return usage }
    let command = CommandTable.command(name)
    var lines = ["paydrill \(name.rawValue): \(command.summary)", "", "Usage: \(command.usage)"]
    if !command.details.isEmpty { lines += [""] + wrap(command.details, width: width) }
    let own = command.options.filter { $0.section == .command }
    let checkout = command.options.filter { $0.section == .checkout }
    let global = command.options.filter { $0.section == .global }
    if !own.isEmpty { lines += ["", "Options:"] + optionRows(own) }
    if !checkout.isEmpty {
      lines += ["", own.isEmpty ? "Options:" : "Checkout and gateway options:"] + optionRows(checkout)
    }
    lines += ["", "Global options:"] + optionRows(global)
    lines +=
      ["", command.examples.count == 1 ? "Example:" : "Examples:"] + command.examples.map { "  " + $0 }
    lines += [""] + wrap("Exit status: " + command.exitStatus, width: width)
    lines += ["Docs: \(CommandTable.reference)"]
    return lines.joined(separator: "\n")
  }

  /// Options as rows: the synopsis, then the summary, wrapped.
  static func optionRows(_ options: [OptionSpec]) -> [String] {
    options.flatMap { row($0.synopsis, $0.summary, column: 2, width: 22) }
  }

  /// A term and its description: the term at `column`, the description beside it from `column + width`
  /// (on the next line when the term is longer), wrapped to `HelpText.width`.
  static func row(_ term: String, _ description: String, column: Int, width: Int) -> [String] {
    let indent = String(repeating: " ", count: column)
    let hanging = String(repeating: " ", count: column + width)
    guard !description.isEmpty else { return [indent + term] }
    let text = wrap(description, width: Self.width - column - width)
    if term.count <= width - 2 {
      let first = indent + term.padding(toLength: width, withPad: " ", startingAt: 0) + text[0]
      return [first] + text.dropFirst().map { hanging + $0 }
    }
    return [indent + term] + text.map { hanging + $0 }
  }

  /// Words filled into lines of at most `width` characters (a longer word gets a line of its own).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
