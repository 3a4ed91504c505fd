import Foundation
import JUnitReports
import OutputFiles

/// The program `paydrill merge-junit` runs, `paydrill-merge-junit`: paydrill checks the command line
/// (`paydrill merge-junit --help` is paydrill's) and hands it over as `[--output FILE] -- REPORT…`. It reads
/// every report, merges them and writes the merged one, or says what is wrong with each bad file.
public enum JUnitMergeProgram {
  /// Runs with the arguments paydrill passes; returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    // Past `ulimit -f`, writing the merged report fails with EFBIG and says so, instead of SIGXFSZ killing
    // the program without a word.
    signal(SIGXFSZ, SIG_IGN)
    var rest = arguments[...]
    var output: String?
    if rest.first == "--output", rest.count >= 2 {
      output = rest.dropFirst().first
      rest = rest.dropFirst(2)
    }
    guard rest.first == "--", rest.count >= 2 else {
      return fail(["paydrill-merge-junit is run by paydrill: paydrill merge-junit REPORT… [--output FILE]"])
    }
    return run(reports: Array(rest.dropFirst()), output: output)
  }

  /// Merges `reports` into `output` (standard output when nil); returns 0, or 2 after printing every problem
  /// (a file that is not a JUnit report, a test case in two reports, an output that cannot be written).
  public static func run(reports: [String], output: String?) -> Int32 {
    func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
    if let output, reports.map(absolute).contains(absolute(output)) {
      return fail(["\(output) is one of the reports to merge: --output must name another file"])
    }
    var files: [JUnitReportFile] = []
    var problems: [String] = []
    var seen = Set<String>()
    for path in reports {
      guard seen.insert(absolute(path)).inserted else {
        problems.append("\(path): named twice (each shard's report once)")
        continue
      }
      do {
        files.append(try JUnitReportFile(path: path))
      } catch {
        problems.append("\(error)")
      }
    }
    guard problems.isEmpty else { return fail(problems) }
    switch JUnitMerger.merge(files) {
    case .overlapping(let overlaps):
      return fail(overlaps.map(\.description))
    case .merged(let report, let totals):
      guard let output else {
        print(report.document, terminator: "")
        return 0
      }
      do {
        try OutputFile.write(report.document, to: output)
      } catch {
        return fail([error.description])
      }
      print("\(output): \(files.count) \(files.count == 1 ? "report" : "reports") merged: \(totals.summary)")
      return 0
    }
  }

  /// Prints each problem as paydrill prints an error (`paydrill: …`) and returns 2: bad input.
  private static func fail(_ problems: [String]) -> Int32 {
    FileHandle.standardError.write(Data(problems.map { "paydrill: \($0)\n" }.joined().utf8))
    return 2
  }
}
