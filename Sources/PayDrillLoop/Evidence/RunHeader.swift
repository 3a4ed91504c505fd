import CheckoutEngine
import Foundation

/// The first line of every events file PayDrill writes (`--events`, a screenshot bundle's `.events.jsonl`):
/// which run the events belong to, and the seed that repeats it (`--seed`). Each run draws its own seed, so
/// that its payments get ids of their own; without this line an events file could not be replayed to the
/// same ids. Its `seq` is 0, so that the callbacks keep their numbers from 1 and a reader that skips
/// `"event":"run"` sees exactly the callbacks.
public struct RunHeader: Equatable, Sendable {
  /// The run's seed; nil where none is known (a test's checkout).
  public var seed: UInt64?
  /// The scenario's name.
  public var scenario: String
  /// When the run's clock started (a replay with `--clock-start` starts at the same instant).
  public var start: Date

  public init(seed: UInt64?, scenario: String, start: Date) {
    self.seed = seed
    self.scenario = scenario
    self.start = start
  }

  /// The header of a runtime's run.
  public init(runtime: CheckoutRuntime) {
    self.init(
      seed: runtime.dependencies.seed, scenario: runtime.model.checkout.scenario.name,
      start: runtime.clock.origin)
  }

  /// `{"event":"run","seq":0,"time":"…","seed":"…","scenario":"…"}`: the seed as a string, since a JSON
  /// number would not keep every 64-bit seed exactly.
  public func jsonLine() -> String {
    var fields = [
      ("event", Self.json("run")), ("seq", "0"),
      ("time", Self.json(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(start))),
    ]
    if let seed { fields.append(("seed", Self.json(String(seed)))) }
    fields.append(("scenario", Self.json(scenario)))
    return "{" + fields.map { "\(Self.json($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  /// The header, then the events, as JSON Lines.
  public func eventsText(_ events: [CallbackEvent]) -> String {
    jsonLine() + "\n" + CallbackEvent.jsonLines(events)
  }

  private static func json(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
  }
}
