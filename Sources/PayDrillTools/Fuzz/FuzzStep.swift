import TerminalUI

/// One thing the fuzzer does to a checkout: a key (a resize is one too), a spinner tick, time passing, a change
/// of the gateway's settings, the next answer falling due, or an answer delivered again.
public enum FuzzStep: Equatable, Sendable {
  /// A key the shopper pressed, or a resize of the terminal.
  case key(KeyEvent)
  /// The spinner's clock.
  case tick
  /// The virtual clock moves ahead (answers fall due, timers run out, sessions can expire meanwhile).
  case sleep(milliseconds: Int)
  /// The tester changes the gateway's latency, jitter or faults, as the gateway panel does.
  case gateway(FuzzGatewayChange)
  /// The virtual clock moves to the next answer the interpreter holds, which is sent back.
  case nextAnswer
  /// Delivers one answer already delivered again (`pick` modulo their number): a stale duplicate, which the
  /// engine must drop by its request id.
  case duplicate(pick: Int)

  /// The step as a line of a tape: the key's tape command, or a comment for what a tape cannot say.
  var tapeComment: String {
    switch self {
    case .key(.resize(let size)): return "# fuzz: resize to \(size.columns)x\(size.rows)"
    case .key(let key): return "# fuzz: key \(key)"
    case .tick: return "# fuzz: spinner tick"
    case .sleep(let milliseconds): return "Sleep \(milliseconds)ms"
    case .gateway(let change): return "# fuzz: gateway panel: \(change)"
    case .nextAnswer: return "# fuzz: the next answer falls due"
    case .duplicate(let pick): return "# fuzz: deliver answer #\(pick) again"
    }
  }
}
