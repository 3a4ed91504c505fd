import JUnitReports

/// Merges the JUnit reports of a suite's shards into one report: one `testsuites`, one `testsuite` for each
/// suite name (the shards of `paydrill play --shard` all write "paydrill tapes"), the totals summed.
///
/// The order does not depend on the order the reports are named in or the shards finished in: suites by
/// name, and in each suite the test cases by file, class name and name. For tapes that is the order of their
/// paths, the order `play` reports a whole suite in, so the merged report reads like one machine's.
///
/// Shards must not overlap: a test case (the same suite, class name, name and file) in two reports is an
/// error, since it would be counted twice; within one report, the tool that wrote it decides.
public enum JUnitMerger {
  public enum Outcome: Equatable, Sendable {
    /// The merged report's root, and its totals.
    case merged(JUnitElement, JUnitTotals)
    /// Test cases found in more than one report, one error each, at the later report's line.
    case overlapping([JUnitMergeError])
  }

  public static func merge(_ reports: [JUnitReportFile]) -> Outcome {
    var partsByName: [String?: [Part]] = [:]
    for (index, report) in reports.enumerated() {
      for suite in report.suites {
        partsByName[suite.name, default: []].append(Part(report: index, suite: suite))
      }
    }
    // The suite without a name first, then by name.
    let names = partsByName.keys.sorted { ($0 == nil ? 0 : 1, $0 ?? "") < ($1 == nil ? 0 : 1, $1 ?? "") }
    var suites: [JUnitElement] = []
    var totals = JUnitTotals()
    var overlaps: [JUnitMergeError] = []
    for name in names {
      let parts = partsByName[name] ?? []
      overlaps += self.overlaps(in: parts, name: name, reports: reports)
      let suiteTotals = parts.map(\.suite.totals).reduce(JUnitTotals(), +)
      totals = totals + suiteTotals
      suites.append(
        JUnitElement(
          "testsuite", (name.map { [.init("name", $0)] } ?? []) + suiteTotals.attributes + agreed(parts),
          children: children(of: parts)))
    }
    guard overlaps.isEmpty else { return .overlapping(overlaps) }
    return .merged(JUnitElement("testsuites", totals.attributes, children: suites), totals)
  }

  /// A suite of one report.
  private struct Part {
    var report: Int
    var suite: JUnitSuite
  }

  /// What makes two test cases of one suite the same test.
  private struct TestCaseKey: Hashable {
    var classname: String?
    var name: String?
    var file: String?

    init(_ testCase: JUnitElement) {
      classname = testCase.attribute("classname")
      name = testCase.attribute("name")
      file = testCase.attribute("file")
    }

    var spoken: String {
      let details = [classname.map { "class \($0)" }, file.map { "file \($0)" }].compactMap { $0 }
      return "\"\(name ?? "")\"" + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
    }
  }

  /// The test cases of a suite that are in more than one report.
  private static func overlaps(in parts: [Part], name: String?, reports: [JUnitReportFile])
    -> [JUnitMergeError]
  {
    var owners: [TestCaseKey: Int] = [:]
    var errors: [JUnitMergeError] = []
    for part in parts {
      for testCase in part.suite.testCases {
        let key = TestCaseKey(testCase)
        if let owner = owners[key], owner != part.report {
          errors.append(
            JUnitMergeError(
              file: reports[part.report].path, line: testCase.line,
              problem: "the test case \(key.spoken)" + (name.map { " of testsuite \"\($0)\"" } ?? "")
                + " is in \(reports[owner].path) too: the shards overlap (each test case belongs to one "
                + "report)"))
        } else if owners[key] == nil {
          owners[key] = part.report
        }
      }
    }
    return errors
  }

  /// The attributes (other than the name and the totals) that every part of a suite has, with the same value.
  private static func agreed(_ parts: [Part]) -> [JUnitElement.Attribute] {
    (parts.first?.suite.otherAttributes ?? []).filter { attribute in
      parts.allSatisfy { $0.suite.otherAttributes.contains(attribute) }
    }
  }

  /// A merged suite's children in the order JUnit's schema gives them: one `properties` with every distinct
  /// property, the test cases in their order, one `system-out` and one `system-err` with the parts' texts,
  /// then anything else the parts hold.
  private static func children(of parts: [Part]) -> [JUnitElement] {
    var properties: [JUnitElement] = []
    var outputs: [String: [String]] = [:]
    var others: [JUnitElement] = []
    var cases: [(key: (String, String, String, Int, Int), testCase: JUnitElement)] = []
    for part in parts {
      for (position, testCase) in part.suite.testCases.enumerated() {
        let key = TestCaseKey(testCase)
        cases.append(((key.file ?? "", key.classname ?? "", key.name ?? "", part.report, position), testCase))
      }
      for child in part.suite.otherChildren {
        switch child.name {
        case "properties":
          for property in child.children
          where !properties.contains(where: {
            $0.attributes == property.attributes && $0.text == property.text
          }) {
            properties.append(property)
          }
        case "system-out", "system-err": outputs[child.name, default: []].append(child.text)
        default: others.append(child)
        }
      }
    }
    let outputElements = ["system-out", "system-err"].compactMap { name in
      outputs[name].map { JUnitElement(name, text: $0.filter { !$0.isEmpty }.joined(separator: "\n")) }
    }
    return (properties.isEmpty ? [] : [JUnitElement("properties", children: properties)])
      + cases.sorted { $0.key < $1.key }.map(\.testCase) + outputElements + others
  }
}
