import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Tape runs as JUnit XML, the format CI systems show test results in: one `testsuite`, one `testcase` per
/// tape, a `failure` with the report for each failed tape.
public enum JUnitReport {
  public static func xml(_ runs: [TapeRun], suiteName: String = "paydrill tapes") -> String {
    let suite = XMLElement(name: "testsuite")
    let failures = runs.filter { !$0.passed }.count
    let total = runs.reduce(Duration.zero) { $0 + $1.duration }
    set(
      suite,
      [
        ("name", suiteName), ("tests", "\(runs.count)"), ("failures", "\(failures)"), ("errors", "0"),
        ("time", seconds(total)),
      ])
    for run in runs {
      let testCase = XMLElement(name: "testcase")
      let name = URL(fileURLWithPath: run.tape.file).deletingPathExtension().lastPathComponent
      set(
        testCase,
        [("name", name), ("classname", "tapes"), ("file", run.tape.file), ("time", seconds(run.duration))])
      if let report = run.failureReport {
        let failure = XMLElement(name: "failure", stringValue: report)
        set(failure, [("message", String(report.prefix { $0 != "\n" })), ("type", failureType(run.outcome))])
        testCase.addChild(failure)
      }
      suite.addChild(testCase)
    }
    let root = XMLElement(name: "testsuites")
    root.addChild(suite)
    let document = XMLDocument(rootElement: root)
    document.version = "1.0"
    document.characterEncoding = "UTF-8"
    return document.xmlString(options: [.nodePrettyPrint]) + "\n"
  }

  /// Attributes in the order given, so the report is the same from run to run.
  private static func set(_ element: XMLElement, _ attributes: [(String, String)]) {
    for (name, value) in attributes {
      if let attribute = XMLNode.attribute(withName: name, stringValue: value) as? XMLNode {
        element.addAttribute(attribute)
      }
    }
  }

  private static func failureType(_ outcome: TapePlayer.Outcome) -> String {
    if case .waitTimedOut = outcome { return "WaitTimedOut" }
    return "ExpectationFailed"
  }

  private static func seconds(_ duration: Duration) -> String {
    let (whole, fraction) = duration.components
    return String(format: "%.3f", Double(whole) + Double(fraction) / 1e18)
  }
}
