import CheckoutEngine
import Foundation
import PayDrillCommandLine
import PayDrillFiles
import PayDrillTools
import TerminalUI

/// `paydrill check FILE…`: validates scenarios, themes and tapes without running them, and reports every
/// problem it finds, each with its file and its line (tapes) or JSON path (scenarios, themes).
///
/// The kind of a file comes from its name and, for JSON, its content: `.tape` is a tape; `.json` is a theme
/// when its top-level object has `roles` and none of a scenario's keys (`merchant`, `items`,
/// `transaction`, `session`), a scenario when it has any of those. A folder stands for the `.json` and
/// `.tape` files in it. JSON is decoded as `--scenario` and `--theme` decode it, so only the first problem
/// of a JSON file is reported; a tape reports every bad line.
public enum CheckCommand {
  /// What a checked file is.
  public enum Kind: String, Sendable {
    case scenario, theme, tape
  }

  /// The result for one file: its kind (when it could be told) and its problems, one line each.
  public struct Report: Equatable, Sendable {
    public var file: String
    public var kind: Kind?
    public var problems: [String]

    /// Whether the file is fine.
    public var isOK: Bool { problems.isEmpty }
  }

  /// The keys of which any one makes a JSON file a scenario.
  static let scenarioKeys: Set<String> = ["merchant", "items", "transaction", "session"]

  /// Checks files and folders, in order; a folder's files are checked in the order of their names.
  public static func check(_ paths: [String]) -> [Report] {
    paths.flatMap { path -> [Report] in
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
        return [check(file: path)]
      }
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
        $0.hasSuffix(".json") || $0.hasSuffix(".tape")
      }.sorted()
      guard !names.isEmpty else {
        return [
          Report(file: path, kind: nil, problems: ["\(path): no scenario, theme or tape in this folder"])
        ]
      }
      let folder = path.hasSuffix("/") ? path : path + "/"
      return names.map { check(file: folder + $0) }
    }
  }

  /// Checks one file.
  public static func check(file: String) -> Report {
    guard FileManager.default.fileExists(atPath: file) else {
      return Report(file: file, kind: nil, problems: ["\(file): no such file"])
    }
    if file.hasSuffix(".tape") {
      do {
        let scanned = Tape.scan(try Tape.text(path: file), file: file)
        var problems = scanned.problems.map(\.description)
        // The header is read as `play` reads it: an option it would refuse is a problem here too.
        do {
          _ = try CommandLineOptions.parse(header: scanned.tape, arguments: [])
        } catch {
          problems.insert("\(error)", at: 0)
        }
        return Report(file: file, kind: .tape, problems: capped(problems, file: file))
      } catch {
        return Report(file: file, kind: .tape, problems: ["\(error)"])
      }
    }
    guard file.hasSuffix(".json") else {
      return Report(
        file: file, kind: nil,
        problems: [
          "\(file): unknown kind of file (expected .json for a scenario or a theme, .tape for a tape)"
        ])
    }
    var kind: Kind?
    do {
      let data = try ConfigurationFile.contents(of: file)
      let keys = Set(try ConfigurationFile.topLevelKeys(of: data, file: file))
      kind = !keys.isDisjoint(with: scenarioKeys) ? .scenario : keys.contains("roles") ? .theme : nil
      switch kind {
      case .scenario:
        let scenario = try ConfigurationFile.decode(Scenario.self, from: data, file: file)
        return Report(file: file, kind: kind, problems: laterRefusals(of: scenario, file: file))
      case .theme: _ = try ConfigurationFile.decode(Theme.self, from: data, file: file)
      case .tape, nil:
        throw ConfigurationError(
          file: file,
          problem:
            "neither a scenario (with \"merchant\", \"items\", \"transaction\", \"session\") nor a theme (with \"roles\")"
        )
      }
      return Report(file: file, kind: kind, problems: [])
    } catch {
      return Report(file: file, kind: kind, problems: ["\(error)"])
    }
  }

  /// What a scenario that decodes would still be refused for once it runs, found now: an Apple Pay
  /// `totalPaymentItem` that is not the sum of the `paymentItems` (choosing Apple Pay fails with a
  /// configuration error).
  static func laterRefusals(of scenario: Scenario, file: String) -> [String] {
    guard let applePay = scenario.applePay, let problem = CheckoutReducer.totalProblem(applePay) else {
      return []
    }
    return [
      "\(file): at applePay.totalPaymentItem.amount: \(problem); choosing Apple Pay would fail with this "
        + "configuration error (make the total the sum of the items, or leave totalPaymentItem out)"
    ]
  }

  /// The most problems reported for one tape: past them, one line counts the rest.
  static let maximumProblemsPerFile = 20

  /// A tape's problems, the first `maximumProblemsPerFile` of them and a line that counts the others.
  static func capped(_ problems: [String], file: String) -> [String] {
    guard problems.count > maximumProblemsPerFile else { return problems }
    let more = problems.count - maximumProblemsPerFile
    return Array(problems.prefix(maximumProblemsPerFile)) + ["\(file): \(more) more bad lines not shown"]
  }

  /// Runs the command: an `ok` line per good file on standard output, every problem on standard error,
  /// and the exit status: 0 when all files are fine, 2 otherwise.
  public static func run(_ paths: [String]) -> Int32 {
    let reports = check(paths)
    var failed = 0
    for report in reports {
      if report.isOK {
        print("\(report.file): ok (\(report.kind?.rawValue ?? "file"))")
      } else {
        failed += 1
        for problem in report.problems { FileHandle.standardError.write(Data((problem + "\n").utf8)) }
      }
    }
    guard failed > 0 else { return 0 }
    let count = reports.reduce(0) { $0 + $1.problems.count }
    FileHandle.standardError.write(
      Data(
        "paydrill: \(count) \(count == 1 ? "problem" : "problems") in \(failed) of \(reports.count) \(reports.count == 1 ? "file" : "files")\n"
          .utf8))
    return 2
  }
}
