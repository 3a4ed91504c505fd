import CheckoutEngine
import GatewaySimulator

/// The checkout's link to the merchant's backend (`paydrill --serve`): it waits for a session the backend
/// creates through the simulated API, then the Drop-in is initialised on it. A session that arrives while a
/// payment is under way opens once the checkout is back on the method list (or when the shopper leaves the
/// Paid screen).
public struct BackendLink: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    /// No session yet, or the last one was paid: the method list waits for the backend.
    case waiting
    /// The Drop-in is on this session.
    case open(sessionId: String)
  }

  /// Where the backend creates sessions: `http://127.0.0.1:8787/api/v1/sessions`.
  public var endpoint: String
  public var phase: Phase = .waiting
  /// The latest session that arrived while the checkout could not open it.
  public var next: ServerSession?
  /// The scenario a session's checkout is made from (merchant rules, device, wallet). Held by reference: the
  /// link rides in `AppModel`, which is copied on every action, and the scenario inline was kilobytes of it.
  public var base: Scenario {
    _read { yield baseStorage.scenario }
  }
  private let baseStorage: SharedScenario
  /// Why the server's address is a risk (other machines can reach it), shown while waiting.
  public var warning: String?
  /// How the server ended, once it has: no session can arrive any more.
  public var stopped: ServerStop?

  public init(endpoint: String, base: Scenario) {
    self.endpoint = endpoint
    baseStorage = SharedScenario(base)
  }

  public var isWaiting: Bool { phase == .waiting }

  /// The event pane's line of a request: its method, path and status first, then the session it created or
  /// what a refusal names (`reason`, the field or header at fault, short enough for the pane) and says
  /// (`message`, whole in the inspector and `--events`).
  static func details(of exchange: ServedExchange) -> [EventDetail] {
    var details = [
      EventDetail("method", .string(exchange.method)), EventDetail("path", .string(exchange.path)),
      EventDetail("status", .integer(Int64(exchange.status))),
    ]
    if let session = exchange.session { details.append(EventDetail("sessionId", .string(session.sessionId))) }
    if let field = exchange.field { details.append(EventDetail("reason", .string(field))) }
    if let message = exchange.message { details.append(EventDetail("message", .string(message))) }
    if let found = exchange.found { details.append(EventDetail("found", .string(found))) }
    return details
  }
}
