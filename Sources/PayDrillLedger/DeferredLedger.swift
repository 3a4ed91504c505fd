import PaymentHistory

/// The run's ledger file, opened when the run first records or reads an attempt rather than when it starts.
///
/// Opening the SQLite file (its folder made, WAL set, the schema checked or migrated) took a sixteenth of
/// the interactive program's start-up, for a first frame that shows no history; a run that never pays
/// never opens it. A file that cannot be opened fails its first use with the `LedgerError` that
/// `SQLiteLedger` throws, and every use after it with the same error without trying again: the interpreter
/// turns that error into its one warning, and the checkout goes on without a history.
package final class DeferredLedger: AttemptLedger {
  package let location: String
  /// The tape this run replays (`paydrill play`), written with each attempt: its times are the tape's.
  private let replayOf: String?
  private var opened: Result<SQLiteLedger, Error>?

  package init(path: String, replayOf: String? = nil) {
    location = path
    self.replayOf = replayOf
  }

  @discardableResult
  package func record(_ attempt: PaymentAttempt) throws -> Int64 {
    var attempt = attempt
    if let replayOf { attempt.replayOf = replayOf }
    return try ledger().record(attempt)
  }

  package func attempts(matching filter: AttemptFilter) throws -> [PaymentAttempt] {
    try ledger().attempts(matching: filter)
  }

  package func attempt(id: Int64) throws -> PaymentAttempt? {
    try ledger().attempt(id: id)
  }

  /// The open ledger, opened now on the first use; or the error its opening threw.
  private func ledger() throws -> SQLiteLedger {
    if let opened { return try opened.get() }
    let result = Result { try SQLiteLedger(path: location) }
    opened = result
    return try result.get()
  }
}
