import Foundation
import XCTest

@testable import PayDrillCLI
@testable import PayDrillCommandLine

/// The manual page comes from the command table: every command has its section with its own options, every
/// option is in it, and man, groff and nroff (those installed) render it without a warning.
final class ManPageTests: XCTestCase {
  /// The page's text from each command's `.SS` line to the next section.
  private func sections() -> [String: String] {
    var sections: [String: String] = [:]
    var current: String?
    for line in ManPage.lines {
      if line.hasPrefix(".SS ") || line.hasPrefix(".SH ") {
        current = line.hasPrefix(".SS ") ? line : nil
        if let current { sections[current] = "" }
      } else if let current {
        sections[current, default: ""] += line + "\n"
      }
    }
    return sections
  }

  func testEveryCommandHasItsSectionWithItsOptionsAndEveryOptionIsOnThePage() throws {
    let page = ManPage.text
    let sections = sections()
    for command in CommandTable.commands {
      let heading = ".SS \"\(ManPage.escaped(command.usage))\""
      let section = try XCTUnwrap(sections[heading], "\(command.name): no \(heading)")
      XCTAssertTrue(section.contains(ManPage.escaped(command.summary)), "\(command.name)")
      XCTAssertTrue(section.contains(ManPage.escaped(command.examples[0])), "\(command.name)")
      for option in command.options where option.section != .global {
        let listed = "\\fB\(ManPage.escaped(option.name))\\fR"
        XCTAssertTrue(section.contains(listed), "\(command.name): \(option.name)")
      }
      for option in CommandTable.options where CommandTable.option(option.name, of: command.name) == nil {
        XCTAssertFalse(
          section.contains("\\fB\(ManPage.escaped(option.name))\\fR"), "\(command.name) lists \(option.name)")
      }
      if let word = command.name.word {
        XCTAssertTrue(
          page.contains("\\fBpaydrill \(ManPage.escaped(word))\\fR"), "\(command.name) in the synopsis")
      }
    }
    for option in CommandTable.options {
      for spelling in option.spellings {
        XCTAssertTrue(page.contains("\\fB\(ManPage.escaped(spelling))\\fR"), spelling)
      }
      XCTAssertTrue(page.contains(ManPage.escaped(option.summary)), option.name)
    }
    for heading in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "\"EXIT STATUS\"", "FILES", "\"SEE ALSO\"",
    ] {
      XCTAssertTrue(ManPage.lines.contains(".SH \(heading)"), heading)
    }
    XCTAssertTrue(page.hasPrefix(".\\\" paydrill(1)"), "a comment first")
    XCTAssertTrue(page.contains(".TH PAYDRILL 1 \"\" \"paydrill \(HelpText.version)\""))
  }

  func testTextIsEscapedForRoff() {
    XCTAssertEqual(ManPage.escaped("--seed"), "\\-\\-seed")
    XCTAssertEqual(ManPage.escaped("TAPE…"), "TAPE...")
    XCTAssertEqual(ManPage.escaped("a\\b"), "a\\eb")
    XCTAssertEqual(ManPage.escaped(".x"), "\\&.x")
    XCTAssertEqual(ManPage.escaped("€"), "\\[u20AC]")
    for line in ManPage.lines {
      XCTAssertTrue(line.unicodeScalars.allSatisfy(\.isASCII), line)
    }
  }

  /// Renders the page with `tool` and returns what it wrote on standard error, or skips if it is absent.
  private func warnings(_ tool: String, _ arguments: [String]) throws -> String {
    guard CompletionScriptTests.installed(tool) else { throw XCTSkip("\(tool) is not installed") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    // An ASCII terminal is the strictest: a character it cannot draw is a warning.
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["LANG": "C", "LC_ALL": "C", "MANWIDTH": "80", "MAN_KEEP_STDERR": "1"]) { $1 }
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(ManPage.text.utf8))
    try input.fileHandleForWriting.close()
    let rendered = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(tool): \(errorText)")
    XCTAssertFalse(rendered.isEmpty, tool)
    return errorText
  }

  /// `--warnings` and `-l` are man-db's (Debian's man); macOS's man (BSD, mandoc) has neither, and there
  /// groff and nroff below render the page when they are installed.
  func testManRendersThePageWithoutWarnings() throws {
    guard CompletionScriptTests.installed("man"), Self.manIsManDB() else {
      throw XCTSkip("man is not man-db, whose --warnings and -l options this check uses")
    }
    XCTAssertEqual(try warnings("man", ["--warnings", "-l", "-"]), "")
  }

  /// Whether `man` is man-db: it answers `--version` with "man 2.x" (BSD's man and mandoc refuse the option).
  private static func manIsManDB() -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["man", "--version"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 && text.hasPrefix("man ")
  }

  func testGroffRendersThePageWithoutWarnings() throws {
    XCTAssertEqual(try warnings("groff", ["-man", "-ww", "-Tascii"]), "")
    XCTAssertEqual(try warnings("groff", ["-man", "-ww", "-Tutf8"]), "")
  }

  func testNroffRendersThePageWithoutWarnings() throws {
    XCTAssertEqual(try warnings("nroff", ["-man", "-ww"]), "")
  }
}
