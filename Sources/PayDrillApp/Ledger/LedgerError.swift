/// A ledger PayDrill cannot use, said in one line: where it is and what is wrong.
public struct LedgerError: Error, Equatable, CustomStringConvertible {
  public var location: String
  public var problem: String

  public init(location: String, problem: String) {
    self.location = location
    self.problem = problem
  }

  public var description: String { "ledger \(location): \(problem)" }
}
