import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one JSON Lines process has said: the answer lines of its stdout not read yet, the last lines of its
/// stderr, and how it ended. Two reader threads fill it; one request at a time waits on it, never past its
/// deadline.
final class JSONLinesChannel: Sendable {
  /// How the process ended.
  struct Exit: Equatable, Sendable {
    /// The exit status, or the signal's number when `signalled`.
    var status: Int32
    var signalled: Bool
  }

  /// What a waiting request gets.
  typealias Event = JSONLinesEvent

  /// How many stderr lines are kept for error messages.
  static let stderrLinesKept = 5
  /// The longest answer line the protocol takes, in bytes (1 MB); a longer one is a protocol error.
  static let lineLimit = 1024 * 1024
  /// The longest stderr line kept, in bytes; the rest of a longer one is dropped.
  static let stderrLineLimit = 4096

  private struct State {
    var stdout = JSONLineSplitter(limit: JSONLinesChannel.lineLimit)
    var lines: [Event] = []
    var stdoutClosed = false
    var stderr = JSONLineSplitter(limit: JSONLinesChannel.stderrLineLimit)
    var stderrTail: [String] = []
    var stderrClosed = false
    var exit: Exit?
    /// Set a moment after the exit: a child that kept the pipes open no longer holds the end back.
    var graceOver = false
    var linesReceived = 0
    var waiter: (token: Int, continuation: CheckedContinuation<Event, Never>)?
    var tokens = 0

    /// The next event a request can have now, if any: lines first, then the end.
    mutating func takeEvent() -> Event? {
      if !lines.isEmpty { return lines.removeFirst() }
      if let exit, graceOver || (stdoutClosed && stderrClosed) {
        return .ended(status: exit.status, signalled: exit.signalled)
      }
      return nil
    }

    /// Queues the pieces of stdout (blank lines are skipped).
    mutating func keep(_ pieces: [JSONLineSplitter.Piece]) {
      for piece in pieces {
        switch piece {
        case .line(let line):
          let text = line.last == 0x0D ? line.dropLast() : line
          guard text.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
          lines.append(.line(Data(text)))
        case .tooLong(let start):
          lines.append(.lineTooLong(start: start))
        }
        linesReceived += 1
      }
    }

    /// Keeps the lines of stderr among the last few; a line past its limit is kept cut, marked "…".
    mutating func keepStderr(_ pieces: [JSONLineSplitter.Piece]) {
      for piece in pieces {
        var text: String
        switch piece {
        case .line(let line): text = String(decoding: line, as: UTF8.self)
        case .tooLong(let start): text = String(decoding: start, as: UTF8.self) + "…"
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { continue }
        stderrTail.append(text)
        if stderrTail.count > JSONLinesChannel.stderrLinesKept { stderrTail.removeFirst() }
      }
    }
  }

  private let state = Mutex(State())

  /// The last lines the process wrote to stderr (the last one last).
  var stderrTail: [String] { state.withLock { $0.stderrTail } }

  /// Whether the process has written a line to stdout yet.
  var hasAnswered: Bool { state.withLock { $0.linesReceived > 0 } }

  /// Whether the process has ended and left nothing unread.
  var hasEnded: Bool {
    state.withLock { state in state.lines.isEmpty && state.exit != nil }
  }

  /// Starts the threads that read the process's stdout and stderr until they close.
  func startReading(stdout: FileHandle, stderr: FileHandle) {
    for (handle, isStdout) in [(stdout, true), (stderr, false)] {
      Thread.detachNewThread { [self] in
        let descriptor = handle.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
          let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
          if count < 0 && errno == EINTR { continue }
          guard count > 0 else { break }
          received(Data(buffer[0..<count]), fromStdout: isStdout)
        }
        try? handle.close()
        closed(stdout: isStdout)
      }
    }
  }

  /// The process ended (its termination handler).
  func processExited(_ exit: Exit) {
    update { $0.exit = exit }
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) { [self] in
      update { $0.graceOver = true }
    }
  }

  /// The next line or the end, or `.timedOut` once `deadline` passes.
  func next(before deadline: ContinuousClock.Instant) async -> Event {
    let token = state.withLock { state in
      state.tokens += 1
      return state.tokens
    }
    let timer = Task { [self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      expire(token)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let now: Event? = state.withLock { state in
        if let event = state.takeEvent() { return event }
        if ContinuousClock.now >= deadline { return .timedOut }
        state.waiter = (token, continuation)
        return nil
      }
      if let now { continuation.resume(returning: now) }
    }
  }

  private func received(_ data: Data, fromStdout: Bool) {
    update { state in
      if fromStdout {
        state.keep(state.stdout.feed(data))
      } else {
        state.keepStderr(state.stderr.feed(data))
      }
    }
  }

  private func closed(stdout: Bool) {
    update { state in
      if stdout {
        state.keep(state.stdout.finish())
        state.stdoutClosed = true
      } else {
        state.keepStderr(state.stderr.finish())
        state.stderrClosed = true
      }
    }
  }

  /// The deadline of the request holding `token` passed.
  private func expire(_ token: Int) {
    let waiter = state.withLock { state -> CheckedContinuation<Event, Never>? in
      guard let waiter = state.waiter, waiter.token == token else { return nil }
      state.waiter = nil
      return waiter.continuation
    }
    waiter?.resume(returning: .timedOut)
  }

  /// Changes the state, then hands the waiting request its event if there is one now.
  private func update(_ change: (inout State) -> Void) {
    let delivery = state.withLock { state -> (CheckedContinuation<Event, Never>, Event)? in
      change(&state)
      guard let waiter = state.waiter, let event = state.takeEvent() else { return nil }
      state.waiter = nil
      return (waiter.continuation, event)
    }
    if let (continuation, event) = delivery { continuation.resume(returning: event) }
  }
}
