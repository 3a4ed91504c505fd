import CSQLite

/// A ledger PayDrill cannot use, said in one line: where it is and what is wrong. `cause` sorts it for
/// whoever answers for it (the server's lookups answer 503 for a ledger that is full or unreadable, a
/// checkout in a backend's session refuses the payment).
public struct LedgerError: Error, Equatable, CustomStringConvertible {
  /// What kind of trouble, whatever the words.
  public enum Cause: String, Equatable, Sendable {
    /// The disk or the file's size limit (`ulimit -f`) refused a write: SQLite's `SQLITE_FULL`, or an I/O
    /// error (`EFBIG` shows as one).
    case noSpace
    /// Another process holds the file's lock past the busy timeout.
    case busy
    /// The file or its folder cannot be written.
    case readOnly
    /// The file is not a ledger, is damaged, or holds a value PayDrill refuses to trust.
    case damaged
    /// Anything else.
    case other
  }

  public var location: String
  public var problem: String
  public var cause: Cause

  public init(location: String, problem: String, cause: Cause = .other) {
    self.location = location
    self.problem = problem
    self.cause = cause
  }

  /// What SQLite reported while the ledger was being opened, read or written (`doing`: "cannot be
  /// written"), with a reason a person understands before SQLite's own words.
  init(location: String, doing: String, _ error: SQLiteError) {
    let (cause, reason): (Cause, String?) =
      switch error.code {
      case SQLITE_FULL: (.noSpace, "the disk is full or the file reached its size limit")
      case SQLITE_IOERR:
        (
          .noSpace,
          "the disk refused the write or read (a full disk or a file size limit, ulimit -f, shows so)"
        )
      case SQLITE_BUSY, SQLITE_LOCKED: (.busy, "another process held its lock too long")
      case SQLITE_READONLY, SQLITE_PERM: (.readOnly, "the file or its folder cannot be written")
      case SQLITE_CORRUPT, SQLITE_NOTADB: (.damaged, "the file is damaged or not a SQLite file")
      default: (.other, nil)
      }
    self.init(
      location: location,
      problem: "\(doing): " + (reason.map { "\($0) (\(error.message))" } ?? error.message),
      cause: cause)
  }

  public var description: String { "ledger \(location): \(problem)" }
}
