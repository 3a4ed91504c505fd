import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillCLI
@testable import PayDrillCommandLine

/// The completion scripts come from the command table: every command and option is in each, each command
/// offers its own options only (play's under play alone), and the scripts complete in the real shells
/// (bash always; fish where it is installed; `CompletionEndToEndTests` has zsh, and `bash -n`, `zsh -n` and
/// `fish -n`) what the table says: commands, options, fixed values, the
/// built-in scenarios and themes, tapes and files.
final class CompletionScriptTests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paydrill-completion-\(UUID().uuidString)")

  override func setUpWithError() throws {
    // What file completion can find: a tape, a JSON file, a JUnit report, another file and a folder.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("work/folder"), withIntermediateDirectories: true)
    for file in ["flow.tape", "mine.json", "tapes-1.xml", "notes.txt"] {
      try Data().write(to: folder.appendingPathComponent("work/\(file)"))
    }
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private var playOnly: [OptionSpec] {
    CommandTable.options.filter { $0.commands == [.play] }
  }

  /// Whether `word` stands in `text` as a word of its own (not inside `command` or `--screens`).
  private func contains(_ text: String, word: String) -> Bool {
    let escaped = NSRegularExpression.escapedPattern(for: word)
    return text.range(of: #"(^|[\s'"(|:])"# + escaped + #"($|[\s'")|:])"#, options: .regularExpression)
      != nil
  }

  func testEveryCommandAndOptionIsInEachScript() {
    for shell in CompletionScript.Shell.allCases {
      let script = CompletionScript.text(for: shell)
      XCTAssertTrue(script.hasSuffix("\n"))
      for command in CommandTable.commands {
        guard let word = command.name.word else { continue }
        XCTAssertTrue(contains(script, word: word), "\(shell): \(word)")
      }
      for option in CommandTable.options {
        for spelling in option.spellings {
          let written =
            shell == .fish
            ? (spelling.hasPrefix("--") ? "-l \(spelling.dropFirst(2))" : "-s \(spelling.dropFirst())")
            : spelling
          XCTAssertTrue(script.contains(written), "\(shell): \(spelling)")
        }
        for choice in option.choices {
          XCTAssertTrue(contains(script, word: choice), "\(shell): \(option.name) \(choice)")
        }
      }
      for scenario in Scenario.builtIn {
        XCTAssertTrue(contains(script, word: scenario.name), "\(shell): \(scenario.name)")
      }
    }
    XCTAssertTrue(CompletionScript.text(for: .zsh).hasPrefix("#compdef paydrill\n"), "zsh's fpath needs it")
  }

  func testTheThemeChoicesAreTheBuiltInThemes() throws {
    let theme = try XCTUnwrap(CommandTable.options.first { $0.name == "--theme" })
    XCTAssertEqual(Set(theme.choices), Set(Theme.builtIn.keys))
  }

  /// The bash and zsh scripts' `case $command in` of options: each arm's commands and option spellings.
  private func optionArms(_ shell: CompletionScript.Shell) -> [(commands: [String], spellings: [String])] {
    let lines = CompletionScript.text(for: shell).split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.contains("[[ $cur == -* ]]") }) else { return [] }
    var arms: [(commands: [String], spellings: [String])] = []
    for line in lines[(start + 1)...] {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "esac" { break }
      if trimmed.hasPrefix("("), trimmed.hasSuffix(")") {
        arms.append((trimmed.dropFirst().dropLast().split(separator: "|").map(String.init), []))
      } else if !arms.isEmpty {
        // bash: '--a --b'; zsh: '--a:what it does' '--b:…'.
        let pattern = #"(?<=['\s])--?[A-Za-z][A-Za-z-]*(?=[\s':])"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(trimmed.startIndex..., in: trimmed)
        let found = regex.matches(in: trimmed, range: range).map {
          String(trimmed[Range($0.range, in: trimmed)!])
        }
        let items = shell == .zsh ? found.filter { spelling in trimmed.contains("'\(spelling):") } : found
        arms[arms.count - 1].spellings += items
      }
    }
    return arms
  }

  func testEachCommandOffersItsOwnOptionsOnlyInBashAndZsh() {
    for shell in [CompletionScript.Shell.bash, .zsh] {
      let arms = optionArms(shell)
      for command in CommandTable.commands {
        let word = command.name.word ?? "''"
        let matching = arms.filter { $0.commands.contains(word) }
        XCTAssertEqual(matching.count, 1, "\(shell): \(word)")
        XCTAssertEqual(
          Set(matching.first?.spellings ?? []), Set(command.options.flatMap(\.spellings)), "\(shell): \(word)"
        )
      }
      for option in playOnly {
        let offering = arms.filter { $0.spellings.contains(option.name) }
        XCTAssertEqual(offering.map(\.commands), [["play"]], "\(shell): \(option.name) only under play")
      }
      // The values: `COMMAND:OPTION` patterns.
      let script = CompletionScript.text(for: shell)
      for option in playOnly {
        let pattern = #"[a-z]*:"# + option.name + #"(?=[|)])"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let patterns = regex.matches(in: script, range: NSRange(script.startIndex..., in: script)).map {
          String(script[Range($0.range, in: script)!])
        }
        // bash has no arm for a value it cannot offer (a number).
        XCTAssertTrue(Set(patterns).isSubset(of: ["play:\(option.name)"]), "\(shell): \(patterns)")
        XCTAssertEqual(
          patterns.isEmpty,
          option.value == nil
            || (shell == .bash && option.choices.isEmpty
              && !["FILE", "DIR"].contains(option.value)),
          "\(shell): \(option.name)")
      }
    }
  }

  func testEachOptionIsDeclaredForItsCommandsInFish() throws {
    let lines = CompletionScript.text(for: .fish).split(separator: "\n").map(String.init)
    for option in CommandTable.options {
      let flag = "-l " + option.name.dropFirst(2) + " "
      let declared = lines.filter { $0.hasPrefix("complete -c paydrill") && $0.contains(flag) }
      let commands =
        option.commands.count == CommandSpec.Name.allCases.count
        ? ""
        : "-n '__paydrill_command "
          + CommandSpec.Name.allCases.filter(option.commands.contains).map { $0.word ?? "\"\"" }
          .joined(separator: " ") + "'"
      let conditioned = declared.filter { commands.isEmpty ? !$0.contains(" -n ") : $0.contains(commands) }
      XCTAssertEqual(conditioned.count, 1, "\(option.name): \(declared)")
    }
    for option in playOnly {
      let line = try XCTUnwrap(lines.first { $0.contains("-l " + option.name.dropFirst(2) + " ") })
      XCTAssertTrue(line.contains("-n '__paydrill_command play'"), line)
    }
  }

  // MARK: - In the real shells

  /// Command lines to complete, what each must offer and what it must not.
  private struct Case {
    let words: [String]
    let offers: Set<String>
    var refuses: Set<String> = []
  }

  private var cases: [Case] {
    let commands = Set(CommandTable.commands.compactMap(\.name.word))
    let every = Set(CommandTable.options.flatMap(\.spellings))
    var cases = [
      Case(words: [""], offers: commands),
      Case(words: ["pl"], offers: ["play"], refuses: ["demo"]),
      Case(words: ["--scenario", "tok"], offers: ["tokyo-yen"]),
      Case(words: ["--scenario", ""], offers: Set(Scenario.builtIn.map(\.name)).union(["mine.json"])),
      Case(words: ["--theme", ""], offers: Set(Theme.builtIn.keys).union(["mine.json"])),
      Case(words: ["play", "--ju"], offers: ["--junit"]),
      Case(words: ["play", "--zo"], offers: [], refuses: ["--zoom"]),
      Case(words: ["--latency", "5", "play", "--ju"], offers: ["--junit"]),
      Case(words: ["--scenario", "tokyo-yen", ""], offers: commands),
      Case(words: ["play", ""], offers: ["flow.tape", "folder/"], refuses: ["mine.json", "notes.txt"]),
      Case(words: ["play", "flow.tape", ""], offers: ["flow.tape"]),
      Case(words: ["record", ""], offers: ["flow.tape"], refuses: ["mine.json"]),
      Case(words: ["check", ""], offers: ["flow.tape", "mine.json", "notes.txt"]),
      Case(words: ["play", "--junit", ""], offers: ["notes.txt"]),
      Case(
        words: ["merge-junit", ""], offers: ["tapes-1.xml", "folder/"], refuses: ["flow.tape", "notes.txt"]),
      Case(words: ["merge-junit", "tapes-1.xml", "--output", ""], offers: ["notes.txt", "tapes-1.xml"]),
      Case(words: ["mer"], offers: ["merge-junit"]),
      Case(words: ["play", "--screens", ""], offers: ["folder/"], refuses: ["notes.txt"]),
      Case(words: ["schema", ""], offers: Set(JSONSchemaDocument.names)),
      Case(words: ["completions", ""], offers: Set(CompletionScript.Shell.allCases.map(\.rawValue))),
      Case(words: ["help", "de"], offers: ["demo"]),
      Case(words: ["history", ""], offers: ["show"]),
      Case(words: ["history", "--scenario", "har"], offers: ["harbour-books"]),
    ]
    for command in CommandTable.commands {
      let own = Set(command.options.flatMap(\.spellings))
      cases.append(
        Case(
          words: (command.name.word.map { [$0] } ?? []) + ["--"], offers: own.filter { $0.hasPrefix("--") },
          refuses: every.subtracting(own)))
      for option in command.options where !option.choices.isEmpty {
        cases.append(
          Case(
            words: (command.name.word.map { [$0] } ?? []) + [option.name, ""], offers: Set(option.choices)))
      }
    }
    return cases
  }

  /// Runs `script` in `shell` in the folder with the test's files; its output's lines.
  private func run(_ shell: String, _ arguments: [String], script: String) throws -> [String] {
    let file = folder.appendingPathComponent("test-script")
    try script.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [shell] + arguments + [file.path]
    process.currentDirectoryURL = folder.appendingPathComponent("work")
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    XCTAssertEqual(process.terminationStatus, 0, text)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Checks what each case offered (one line of output each, after the marker).
  private func check(_ shell: String, _ offered: [Set<String>]) {
    XCTAssertEqual(offered.count, cases.count, shell)
    for (test, got) in zip(cases, offered) {
      let line = "paydrill " + test.words.joined(separator: " ")
      XCTAssertTrue(
        test.offers.isSubset(of: got),
        "\(shell): \(line) offered \(got.sorted()), not all of \(test.offers.sorted())")
      XCTAssertTrue(
        test.refuses.isDisjoint(with: got),
        "\(shell): \(line) offered \(got.intersection(test.refuses).sorted())")
    }
  }

  /// Whether a program is on the PATH (`command -v`).
  static func installed(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
  }

  func testBashCompletesWhatTheTableSays() throws {
    guard Self.installed("bash") else { throw XCTSkip("bash is not installed") }
    var script =
      CompletionScript.text(for: .bash) + """
        complete_line() {
          COMP_WORDS=(paydrill "$@"); COMP_CWORD=$#; COMPREPLY=(); _paydrill
          local word line=
          for word in "${COMPREPLY[@]}"; do [[ -d $word ]] && word+=/; line+="$word"$'\\t'; done
          printf '@%s\\n' "$line"
        }

        """
    for test in cases {
      script += "complete_line " + test.words.map(CompletionScript.quoted).joined(separator: " ") + "\n"
    }
    let output = try run("bash", ["--norc", "--noprofile"], script: script)
    check(
      "bash",
      output.filter { $0.hasPrefix("@") }.map { Set($0.dropFirst().split(separator: "\t").map(String.init)) })
  }

  func testFishCompletesWhatTheTableSays() throws {
    guard Self.installed("fish") else { throw XCTSkip("fish is not installed: its script is not run") }
    var script = CompletionScript.text(for: .fish)
    for test in cases {
      let line = (["paydrill"] + test.words).joined(separator: " ")
      // printf prints its format even when the completion offers nothing.
      script += "printf '@%s\\n' (complete -C'\(line)' | string replace -r '\\t.*' '' | string join \\t)\n"
    }
    let output = try run("fish", ["--no-config"], script: script)
    check(
      "fish",
      output.filter { $0.hasPrefix("@") }.map { Set($0.dropFirst().split(separator: "\t").map(String.init)) })
  }
}
