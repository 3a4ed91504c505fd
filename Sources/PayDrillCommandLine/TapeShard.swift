/// One part of a tape suite for a CI matrix (`--shard K/N`): the suite's tapes in path order, every N-th from
/// the K-th. The same suite gives each shard the same tapes on every machine, and the N shards together run
/// every tape exactly once.
public struct TapeShard: Equatable, Sendable {
  /// 1…count.
  public let index: Int
  public let count: Int

  public init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Reads `K/N` (1 ≤ K ≤ N); nil when the text is not that.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.init(index: index, count: count)
  }

  /// This shard's tapes, in path order.
  public func select(_ paths: [String]) -> [String] {
    paths.sorted().enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
  }
}
