import Foundation
import XCTest

@testable import PayDrillCommandLine

/// No word a user cannot look up: `--seed` is the random seed, so "the seed" never also means the SDK
/// documents PayDrill simulates, in the docs, the README, the examples, the built-in scenarios or the
/// program's own words (its help, its warnings).
final class WordsTests: XCTestCase {
  /// "The seed's example", "the seed asks", "(the seed: …)": the SDK documents called by an internal name.
  private static let seedAsDocuments = try! NSRegularExpression(
    pattern:
      #"\b[Tt]he seeds?'s?\s|\b[Tt]he seed (asks|says|does|puts|types|lists|names|describes|declares|groups|writes|gives)\b|\(the seed:|(as in|reading of|follows) the seed\b"#
  )

  private func files(under folder: String, endingWith suffixes: [String]) -> [String] {
    let root = DocsDriftTests.root.appendingPathComponent(folder)
    let walker = FileManager.default.enumerator(atPath: root.path)
    return (walker?.allObjects as? [String] ?? []).filter { path in suffixes.contains { path.hasSuffix($0) } }
      .map { folder + "/" + $0 }
  }

  func testNoDocumentCallsTheSDKDocumentsTheSeed() throws {
    let paths =
      ["README.md"] + files(under: "docs", endingWith: [".md", ".yaml"])
      + files(under: "Examples", endingWith: [".py"]) + files(under: "Scenarios", endingWith: [".json"])
      + files(under: "Sources/CheckoutEngine/BuiltInScenarios", endingWith: [".json"])
    XCTAssertGreaterThan(paths.count, 20)
    var found: [String] = []
    for path in paths {
      let text = try DocsDriftTests.page(path)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = String(line)
        if Self.seedAsDocuments.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
          found.append("\(path):\(number + 1): \(line)")
        }
      }
    }
    XCTAssertEqual(found, [], found.joined(separator: "\n"))
  }

  /// The program's help says what `--seed` is: the random seed (of the checkout's gateway, of the fuzzer).
  func testTheHelpOfSeedSaysItIsTheRandomSeed() {
    let help = HelpText.help(for: nil).replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
    XCTAssertTrue(help.contains("--seed N the random seed of"), help)
    let fuzz = HelpText.help(for: .fuzz).replacingOccurrences(
      of: #"\s+"#, with: " ", options: .regularExpression)
    XCTAssertTrue(fuzz.contains("random seed"), fuzz)
    XCTAssertFalse(HelpText.help(for: .serve).contains("seed's"), HelpText.help(for: .serve))
  }
}
