import Foundation
import PayDrillCommandLine

/// `paydrill man`: the manual page paydrill(1), in roff (the man macros), made from `CommandTable` like
/// `--help`, so that the page `make install` installs lists the same commands and options as the binary
/// beside it takes. Only what the table cannot say (where files go, the environment) is written here.
public enum ManPage {
  /// The page, ending with a newline.
  public static var text: String { lines.joined(separator: "\n") + "\n" }

  static var lines: [String] {
    var lines = [
      #".\" paydrill(1), made by `paydrill man` from its command table: change the table, not this page."#,
      ".TH PAYDRILL 1 \"\" \(argument("paydrill \(HelpText.version)")) \"User Commands\"",
      // No hyphenation: option names and paths stay whole, to be copied.
      ".nh",
      ".SH NAME",
      "paydrill \\- " + escaped(HelpText.tagline),
      ".SH SYNOPSIS",
      ".nf",
    ]
    for command in CommandTable.commands where command.name != .help {
      lines.append(synopsis(command.usage, word: command.name.word))
    }
    lines += [synopsis("paydrill help [COMMAND] | --help | --version", word: "help"), ".fi"]

    let checkout = CommandTable.command(.checkout)
    lines += [
      ".SH DESCRIPTION",
      escaped(
        "PayDrill is a terminal checkout simulator. Without a command: \(checkout.summary), the first entry "
          + "of COMMANDS. Each command has options of its own, listed with it."),
      ".PP",
      escaped(
        "Options can come before or after the command, and -- ends them. An option's value may not start "
          + "with --. paydrill help COMMAND (or paydrill COMMAND --help) prints a command's help."),
      ".SH OPTIONS",
      "Every command takes these:",
    ]
    lines += CommandTable.options.filter { $0.section == .global }.flatMap(optionItem)
    lines.append(".SH COMMANDS")
    for command in CommandTable.commands {
      lines += commandSection(command)
    }
    lines.append(".SH \"EXIT STATUS\"")
    for (status, meaning) in HelpText.exitStatus {
      lines += [".TP", ".B \(escaped(status))", escaped(meaning)]
    }
    lines += [
      ".SH ENVIRONMENT",
      ".TP",
      ".B NO_COLOR",
      "When set and not empty, the checkout draws without colours.",
      ".TP",
      ".B XDG_DATA_HOME",
      escaped("Where the run history goes: $XDG_DATA_HOME/paydrill/ledger.sqlite3 (an absolute path only)."),
      ".SH FILES",
      ".TP",
      escaped("$XDG_DATA_HOME/paydrill/ledger.sqlite3, else ~/.local/share/paydrill/ledger.sqlite3"),
      escaped(
        "The run history (paydrill history), unless --ledger names another file or --no-ledger is given."),
      ".TP",
      escaped(PayDrillCommand.defaultScreenshotFolder + "/"),
      escaped("Where the screenshot key saves bundles, unless --screenshot-dir names another folder."),
      ".TP",
      ".I Themes/NAME.json",
      escaped(
        "--theme NAME reads this file from the working directory, else themes/NAME.json in "
          + "$XDG_DATA_HOME/paydrill (else ~/.local/share/paydrill), else beside the executable or a folder "
          + "above it (Themes/ or share/paydrill/themes/), else uses the built-in theme NAME: an edited copy "
          + "wins over the built-in one."),
      ".TP",
      ".I /usr/local/share/paydrill/themes/",
      escaped(
        "Copies of the built-in themes that make install puts under its PREFIX (/usr/local by default): "
          + "--theme NAME finds an edited copy there, and they are a start for a theme of your own."),
      ".TP",
      ".I /usr/local/libexec/paydrill/\(MergeJUnitCommand.program.name)",
      escaped(
        "The program paydrill merge-junit runs to read and merge JUnit reports (beside paydrill in a build "
          + "folder): XML is read there, so that paydrill itself does not load an XML library."),
      ".TP",
      ".I /usr/local/libexec/paydrill/\(ServeCommand.program.name)",
      escaped(
        "The program paydrill serve and paydrill --serve run for the HTTP server (beside paydrill in a build "
          + "folder): libmicrohttpd is loaded there, so that paydrill itself does not load it."),
      ".TP",
      ".PD 0",
      ".I /usr/local/share/bash\\-completion/completions/paydrill",
      ".TP",
      ".I /usr/local/share/zsh/site\\-functions/_paydrill",
      ".TP",
      ".PD",
      ".I /usr/local/share/fish/vendor_completions.d/paydrill.fish",
      escaped("The completion scripts make install writes (paydrill completions SHELL)."),
      ".SH \"SEE ALSO\"",
      escaped(
        "In PayDrill's source: README.md, docs/reference/cli.md (every command and option, with the "
          + "messages), docs/guides/install.md, and the other guides in docs/guides."),
    ]
    return lines
  }

  /// A command: its usage, what it does, its own options (the checkout's set-up options are described once,
  /// under the checkout, and named under the others), an example and its exit status.
  private static func commandSection(_ command: CommandSpec) -> [String] {
    var lines = [".SS \(argument(command.usage))", escaped(command.summary)]
    if !command.details.isEmpty { lines += [".PP", escaped(command.details)] }
    let own = command.options.filter { $0.section == .command }
    let setUp = command.options.filter { $0.section == .checkout }
    if command.name == .checkout {
      lines += (setUp + own).flatMap(optionItem)
    } else {
      lines += own.flatMap(optionItem)
      if !setUp.isEmpty {
        lines += [
          ".PP",
          "It also takes the checkout's " + (setUp.count == 1 ? "option" : "options") + " "
            + setUp.map { "\\fB\(escaped($0.name))\\fR" }.joined(separator: ", ") + ".",
        ]
      }
    }
    lines += [".PP", command.examples.count == 1 ? "Example:" : "Examples:", ".RS 4", ".nf"]
    lines += command.examples.map(escaped)
    lines += [".fi", ".RE", ".PP", escaped("Exit status: " + command.exitStatus + ".")]
    return lines
  }

  /// An option as a tagged paragraph: `-h, --help` in bold, its value in italics, then its summary.
  private static func optionItem(_ option: OptionSpec) -> [String] {
    let spellings = option.spellings.reversed().map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
    let value = option.value.map { " \\fI\(escaped($0))\\fR" } ?? ""
    return [".TP", spellings + value, escaped(option.summary)]
  }

  /// A synopsis line: `paydrill` and the command word in bold, the rest as it is.
  private static func synopsis(_ usage: String, word: String?) -> String {
    let command = ["paydrill", word].compactMap { $0 }.joined(separator: " ")
    let rest = usage.dropFirst(command.count).trimmingCharacters(in: .whitespaces)
    return "\\fB\(escaped(command))\\fR" + (rest.isEmpty ? "" : " " + escaped(rest))
  }

  /// A macro's argument in double quotes.
  private static func argument(_ text: String) -> String {
    "\"" + escaped(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
  }

  /// The characters outside ASCII that the table's texts use, as roff's names for them, which every output
  /// device can draw (`\[u2026]` makes man warn in an ASCII terminal).
  private static let special: [Unicode.Scalar: String] = [
    "…": "...", "→": "\\(->", "←": "\\(<-", "×": "\\(mu", "≤": "\\(<=", "≥": "\\(>=", "—": "\\(em",
    "–": "\\(en", "·": "\\(pc",
  ]

  /// Text as roff reads it literally: a backslash as `\e`, a dash as `\-` (so an option can be copied), a
  /// character outside ASCII by its name, and `\&` before a line that would start with a control character.
  static func escaped(_ text: String) -> String {
    var roff = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": roff += "\\e"
      case "-": roff += "\\-"
      case _ where special[scalar] != nil: roff += special[scalar]!
      case _ where !scalar.isASCII:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        roff += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: roff.unicodeScalars.append(scalar)
      }
    }
    return roff.hasPrefix(".") || roff.hasPrefix("'") ? "\\&" + roff : roff
  }
}
