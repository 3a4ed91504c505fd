/// The requests the engine has made and still waits for. An id is issued once; an answer is taken only
/// while its id is waited for (`settle`), so an answer that comes late, twice, or for a sheet that closed is
/// dropped by construction.
public struct RequestBook: Equatable, Sendable {
  /// The last id issued; ids only grow.
  public private(set) var lastID = 0
  /// What is waited for, oldest first (a handful at most: an array beats a dictionary here).
  public private(set) var waiting: [(id: RequestID, awaited: Awaited)] = []

  public init() {}

  /// Issues a new id for a request and waits for its answer.
  public mutating func issue(_ awaited: Awaited) -> RequestID {
    lastID += 1
    let id = RequestID(lastID)
    waiting.append((id, awaited))
    return id
  }

  /// What an id was issued for, when it is still waited for; the id is then no longer waited for.
  @discardableResult public mutating func settle(_ id: RequestID) -> Awaited? {
    guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
    return waiting.remove(at: index).awaited
  }

  /// What an id waits for, without settling it.
  public func awaited(_ id: RequestID) -> Awaited? {
    waiting.first { $0.id == id }?.awaited
  }

  /// Whether anything of this kind is waited for.
  public func isWaiting(for awaited: Awaited) -> Bool {
    waiting.contains { $0.awaited == awaited }
  }

  /// Stops waiting for every request that matches; returns their ids (timers among them are cancelled).
  @discardableResult
  public mutating func abandon(where matches: (Awaited) -> Bool) -> [RequestID] {
    let abandoned = waiting.filter { matches($0.awaited) }.map(\.id)
    waiting.removeAll { matches($0.awaited) }
    return abandoned
  }

  public static func == (lhs: RequestBook, rhs: RequestBook) -> Bool {
    lhs.lastID == rhs.lastID && lhs.waiting.elementsEqual(rhs.waiting) { $0 == $1 }
  }
}
