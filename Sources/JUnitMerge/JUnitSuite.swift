import JUnitReports

/// One `testsuite` of a report, checked: its name, its totals (as its attributes state them, or counted from
/// its test cases where an attribute is missing), its test cases, and what else it holds (`properties`,
/// `system-out`, …), kept to be written back.
public struct JUnitSuite: Equatable, Sendable {
  /// Its `name`; nil when it has none.
  public var name: String?
  public var totals: JUnitTotals
  /// Its attributes other than the name and the totals (`timestamp`, `hostname`, …).
  public var otherAttributes: [JUnitElement.Attribute]
  public var testCases: [JUnitElement]
  /// Its other children, in order.
  public var otherChildren: [JUnitElement]

  /// Checks a `testsuite` element of `file`.
  init(_ element: JUnitElement, file: String) throws {
    name = element.attribute("name")
    let label = name.map { "testsuite \"\($0)\"" } ?? "testsuite"
    func problem(_ text: String, at line: Int? = element.line) -> JUnitMergeError {
      JUnitMergeError(file: file, line: line, problem: text)
    }
    testCases = []
    otherChildren = []
    for child in element.children {
      switch child.name {
      case "testcase":
        guard child.attribute("name") != nil else {
          throw problem("a testcase without a name, in \(label)", at: child.line)
        }
        testCases.append(child)
      case "testsuite":
        throw problem(
          "a testsuite inside \(label): nested suites are not supported (merge-junit takes a testsuite in "
            + "testsuites, or a testsuite alone)", at: child.line)
      default:
        otherChildren.append(child)
      }
    }
    otherAttributes = element.attributes.filter {
      $0.name != "name" && !JUnitTotals.attributeNames.contains($0.name)
    }
    func count(_ attribute: String, counted: () -> Int) throws -> Int {
      guard let text = element.attribute(attribute) else { return counted() }
      guard let number = Int(text), number >= 0 else {
        throw problem("\(label): \(attribute)=\"\(text)\" is not a whole number")
      }
      return number
    }
    func seconds(_ text: String, of what: String) throws -> Double {
      guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
        throw problem("\(what): time=\"\(text)\" is not a number of seconds")
      }
      return seconds
    }
    let cases = testCases
    func holding(_ child: String) -> Int { cases.filter { !$0.children(named: child).isEmpty }.count }
    totals = JUnitTotals(
      tests: try count("tests") { cases.count },
      failures: try count("failures") { holding("failure") },
      errors: try count("errors") { holding("error") },
      skipped: try count("skipped") { holding("skipped") },
      seconds: try element.attribute("time").map { try seconds($0, of: label) }
        ?? cases.reduce(0) { sum, testCase in
          try sum + (testCase.attribute("time").map { try seconds($0, of: "a testcase of \(label)") } ?? 0)
        })
  }
}
