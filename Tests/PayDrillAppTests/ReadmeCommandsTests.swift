import Foundation
import XCTest

@testable import PayDrillCLI
@testable import PayDrillCommandLine

/// The `paydrill …` command lines of the README's ```sh blocks parse: every command and option they use is one
/// the command takes, with a value it accepts. Nothing is run.
final class ReadmeCommandsTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A `paydrill` command line found in a document: its line and the arguments after `paydrill`.
  struct CommandLine: Equatable {
    var line: Int
    var text: String
    var arguments: [String]
  }

  /// What `commandLines` found: the command lines to parse, and those it left out, with why.
  struct Found {
    var commands: [CommandLine] = []
    var skipped: [(line: Int, text: String, reason: String)] = []
  }

  /// The lines of the fenced ```sh blocks of a Markdown text, with their line numbers (1-based), a line that
  /// ends with `\` joined to the next.
  static func shellLines(of markdown: String) -> [(line: Int, text: String)] {
    var lines: [(line: Int, text: String)] = []
    var inShell = false
    var pending: (line: Int, text: String)?
    for (index, raw) in markdown.components(separatedBy: "\n").enumerated() {
      let trimmed = raw.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        inShell = !inShell && (trimmed == "```sh" || trimmed == "```shell" || trimmed == "```bash")
        continue
      }
      guard inShell else { continue }
      var text = (pending?.text ?? "") + raw
      let line = pending?.line ?? index + 1
      if text.hasSuffix("\\") {
        text.removeLast()
        pending = (line, text)
        continue
      }
      pending = nil
      lines.append((line, text))
    }
    return lines
  }

  /// A shell line's words, as a POSIX shell splits them without expanding anything (quotes removed), and its
  /// operators (`|`, `;`, `&&`, `>`, …) as words of their own. A `#` that starts a word starts a comment.
  static func words(of line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var characters = line[...]
    func end() {
      if inWord { words.append(word) }
      word = ""
      inWord = false
    }
    while let character = characters.popFirst() {
      if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\", open == "\"", let next = characters.first, "\"\\$`".contains(next) {
          word.append(characters.removeFirst())
        } else {
          word.append(character)
        }
        continue
      }
      switch character {
      case "'", "\"":
        quote = character
        inWord = true
      case "\\":
        if let next = characters.popFirst() { word.append(next) }
        inWord = true
      case " ", "\t":
        end()
      case "#" where !inWord:
        return words
      case "|", ";", "&", ">", "<":
        if character == ">" || character == "<", word.allSatisfy(\.isNumber), inWord {
          word = ""  // `2>`: the descriptor belongs to the redirection
          inWord = false
        }
        end()
        var op = String(character)
        while let next = characters.first, "|&>".contains(next) { op.append(characters.removeFirst()) }
        words.append(op)
      default:
        word.append(character)
        inWord = true
      }
    }
    end()
    return words
  }

  private static let operators: Set<String> = ["|", "||", ";", "&", "&&"]
  private static let redirections: Set<String> = [">", ">>", "<", ">&", "&>"]

  /// The `paydrill` command lines of a Markdown text's ```sh blocks (also `.build/debug/paydrill` and
  /// `swift run paydrill`), each simple command of a pipeline or list on its own; redirections are left out.
  /// A line with something only a person or the shell fills in (`…`, `[optional]`, `$VAR`, `$(…)`, a
  /// back-quote, an unclosed quote) is skipped, with its reason.
  static func commandLines(in markdown: String) -> Found {
    var found = Found()
    for (line, text) in shellLines(of: markdown) {
      let commands = words(of: text).split(whereSeparator: { operators.contains($0) })
      for command in commands {
        var arguments = Array(command)
        // Leave out the redirections and their targets.
        var index = 0
        while index < arguments.count {
          if redirections.contains(arguments[index]) {
            arguments.removeSubrange(index..<min(index + 2, arguments.count))
          } else {
            index += 1
          }
        }
        if arguments.starts(with: ["swift", "run"]) { arguments.removeFirst(2) }
        guard let program = arguments.first, program == "paydrill" || program.hasSuffix("/paydrill") else {
          continue
        }
        let rest = Array(arguments.dropFirst())
        let shown = (["paydrill"] + rest).joined(separator: " ")
        if let reason = placeholder(in: text) {
          found.skipped.append((line, shown, reason))
        } else {
          found.commands.append(CommandLine(line: line, text: shown, arguments: rest))
        }
      }
    }
    return found
  }

  /// Why a shell line cannot be parsed as written, if it cannot.
  static func placeholder(in text: String) -> String? {
    if text.contains("…") || text.contains("...") { return "an ellipsis stands for more" }
    if text.contains("$(") || text.contains("`") { return "a command substitution" }
    if text.range(of: #"\$\{?[A-Za-z_]"#, options: .regularExpression) != nil { return "a shell variable" }
    if text.range(of: #"(^|\s)\[[^\]]*\]"#, options: .regularExpression) != nil {
      return "[optional] parts"
    }
    if text.filter({ $0 == "\"" }).count % 2 == 1 || text.filter({ $0 == "'" }).count % 2 == 1 {
      return "an unclosed quote"
    }
    return nil
  }

  func testTheReadmesCommandLinesParse() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let found = Self.commandLines(in: readme)
    XCTAssertFalse(found.commands.isEmpty, "README.md: no paydrill command line in a ```sh block")
    for command in found.commands {
      do {
        _ = try CommandLineOptions.parse(command.arguments)
      } catch let error as CommandLineOptions.UsageError {
        XCTFail("README.md:\(command.line): `\(command.text)`: paydrill: \(error.text)")
      }
    }
    for skipped in found.skipped {
      print("README.md:\(skipped.line): skipped `\(skipped.text)`: \(skipped.reason)")
    }
  }

  /// The extraction itself: quotes, comments, pipelines, redirections, continuations and placeholders.
  func testTheExtractionReadsShellAsAShellWould() {
    let markdown = """
      Some text with `paydrill --bogus` inline, which is not in a block.
      ```sh
      paydrill play a.tape --screen "/tmp/my screen.txt"   # a comment --bogus
      make play-tapes && .build/debug/paydrill cards | head -3
      paydrill schema scenario > scenario.schema.json 2>/dev/null
      swift run paydrill \\
        --scenario tokyo-yen
      paydrill record TAPE [--seed N]
      paydrill --scenario "$SCENARIO"
      ```
      ```text
      paydrill --not-shell
      ```
      """
    let found = Self.commandLines(in: markdown)
    XCTAssertEqual(
      found.commands.map(\.arguments),
      [
        ["play", "a.tape", "--screen", "/tmp/my screen.txt"], ["cards"], ["schema", "scenario"],
        ["--scenario", "tokyo-yen"],
      ])
    XCTAssertEqual(found.commands.map(\.line), [3, 4, 5, 6])
    XCTAssertEqual(found.skipped.map(\.line), [8, 9])
    XCTAssertEqual(found.skipped.map(\.reason), ["[optional] parts", "a shell variable"])
  }

  /// A command line the parser refuses is reported: the check can fail.
  func testARefusedCommandLineIsFound() {
    let found = Self.commandLines(in: "```sh\npaydrill cards --zoom\n```\n")
    XCTAssertEqual(found.commands.count, 1)
    XCTAssertThrowsError(try CommandLineOptions.parse(found.commands[0].arguments))
  }
}
