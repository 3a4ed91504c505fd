import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process spoken to in JSON Lines: started with `/bin/sh -c "exec COMMAND"` in a process group of
/// its own (`ProcessGroupChild`), its stdout and stderr read by `JSONLinesChannel`'s threads, its stdin written
/// on a queue of its own so that a process that never reads cannot hold its caller.
final class JSONLinesChild: JSONLinesPeer {
  private let process: ProcessGroupChild
  private let stdin: FileHandle
  private let channel: JSONLinesChannel
  private let writer = DispatchQueue(label: "paydrill.jsonlines.writer")
  private let liveness: Liveness

  /// Whether the process still runs, set false on the thread that reaps it.
  private final class Liveness: Sendable {
    let running = Mutex(true)
  }

  /// Starts `command`; throws when the shell cannot be started.
  init(command: String) throws {
    // Writing to a process that died must fail with EPIPE, not kill PayDrill.
    signal(SIGPIPE, SIG_IGN)
    let channel = JSONLinesChannel()
    let liveness = Liveness()
    self.liveness = liveness
    process = try ProcessGroupChild(executable: "/bin/sh", arguments: ["sh", "-c", "exec \(command)"]) {
      status, signalled in
      liveness.running.withLock { $0 = false }
      channel.processExited(JSONLinesChannel.Exit(status: status, signalled: signalled))
    }
    channel.startReading(stdout: process.stdout, stderr: process.stderr)
    stdin = process.stdin
    self.channel = channel
  }

  func send(_ line: Data) {
    let handle = stdin
    writer.async {
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

  func closeInput() {
    let handle = stdin
    writer.async { try? handle.close() }
  }

  func next(before deadline: ContinuousClock.Instant) async -> JSONLinesEvent {
    await channel.next(before: deadline)
  }

  var stderrTail: [String] { channel.stderrTail }
  var hasAnswered: Bool { channel.hasAnswered }
  var hasEnded: Bool { channel.hasEnded }
  var isRunning: Bool { liveness.running.withLock { $0 } }

  /// Signals the process's whole group, so that what it started ends with it, even after it has ended
  /// itself.
  func terminate(with signal: Int32) {
    process.signalGroup(signal)
  }
}
