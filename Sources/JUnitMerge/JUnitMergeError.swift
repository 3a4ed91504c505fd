/// Why a report cannot be merged, in one line: the file, the line when there is one, and what is wrong
/// (`shard-2.xml:14: a testcase without a name`).
public struct JUnitMergeError: Error, Equatable, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int?
  public var problem: String

  public var description: String { file + (line.map { ":\($0)" } ?? "") + ": " + problem }
}
