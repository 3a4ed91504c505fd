import JUnitReports

/// What a suite or a whole report counts: its tests, failures, errors and skipped tests, and the seconds they
/// took. The totals of a merged report are the sums of its parts'.
public struct JUnitTotals: Equatable, Sendable {
  public var tests = 0
  public var failures = 0
  public var errors = 0
  public var skipped = 0
  public var seconds = 0.0

  public init(tests: Int = 0, failures: Int = 0, errors: Int = 0, skipped: Int = 0, seconds: Double = 0) {
    self.tests = tests
    self.failures = failures
    self.errors = errors
    self.skipped = skipped
    self.seconds = seconds
  }

  /// The attributes that carry the totals, as `testsuites` and `testsuite` write them.
  public static let attributeNames = ["tests", "failures", "errors", "skipped", "time"]

  public static func + (left: JUnitTotals, right: JUnitTotals) -> JUnitTotals {
    JUnitTotals(
      tests: left.tests + right.tests, failures: left.failures + right.failures,
      errors: left.errors + right.errors, skipped: left.skipped + right.skipped,
      seconds: left.seconds + right.seconds)
  }

  /// `tests="20" failures="1" errors="0" skipped="0" time="0.512"`.
  public var attributes: [JUnitElement.Attribute] {
    zip(
      Self.attributeNames,
      ["\(tests)", "\(failures)", "\(errors)", "\(skipped)", JUnitElement.seconds(seconds)]
    )
    .map { JUnitElement.Attribute($0, $1) }
  }

  /// `20 tests, 1 failure, 0 errors, 0 skipped, 0.512 s`.
  public var summary: String {
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    return [count(tests, "test"), count(failures, "failure"), count(errors, "error"), "\(skipped) skipped"]
      .joined(separator: ", ") + ", " + JUnitElement.seconds(seconds) + " s"
  }
}
