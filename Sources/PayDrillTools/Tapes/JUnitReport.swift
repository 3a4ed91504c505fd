import Foundation
import JUnitReports

/// Tape runs as JUnit XML, the format CI systems show test results in: one `testsuite`, one `testcase` per
/// tape, a `failure` with the report for each failed tape.
///
/// Written with `JUnitElement` rather than through FoundationXML, which would link libxml2 into every run of
/// paydrill (its start-up and memory are measured against a floor); `paydrill merge-junit` reads reports in a
/// program of its own, and the tests read the report back with `XMLDocument`.
public enum JUnitReport {
  public static func xml(_ runs: [TapeRun], suiteName: String = "paydrill tapes") -> String {
    xml(runs, failureReports: runs.map(\.failureReport), suiteName: suiteName)
  }

  /// The report with each run's `failureReport` at hand (the fuzzer checks it as well as the XML).
  static func xml(_ runs: [TapeRun], failureReports: [String?], suiteName: String = "paydrill tapes")
    -> String
  {
    let failures = runs.filter { !$0.passed }.count
    let total = runs.reduce(Duration.zero) { $0 + $1.duration }
    let cases = zip(runs, failureReports).map { run, failureReport in
      let name = URL(fileURLWithPath: run.tape.file).deletingPathExtension().lastPathComponent
      let failure = failureReport.map { report in
        JUnitElement(
          "failure",
          [.init("message", String(report.prefix { $0 != "\n" })), .init("type", failureType(run.outcome))],
          text: report)
      }
      return JUnitElement(
        "testcase",
        [
          .init("name", name), .init("classname", "tapes"), .init("file", run.tape.file),
          .init("time", JUnitElement.seconds(run.duration.inSeconds)),
        ], children: failure.map { [$0] } ?? [])
    }
    let suite = JUnitElement(
      "testsuite",
      [
        .init("name", suiteName), .init("tests", "\(runs.count)"), .init("failures", "\(failures)"),
        .init("errors", "0"), .init("time", JUnitElement.seconds(total.inSeconds)),
      ], children: cases)
    return JUnitElement("testsuites", children: [suite]).document
  }

  private static func failureType(_ outcome: TapePlayer.Outcome) -> String {
    if case .waitTimedOut = outcome { return "WaitTimedOut" }
    if case .patternTooSlow = outcome { return "PatternTooSlow" }
    return "ExpectationFailed"
  }
}
