import Foundation

/// The reports to merge and where the merged one goes (nil: standard output).
public struct MergeJUnitOptions: Equatable, Sendable {
  public var reports: [String] = []
  public var output: String?

  /// How paydrill-merge-junit takes them: `[--output FILE] -- REPORT…`.
  package var programArguments: [String] { (output.map { ["--output", $0] } ?? []) + ["--"] + reports }
}
