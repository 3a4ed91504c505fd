import CheckoutEngine
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The plugin's process: started with `/bin/sh -c "exec COMMAND"` on the first request, and again on the
/// first request after it ended (crashed, exited between requests, or was killed for not answering). One
/// request is in flight at a time; the others wait their turn.
actor PluginProcess {
  let command: String

  /// A started process and its pipes.
  private struct Running {
    var process: Process
    var stdin: FileHandle
    var channel: PluginChannel
  }

  private var running: Running?
  private var lastId = 0
  private var busy = false
  private var queue: [CheckedContinuation<Void, Never>] = []
  /// The stderr lines of the last process that ended, for `stderrTail` once it is gone.
  private var endedStderrTail: [String] = []

  init(command: String) {
    self.command = command
  }

  deinit {
    if let running, running.process.isRunning {
      kill(running.process.processIdentifier, SIGKILL)
    }
  }

  /// The last lines the plugin wrote to stderr.
  var stderrTail: [String] { running?.channel.stderrTail ?? endedStderrTail }

  /// Sends a request (`fields`, a JSON object, with `id` and `type` added) and waits for the answer with the
  /// same `id`: the line, which is a JSON object; or the error that stands for it.
  func exchange(type: String, fields: Data, timeout: Duration) async -> Result<Data, SdkError> {
    await takeTurn()
    defer { endTurn() }
    let deadline = ContinuousClock.now + timeout

    if let running, running.channel.hasEnded {
      // It ended between requests, with nobody waiting on it: a fresh process takes this request.
      endedStderrTail = running.channel.stderrTail
      self.running = nil
    }
    if running == nil {
      do {
        running = try start()
      } catch {
        return .failure(PluginError.unavailable(command: command, reason: "\(error.localizedDescription)"))
      }
    }
    guard let running else {
      return .failure(PluginError.unavailable(command: command, reason: "no process"))
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
      return .failure(PluginError.protocolError(type: type, expected: "a request", got: "unencodable"))
    }
    line.append(0x0A)
    Self.send(line, to: running.stdin)

    while true {
      switch await running.channel.next(before: deadline) {
      case .line(let data):
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        guard let object else {
          return .failure(
            PluginError.protocolError(
              type: type, expected: "one JSON object per line", got: String(decoding: data, as: UTF8.self)))
        }
        guard let answerId = PluginJSON.integer(object["id"]) else {
          return .failure(
            PluginError.protocolError(
              type: type, expected: "\"id\": \(id)", got: String(decoding: data, as: UTF8.self)))
        }
        guard answerId == Int64(id) else { continue }  // a stale answer to an earlier request
        return .success(data)

      case .ended(let exit):
        let stderr = running.channel.stderrTail
        endedStderrTail = stderr
        self.running = nil
        if !exit.signalled, exit.status == 126 || exit.status == 127, !running.channel.hasAnswered {
          let reason = stderr.last ?? "the shell could not run it (exit status \(exit.status))"
          return .failure(PluginError.unavailable(command: command, reason: reason))
        }
        return .failure(PluginError.crashed(exit, type: type, stderr: stderr.last))

      case .timedOut:
        stop(signal: SIGKILL)
        return .failure(PluginError.timedOut(type: type, timeout: timeout))
      }
    }
  }

  /// Ends the process, if one runs, once the request in flight has its answer: closes its stdin, sends
  /// SIGTERM, and SIGKILL if it has not exited within `grace`. The next request starts another.
  func shutDown(grace: Duration = .seconds(1)) async {
    await takeTurn()
    defer { endTurn() }
    guard let running else { return }
    try? running.stdin.close()
    for signal in [SIGTERM, SIGKILL] {
      if running.process.isRunning {
        kill(running.process.processIdentifier, signal)
      }
      if await Self.waitForEnd(of: running.channel, before: ContinuousClock.now + grace) { break }
    }
    stop(signal: SIGKILL)
  }

  /// Whether the process ended (and was reaped) before the deadline; the lines it still wrote are dropped.
  private static func waitForEnd(of channel: PluginChannel, before deadline: ContinuousClock.Instant) async
    -> Bool
  {
    while true {
      switch await channel.next(before: deadline) {
      case .line: continue
      case .ended: return true
      case .timedOut: return false
      }
    }
  }

  private func stop(signal: Int32) {
    guard let running else { return }
    endedStderrTail = running.channel.stderrTail
    if running.process.isRunning {
      kill(running.process.processIdentifier, signal)
    }
    self.running = nil
  }

  private func start() throws -> Running {
    // Writing to a plugin that died must fail with EPIPE, not kill PayDrill.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exec \(command)"]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    let channel = PluginChannel()
    process.terminationHandler = { process in
      channel.processExited(
        PluginChannel.Exit(
          status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal))
    }
    try process.run()
    channel.startReading(stdout: stdout.fileHandleForReading, stderr: stderr.fileHandleForReading)
    return Running(process: process, stdin: stdin.fileHandleForWriting, channel: channel)
  }

  /// Writes on a thread of its own, so that a plugin that never reads its stdin cannot hold the actor.
  private static func send(_ line: Data, to handle: FileHandle) {
    DispatchQueue.global().async {
      let descriptor = handle.fileDescriptor
      line.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
          if written < 0 && errno == EINTR { continue }
          guard written > 0 else { return }  // EPIPE: the process is gone, and the channel will say so
          offset += written
        }
      }
    }
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
