import Foundation
import PayDrillLedger
import PaymentHistory

/// The fuzzer's ledger: PayDrill's SQLite ledger in memory, every write stored through SQL as in the
/// program, and in some checkouts a disk that fills up at one write (the write fails as SQLite's would). It
/// remembers each row it was asked to write, in order, so that the invariants can read the rows back and
/// compare them with the attempts the engine told.
final class FuzzLedger: AttemptLedger {
  /// Why a write failed, as the interpreter reports it.
  struct DiskFull: Error, CustomStringConvertible {
    var description: String { "the ledger cannot be written (database or disk is full)" }
  }

  private let ledger: SQLiteLedger
  /// The write that fails (1 for the first), if one does.
  let failingWrite: Int?
  /// How many writes were asked for.
  private(set) var writes = 0
  /// The row ids, in the order their attempts were first written.
  private(set) var rows: [Int64] = []

  /// A ledger in memory, migrated, or a copy of `template` (an empty one made so) when there is one.
  init(failingWrite: Int?, template: SQLiteLedger? = nil) throws {
    ledger = try template.map(SQLiteLedger.init(inMemoryCopyOf:)) ?? SQLiteLedger(path: ":memory:")
    self.failingWrite = failingWrite
  }

  var location: String { "the fuzzer's ledger" }

  @discardableResult
  func record(_ attempt: PaymentAttempt) throws -> Int64 {
    writes += 1
    if writes == failingWrite { throw DiskFull() }
    let id = try ledger.record(attempt)
    if attempt.id == nil { rows.append(id) }
    return id
  }

  func attempts(matching filter: AttemptFilter) throws -> [PaymentAttempt] {
    try ledger.attempts(matching: filter)
  }

  func attempt(id: Int64) throws -> PaymentAttempt? {
    try ledger.attempt(id: id)
  }
}
