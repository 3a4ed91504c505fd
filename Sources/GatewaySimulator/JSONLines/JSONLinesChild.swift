import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process spoken to in JSON Lines: started with `/bin/sh -c "exec COMMAND"`, its stdout and stderr
/// read by `JSONLinesChannel`'s threads, its stdin written on a queue of its own so that a process that never
/// reads cannot hold its caller.
final class JSONLinesChild: JSONLinesPeer {
  private let process: Process
  private let stdin: FileHandle
  private let channel: JSONLinesChannel
  private let writer = DispatchQueue(label: "paydrill.jsonlines.writer")

  /// Starts `command`; throws when the shell cannot be started.
  init(command: String) throws {
    // Writing to a process that died must fail with EPIPE, not kill PayDrill.
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
    let channel = JSONLinesChannel()
    process.terminationHandler = { process in
      channel.processExited(
        JSONLinesChannel.Exit(
          status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal))
    }
    try process.run()
    channel.startReading(stdout: stdout.fileHandleForReading, stderr: stderr.fileHandleForReading)
    self.process = process
    self.stdin = stdin.fileHandleForWriting
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
  var isRunning: Bool { process.isRunning }

  func terminate(with signal: Int32) {
    if process.isRunning { kill(process.processIdentifier, signal) }
  }
}
