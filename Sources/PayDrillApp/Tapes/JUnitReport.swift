import Foundation

/// Tape runs as JUnit XML, the format CI systems show test results in: one `testsuite`, one `testcase` per
/// tape, a `failure` with the report for each failed tape.
///
/// Written directly rather than through FoundationXML, which would link libxml2 into every run of paydrill
/// (its start-up and memory are measured against a floor); the tests read the report back with `XMLDocument`.
public enum JUnitReport {
  public static func xml(_ runs: [TapeRun], suiteName: String = "paydrill tapes") -> String {
    let failures = runs.filter { !$0.passed }.count
    let total = runs.reduce(Duration.zero) { $0 + $1.duration }
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#, "<testsuites>",
      "  "
        + open(
          "testsuite",
          [
            ("name", suiteName), ("tests", "\(runs.count)"), ("failures", "\(failures)"), ("errors", "0"),
            ("time", seconds(total)),
          ]),
    ]
    for run in runs {
      let name = URL(fileURLWithPath: run.tape.file).deletingPathExtension().lastPathComponent
      let testCase = open(
        "testcase",
        [("name", name), ("classname", "tapes"), ("file", run.tape.file), ("time", seconds(run.duration))])
      guard let report = run.failureReport else {
        lines.append("    " + testCase.dropLast() + "/>")
        continue
      }
      let failure = open(
        "failure", [("message", String(report.prefix { $0 != "\n" })), ("type", failureType(run.outcome))])
      lines.append("    " + testCase)
      lines.append("      " + failure + escaped(report, quotes: false) + "</failure>")
      lines.append("    </testcase>")
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A start tag with its attributes, in the order given, so the report is the same from run to run.
  private static func open(_ name: String, _ attributes: [(String, String)]) -> String {
    "<\(name)" + attributes.map { " \($0.0)=\"\(escaped($0.1, quotes: true))\"" }.joined() + ">"
  }

  /// Text as XML 1.0 takes it: markup characters as entities, and control characters it cannot hold as "?".
  static func escaped(_ text: String, quotes: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      case "\n" where quotes: result += "&#10;"
      case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "?"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func failureType(_ outcome: TapePlayer.Outcome) -> String {
    if case .waitTimedOut = outcome { return "WaitTimedOut" }
    return "ExpectationFailed"
  }

  private static func seconds(_ duration: Duration) -> String {
    String(format: "%.3f", duration.inSeconds)
  }
}
