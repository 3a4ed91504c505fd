import TerminalUI

/// One thing the fuzzer does to a checkout: a key (a resize is one too), a spinner tick, time passing, a change
/// of the gateway's settings, or something done to the effects the engine asked for. Effects are picked by
/// index modulo the pending ones, so a step still means something after the shrinker dropped steps before it.
public enum FuzzStep: Equatable, Sendable {
  /// A key the shopper pressed, or a resize of the terminal.
  case key(KeyEvent)
  /// The spinner's clock.
  case tick
  /// The fake clock jumps ahead (sessions can expire meanwhile).
  case sleep(milliseconds: Int)
  /// The tester changes the gateway's latency, jitter or faults, as the gateway panel does.
  case gateway(FuzzGatewayChange)
  /// Answers one pending effect (`pick` modulo their number). `variant` (0–99) chooses how: below 6 a
  /// merchant hook fails instead of answering; a sheet update's 30-second timer fires only below 25.
  case answer(pick: Int, variant: Int)
  /// Forgets one pending effect: its answer never comes.
  case drop(pick: Int)
  /// Delivers one already delivered answer again (`pick` modulo their number): a stale duplicate. The
  /// gateway's decisions are never delivered twice: they carry no request identity.
  case duplicate(pick: Int)

  /// The step as a line of a tape: the key's tape command, or a comment for what a tape cannot say.
  var tapeComment: String {
    switch self {
    case .key(.resize(let size)): return "# fuzz: resize to \(size.columns)x\(size.rows)"
    case .key(let key): return "# fuzz: key \(key)"
    case .tick: return "# fuzz: spinner tick"
    case .sleep(let milliseconds): return "Sleep \(milliseconds)ms"
    case .gateway(let change): return "# fuzz: gateway panel: \(change)"
    case .answer(let pick, let variant): return "# fuzz: answer pending effect #\(pick) (variant \(variant))"
    case .drop(let pick): return "# fuzz: drop pending effect #\(pick)"
    case .duplicate(let pick): return "# fuzz: deliver answer #\(pick) again"
    }
  }
}
