import GatewaySimulator

/// What plays a fuzzed checkout's dependencies, drawn from its seed (so that a replay has the same): the
/// simulated gateway or a gateway plugin, the scenario's rules or a merchant hook process (both played by
/// `FuzzPeer` through PayDrill's own process code), and the ledger, whose disk fills up at one write in some
/// checkouts.
public struct FuzzSetup: Equatable, Sendable, CustomStringConvertible {
  public var gatewayPlugin: Bool
  public var hookProcess: Bool
  /// The ledger write that fails (1 for the first), if one does.
  public var failingLedgerWrite: Int?

  public init(gatewayPlugin: Bool = false, hookProcess: Bool = false, failingLedgerWrite: Int? = nil) {
    self.gatewayPlugin = gatewayPlugin
    self.hookProcess = hookProcess
    self.failingLedgerWrite = failingLedgerWrite
  }

  /// A third of the checkouts with a plugin, a third with a hook process (some with both), one in eight with
  /// a ledger that fails.
  public init(seed: UInt64) {
    var random = SeededRandom(seed: seed ^ 0xD1CE_5E7)
    gatewayPlugin = random.next() % 3 == 0
    hookProcess = random.next() % 3 == 0
    failingLedgerWrite = random.next() % 8 == 0 ? 1 + Int(random.next() % 6) : nil
  }

  public var description: String {
    var parts = [gatewayPlugin ? "a gateway plugin" : "the simulated gateway"]
    parts.append(hookProcess ? "a merchant hook process" : "the scenario's rules")
    parts.append(failingLedgerWrite.map { "a ledger that fails at write \($0)" } ?? "the ledger")
    return parts.joined(separator: ", ")
  }
}
