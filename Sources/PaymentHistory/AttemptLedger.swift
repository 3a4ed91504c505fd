/// Where finished payment attempts are kept: the SQLite ledger in the program, a temporary or in-memory one
/// in tests. `CheckoutRuntime` records into it and the history screen and command read it.
public protocol AttemptLedger: AnyObject {
  /// Where the ledger lives, for messages.
  var location: String { get }
  /// Stores an attempt with its events, all or nothing: a new one, or over the one with its `id` (the
  /// provisional row of an attempt in flight); returns its id.
  @discardableResult
  func record(_ attempt: PaymentAttempt) throws -> Int64
  /// The newest attempts matching the filter, newest first, without their events.
  func attempts(matching filter: AttemptFilter) throws -> [PaymentAttempt]
  /// One attempt with its events, or nil when no attempt has this id.
  func attempt(id: Int64) throws -> PaymentAttempt?
}
