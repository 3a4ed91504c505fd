import Foundation
import PayDrillCommandLine

/// `paydrill merge-junit REPORT…`: merges the JUnit reports of a suite's shards into one report.
///
/// The command line is checked here like every command's (its help, usage and completions come from
/// `CommandTable`); then this process becomes `paydrill-merge-junit` (the `JUnitMerge` target), which reads,
/// merges and writes. Reading XML takes FoundationXML, which loads libxml2 and a second ICU: linked into
/// paydrill, that cost every start, the interactive checkout's first frame included, about 1 ms and 1.4 MiB
/// (docs/benchmarks.md), for a command that a CI job runs once.
public enum MergeJUnitCommand {
  /// Its options, which the command line reads (`MergeJUnitOptions`, in `PayDrillCommandLine`).
  public typealias Options = MergeJUnitOptions

  static let program = HelperProgram(name: "paydrill-merge-junit")

  /// Where the program can be for the paydrill at `executable` (`HelperProgram.candidates`).
  static func candidates(besides executable: URL) -> [URL] {
    program.candidates(besides: executable)
  }

  /// Becomes paydrill-merge-junit, whose exit status is the command's; returns 2 only when it cannot be run.
  static func run(_ options: Options) -> Int32 {
    program.become("merge-junit", arguments: options.programArguments)
  }
}
