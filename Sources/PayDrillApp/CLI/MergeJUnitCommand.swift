import Foundation

/// `paydrill merge-junit REPORT…`: merges the JUnit reports of a suite's shards into one report.
///
/// The command line is checked here like every command's (its help, usage and completions come from
/// `CommandTable`); then this process becomes `paydrill-merge-junit` (the `JUnitMerge` target), which reads,
/// merges and writes. Reading XML takes FoundationXML, which loads libxml2 and a second ICU: linked into
/// paydrill, that cost every start, the interactive checkout's first frame included, about 1 ms and 1.4 MiB
/// (docs/benchmarks.md), for a command that a CI job runs once.
public enum MergeJUnitCommand {
  /// The reports to merge and where the merged one goes (nil: standard output).
  public struct Options: Equatable, Sendable {
    public var reports: [String] = []
    public var output: String?

    /// How paydrill-merge-junit takes them: `[--output FILE] -- REPORT…`.
    var programArguments: [String] { (output.map { ["--output", $0] } ?? []) + ["--"] + reports }
  }

  static let programName = "paydrill-merge-junit"

  /// Where the program can be for the paydrill at `executable`: beside it (a build folder), then in
  /// `../libexec/paydrill` (where `make install` puts it).
  static func candidates(besides executable: URL) -> [URL] {
    let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    return [
      folder.appendingPathComponent(programName),
      folder.appendingPathComponent("../libexec/paydrill/\(programName)").standardized,
    ]
  }

  /// Becomes paydrill-merge-junit, whose exit status is the command's; returns 2 only when it cannot be run.
  static func run(_ options: Options) -> Int32 {
    // The running executable itself (/proc/self/exe on Linux), wherever PATH found it.
    let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    let candidates = candidates(besides: executable)
    guard let program = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      return PayDrillCommand.fail(
        "merge-junit runs \(programName), which is not installed with this paydrill (looked for "
          + candidates.map(\.path).joined(separator: " and ")
          + "); make install puts it in PREFIX/libexec/paydrill")
    }
    var arguments = ([program.path] + options.programArguments).map { strdup($0) } + [nil]
    execv(program.path, &arguments)
    // execv returns only when it failed.
    return PayDrillCommand.fail("\(program.path) cannot be run: \(String(cString: strerror(errno)))")
  }
}
