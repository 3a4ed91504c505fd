import Foundation
import GatewaySimulator
import Synchronization

/// The process a gateway plugin or a merchant hook would be, played in memory for the fuzzer: PayDrill's own
/// `JSONLinesProcess` writes its requests to it and reads what it "wrote" back, line by line, through the
/// same matching of ids, skipping of stale lines, limits, restarts and error messages as with a real
/// process. What it writes is its script's (`FuzzPeerScript`): an answer, the answer twice, a stale line
/// first, garbage, nothing, a crash. It never waits: a request it leaves unanswered times out at once, and
/// the fuzzer's clock says how long that took.
final class FuzzPeer: JSONLinesPeer {
  private struct State {
    var lines: [JSONLinesEvent] = []
    var stderr: [String] = []
    var answered = false
    var exit: (status: Int32, signalled: Bool)?
  }

  private let script: FuzzPeerScript
  private let state = Mutex(State())

  init(script: FuzzPeerScript) {
    self.script = script
  }

  func send(_ line: Data) {
    // Notifications (no "id") expect no answer; the script hears only requests.
    guard let request = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
      let id = request["id"] as? Int, let type = request["type"] as? String
    else { return }
    let reply = script.reply(to: type, id: id, request: request)
    state.withLock { state in
      guard state.exit == nil else { return }
      for line in reply.lines {
        state.lines.append(line)
        if case .line = line { state.answered = true }
      }
      state.stderr = Array((state.stderr + reply.stderr).suffix(5))
      if let exit = reply.exit { state.exit = exit }
    }
  }

  func closeInput() {
    state.withLock { state in
      if state.exit == nil { state.exit = (0, false) }
    }
  }

  func next(before deadline: ContinuousClock.Instant) async -> JSONLinesEvent {
    state.withLock { state in
      if !state.lines.isEmpty { return state.lines.removeFirst() }
      if let exit = state.exit { return .ended(status: exit.status, signalled: exit.signalled) }
      return .timedOut
    }
  }

  var stderrTail: [String] { state.withLock { $0.stderr } }
  var hasAnswered: Bool { state.withLock { $0.answered } }
  var hasEnded: Bool { state.withLock { $0.lines.isEmpty && $0.exit != nil } }
  var isRunning: Bool { state.withLock { $0.exit == nil } }

  func terminate(with signal: Int32) {
    state.withLock { state in
      if state.exit == nil { state.exit = (signal, true) }
      state.lines = []
    }
  }
}
