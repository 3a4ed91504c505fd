import Foundation
import XCTest

/// The command line through the real binary: `--version` with the commit it was built from, a command's
/// help, and the refusal of an option the command does not take (exit 2, with its usage).
final class CommandLineEndToEndTests: XCTestCase {
  func testVersionNamesTheVersionAndTheCommit() throws {
    for flag in ["--version", "-V"] {
      let result = try PayDrillBinary.run([flag])
      XCTAssertEqual(result.status, 0, result.standardError)
      XCTAssertEqual(result.standardError, "")
      XCTAssertNotNil(
        result.standardOutput.range(
          of: #"^paydrill \d+\.\d+\.\d+ \(commit ([0-9a-f]{7,}|unknown)\)\n$"#, options: .regularExpression),
        result.standardOutput)
    }
  }

  /// Built inside a git checkout, the commit is HEAD's (or one HEAD has moved on from since the build).
  func testTheCommitIsTheRepositorysWhenThereIsOne() throws {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", PayDrillBinary.packageRoot.path, "cat-file", "-t", "HEAD"]
    git.standardOutput = FileHandle.nullDevice
    git.standardError = FileHandle.nullDevice
    guard (try? git.run()) != nil else { throw XCTSkip("no git") }
    git.waitUntilExit()
    guard git.terminationStatus == 0 else { throw XCTSkip("not a git checkout") }
    let output = try PayDrillBinary.run(["--version"]).standardOutput
    let commit = try XCTUnwrap(
      output.range(of: #"[0-9a-f]{7,}(?=\))"#, options: .regularExpression).map { String(output[$0]) }, output
    )
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = ["git", "-C", PayDrillBinary.packageRoot.path, "cat-file", "-t", commit]
    check.standardOutput = FileHandle.nullDevice
    check.standardError = FileHandle.nullDevice
    try check.run()
    check.waitUntilExit()
    XCTAssertEqual(check.terminationStatus, 0, "\(commit) is a commit of the repository")
  }

  func testPlayHelpAndHelpPlayPrintPlaysOptions() throws {
    let dashed = try PayDrillBinary.run(["play", "--help"])
    XCTAssertEqual(dashed.status, 0, dashed.standardError)
    XCTAssertTrue(
      dashed.standardOutput.hasPrefix("paydrill play: replay tapes (VHS syntax) headlessly"),
      dashed.standardOutput)
    XCTAssertTrue(
      dashed.standardOutput.contains("Usage: paydrill play TAPE… [options]\n"), dashed.standardOutput)
    XCTAssertTrue(dashed.standardOutput.contains("  --junit FILE "), dashed.standardOutput)
    XCTAssertTrue(dashed.standardOutput.contains("Example:\n  paydrill play "), dashed.standardOutput)
    XCTAssertEqual(try PayDrillBinary.run(["help", "play"]).standardOutput, dashed.standardOutput)
  }

  func testAnOptionTheCommandDoesNotTakeIsRefusedWithItsUsage() throws {
    let result = try PayDrillBinary.run(["play", "Tapes/pay-with-visa.tape", "--zoom"])
    XCTAssertEqual(result.status, 2)
    XCTAssertEqual(result.standardOutput, "")
    XCTAssertEqual(
      result.standardError,
      """
      paydrill: play does not take --zoom (an option of the checkout, record and demo)
      usage: paydrill play TAPE… [options]  (see paydrill play --help)

      """)
    let misspelt = try PayDrillBinary.run(["plya", "Tapes/pay-with-visa.tape"])
    XCTAssertEqual(misspelt.status, 2)
    XCTAssertTrue(
      misspelt.standardError.hasPrefix("paydrill: unknown command \"plya\"; did you mean \"play\"?\n"),
      misspelt.standardError)
  }
}
