import Foundation
import Platform
import TerminalUI

/// A program running in a pseudo-terminal of its own, as in a terminal window: the benchmark types keys into
/// it and reads every byte it writes to the screen.
///
/// The child is spawned with `posix_spawn` (`ChildSpawn`; no `fork` in a threaded Swift process): it starts
/// a session of its own, and the pty's slave side becomes its controlling terminal and its standard input,
/// output and error. `TERM` is `xterm-256color` whatever the bench's own terminal is, so the figures do not depend on
/// where the bench runs.
final class PseudoTerminal {
  /// The child's process id.
  let pid: pid_t
  /// Just before the child was spawned.
  let startedAt: ContinuousClock.Instant
  private let master: Int32
  private var exited = false
  /// Whether the terminal hung up: the child closed it or exited.
  private(set) var hungUp = false
  /// The child's exit status and resource use, once it was waited for.
  private(set) var usage: rusage?

  /// The arrow keys as an xterm sends them once a program turned its keypad on (ncurses' `keypad`).
  static let down = "\u{1B}OB"
  static let up = "\u{1B}OA"
  static let enter = "\r"
  static let tab = "\t"
  static let interrupt = "\u{03}"

  init(
    executable: String, arguments: [String], size: Size, environment extra: [String: String] = [:]
  ) throws(BenchError) {
    var master: Int32 = -1
    var slave: Int32 = -1
    var window = winsize(
      ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &window) == 0, let name = ttyname(slave) else {
      throw BenchError("openpty failed: \(String(cString: strerror(errno)))")
    }
    let slavePath = String(cString: name)
    close(slave)
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)

    let spawn = ChildSpawn()
    spawn.startNewSession()
    spawn.open(slavePath, as: 0, flags: O_RDWR)
    spawn.duplicate(0, as: 1)
    spawn.duplicate(0, as: 2)

    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = environment["LANG"].flatMap { $0.contains("UTF-8") ? $0 : nil } ?? "C.UTF-8"
    environment.removeValue(forKey: "LC_ALL")
    environment.removeValue(forKey: "COLUMNS")
    environment.removeValue(forKey: "LINES")
    environment.merge(extra) { $1 }
    startedAt = ContinuousClock.now
    let spawned = spawn.spawn(
      executable, arguments: [executable] + arguments,
      environment: environment.map { "\($0.key)=\($0.value)" })
    guard case .success(let pid) = spawned else {
      close(master)
      if case .failure(let error) = spawned { throw BenchError("could not start \(executable): \(error)") }
      throw BenchError("could not start \(executable)")
    }
    self.pid = pid
    self.master = master
  }

  deinit {
    if !exited {
      kill(pid, SIGKILL)
      _ = waitForExit()
    }
    close(master)
  }

  /// Types text (keys are their escape sequences) into the terminal.
  func send(_ keys: String) {
    var bytes = Array(keys.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        write(master, $0.baseAddress! + offset, $0.count - offset)
      }
      if written <= 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }

  /// What the child wrote within `timeout` (waiting for the first byte at most that long, then taking what
  /// is there); empty when nothing came or the child has gone.
  func readChunk(timeout: Duration) -> [UInt8] {
    let milliseconds = Int32(max(0, timeout / .milliseconds(1)).rounded(.up))
    guard !hungUp, DescriptorWait.readable([master], milliseconds: milliseconds)[0] else { return [] }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    guard count > 0 else {
      if count == 0 || errno != EINTR { hungUp = true }
      return []
    }
    return Array(buffer[..<count])
  }

  /// Reads until the output pauses for `gap` after at least one byte (or at once, when the burst has
  /// `started` already), or `limit` passes. Returns the bytes and when the last of them arrived.
  func readBurst(gap: Duration, limit: Duration, started: Bool = false)
    -> (bytes: [UInt8], lastByteAt: ContinuousClock.Instant?)
  {
    let deadline = ContinuousClock.now + limit
    var bytes: [UInt8] = []
    var lastByteAt: ContinuousClock.Instant?
    while ContinuousClock.now < deadline {
      let waiting = bytes.isEmpty && !started
      let chunk = readChunk(timeout: waiting ? deadline - ContinuousClock.now : gap)
      if chunk.isEmpty {
        if !waiting || hungUp { break }
        continue
      }
      lastByteAt = ContinuousClock.now
      bytes += chunk
    }
    return (bytes, lastByteAt)
  }

  /// Reads until the output contains `text`; throws when it has not appeared within `limit`.
  @discardableResult
  func readUntil(_ text: String, limit: Duration) throws(BenchError) -> [UInt8] {
    let needle = Array(text.utf8)
    let deadline = ContinuousClock.now + limit
    var bytes: [UInt8] = []
    while ContinuousClock.now < deadline {
      bytes += readChunk(timeout: deadline - ContinuousClock.now)
      if bytes.count >= needle.count, Self.contains(bytes, needle) { return bytes }
      if hungUp { throw BenchError("the program left before “\(text)” appeared on the screen") }
    }
    throw BenchError("“\(text)” did not appear on the screen within \(limit)")
  }

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    var index = haystack.startIndex
    while let start = haystack[index...].firstIndex(of: first) {
      if haystack[start...].starts(with: needle) { return true }
      index = start + 1
      if haystack.count - index < needle.count { return false }
    }
    return false
  }

  /// The CPU time the child has used so far (user and system, all its threads); nil where the system does
  /// not tell (`ProcessStatistics.cpuTime`).
  func cpuTime() -> Duration? {
    ProcessStatistics.cpuTime(of: pid)
  }

  /// The child's peak resident memory so far, in bytes; nil where the system does not tell
  /// (`ProcessStatistics.peakMemory`).
  func peakMemory() -> Int? {
    ProcessStatistics.peakMemory(of: pid)
  }

  /// Waits for the child to exit (draining what it still writes, so it never blocks on a full terminal)
  /// and returns its resource use.
  @discardableResult
  func waitForExit(limit: Duration = .seconds(5)) -> rusage? {
    if exited { return usage }
    let deadline = ContinuousClock.now + limit
    var status: Int32 = 0
    var resources = rusage()
    while true {
      let result = wait4(pid, &status, WNOHANG, &resources)
      if result == pid || (result < 0 && errno != EINTR) { break }
      if ContinuousClock.now >= deadline { kill(pid, SIGKILL) }
      _ = readChunk(timeout: .milliseconds(5))
    }
    exited = true
    usage = resources
    return resources
  }
}
