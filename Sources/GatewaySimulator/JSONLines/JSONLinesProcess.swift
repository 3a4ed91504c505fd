import CheckoutEngine
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A helper process spoken to in JSON Lines (the gateway plugin, the merchant hook): started with
/// `/bin/sh -c "exec COMMAND"` on the first request, and again on the first request after it ended (crashed,
/// exited between requests, or was killed for not answering). One request is in flight at a time; the others
/// wait their turn. Notifications (lines that expect no answer) go out in order, without waiting.
public actor JSONLinesProcess {
  /// The command, as the shell runs it.
  public nonisolated let command: String
  /// Starts the peer: the command as a child process, or the fuzzer's scripted peer.
  private let start: @Sendable () throws -> any JSONLinesPeer

  private var running: (any JSONLinesPeer)?
  private var lastId = 0
  private var busy = false
  private var queue: [CheckedContinuation<Void, Never>] = []
  /// The stderr lines of the last process that ended, for `stderrTail` once it is gone.
  private var endedStderrTail: [String] = []
  /// Set by `shutDown()` until the next request: notifications do not start the process again.
  private var isShutDown = false

  /// A process that starts on its first request or notification.
  public init(command: String) {
    self.init(command: command) { try JSONLinesChild(command: command) }
  }

  /// A conversation with the peer `start` makes, started on the first request or notification, and again
  /// after it ended: for the fuzzer, whose scripted peer plays the process.
  public init(command: String, start: @escaping @Sendable () throws -> any JSONLinesPeer) {
    self.command = command
    self.start = start
  }

  deinit {
    running?.terminate(with: SIGKILL)
  }

  /// The last lines the process wrote to stderr, the last one last.
  public var stderrTail: [String] { running?.stderrTail ?? endedStderrTail }

  /// Sends a request (`fields`, a JSON object, with `id` and `type` added) and waits for the answer with the
  /// same `id`: the line, which is a JSON object; or the failure that stands for it.
  public func exchange(type: String, fields: Data, timeout: Duration) async -> Result<Data, JSONLinesFailure>
  {
    await takeTurn()
    defer { endTurn() }
    let deadline = ContinuousClock.now + timeout
    isShutDown = false
    let running: any JSONLinesPeer
    switch ensureRunning() {
    case .success(let started): running = started
    case .failure(let failure): return .failure(failure)
    }

    lastId += 1
    let id = lastId
    var request = (try? JSONSerialization.jsonObject(with: fields)) as? [String: Any] ?? [:]
    request["id"] = id
    request["type"] = type
    guard
      var line = try? JSONSerialization.data(
        withJSONObject: request, options: [.sortedKeys, .withoutEscapingSlashes])
    else {
      return .failure(.malformed(expected: "a request", got: "unencodable"))
    }
    line.append(0x0A)
    running.send(line)

    while true {
      switch await running.next(before: deadline) {
      case .line(let data):
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        guard let object else {
          return .failure(
            .malformed(expected: "one JSON object per line", got: String(decoding: data, as: UTF8.self)))
        }
        guard let answerId = StrictJSON.integer(object["id"]) else {
          return .failure(.malformed(expected: "\"id\": \(id)", got: String(decoding: data, as: UTF8.self)))
        }
        guard answerId == Int64(id) else { continue }  // a stale answer to an earlier request
        return .success(data)

      case .lineTooLong(let start):
        return .failure(
          .malformed(
            expected: "a line of at most \(JSONLinesChannel.lineLimit / 1024 / 1024) MB",
            got: String(decoding: start, as: UTF8.self)))

      case .ended(let status, let signalled):
        let stderr = running.stderrTail
        endedStderrTail = stderr
        // What it started (its process group) ends with it.
        running.terminate(with: SIGKILL)
        self.running = nil
        if !signalled, status == 126 || status == 127, !running.hasAnswered {
          let reason = stderr.last ?? "the shell could not run it (exit status \(status))"
          return .failure(.unavailable(command: command, reason: reason))
        }
        return .failure(.crashed(status: status, signalled: signalled, stderr: stderr.last))

      case .timedOut:
        stop(signal: SIGKILL)
        return .failure(.timedOut(timeout))
      }
    }
  }

  /// Writes a line that expects no answer (`object`, a JSON object, as it is), after the lines written before
  /// it, without waiting for the request in flight. It starts the process when none runs (unless it
  /// was shut down).
  public func notify(_ object: Data) {
    guard !isShutDown, case .success(let running) = ensureRunning(replacingEnded: !busy),
      var line = try? JSONSerialization.data(
        withJSONObject: JSONSerialization.jsonObject(with: object), options: [.withoutEscapingSlashes])
    else { return }
    line.append(0x0A)
    running.send(line)
  }

  /// The running process, started when there is none, or the failure to start it. One that ended is
  /// replaced unless a request still waits on it (that request reports its end).
  private func ensureRunning(replacingEnded: Bool = true) -> Result<any JSONLinesPeer, JSONLinesFailure> {
    if replacingEnded, let running, running.hasEnded {
      // It ended between requests, with nobody waiting on it: a fresh process takes over, and what the
      // ended one started (its process group) ends.
      endedStderrTail = running.stderrTail
      running.terminate(with: SIGKILL)
      self.running = nil
    }
    if let running { return .success(running) }
    do {
      let started = try self.start()
      running = started
      return .success(started)
    } catch {
      return .failure(.unavailable(command: command, reason: "\(error.localizedDescription)"))
    }
  }

  /// Ends the process, if one runs, once the request in flight has its answer: closes its stdin after the
  /// lines still to write, and sends SIGTERM if it has not exited within `grace`, then SIGKILL; then its
  /// process group, so that nothing it started outlives it. The next request starts another.
  public func shutDown(grace: Duration = .seconds(1)) async {
    await takeTurn()
    defer { endTurn() }
    isShutDown = true
    guard let running else { return }
    running.closeInput()
    for signal in [nil, SIGTERM, SIGKILL] {
      if let signal { running.terminate(with: signal) }
      if await Self.waitForEnd(of: running, before: ContinuousClock.now + grace) { break }
    }
    stop(signal: SIGKILL)
  }

  /// Whether the process ended (and was reaped) before the deadline; the lines it still wrote are dropped.
  private static func waitForEnd(of peer: any JSONLinesPeer, before deadline: ContinuousClock.Instant) async
    -> Bool
  {
    while true {
      switch await peer.next(before: deadline) {
      case .line, .lineTooLong: continue
      case .ended: return true
      case .timedOut: return false
      }
    }
  }

  private func stop(signal: Int32) {
    guard let running else { return }
    endedStderrTail = running.stderrTail
    running.terminate(with: signal)
    self.running = nil
  }

  private func takeTurn() async {
    guard busy else {
      busy = true
      return
    }
    await withCheckedContinuation { queue.append($0) }
  }

  private func endTurn() {
    if queue.isEmpty {
      busy = false
    } else {
      queue.removeFirst().resume()
    }
  }
}
