import CheckoutTestSupport
import Foundation
import Synchronization
import XCTest

/// `paydrill serve` started by a test on a free loopback port (`--listen 127.0.0.1:0`), with a ledger of its
/// own; stopped with SIGTERM at the end, which must end it with status 0.
final class ServedGateway {
  let process = Process()
  let url: String
  let ledger: String
  private let output = Pipe()
  /// What it printed, read as it comes (a pipe left unread would fill and hold the server up).
  private let log = Log()

  private final class Log: Sendable {
    let data = Mutex(Data())
  }

  /// Starts it and waits for the line that says where it listens.
  init(ledger: String, extra: [String] = []) throws {
    self.ledger = ledger
    process.executableURL = URL(fileURLWithPath: try PayDrillBinary.path())
    process.arguments = ["serve", "--listen", "127.0.0.1:0", "--ledger", ledger] + extra
    process.currentDirectoryURL = PayDrillBinary.packageRoot
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    try process.run()
    let log = log
    output.fileHandleForReading.readabilityHandler = { handle in
      let chunk = handle.availableData
      if chunk.isEmpty { handle.readabilityHandler = nil }
      log.data.withLock { $0.append(chunk) }
    }
    let deadline = Date().addingTimeInterval(20)
    var found: String?
    while found == nil, Date() < deadline, process.isRunning {
      let text = log.data.withLock { String(decoding: $0, as: UTF8.self) }
      if let range = text.range(of: #"listens on (http://\S+)"#, options: .regularExpression) {
        found = String(text[range].dropFirst("listens on ".count))
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    guard let found else {
      process.terminate()
      let text = log.data.withLock { String(decoding: $0, as: UTF8.self) }
      throw ServeFailure(text: "paydrill serve did not say where it listens: \(text)")
    }
    url = found
  }

  struct ServeFailure: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
  }

  /// Stops it (SIGTERM); returns its exit status and everything it printed.
  @discardableResult
  func stop() -> (status: Int32, output: String) {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    Thread.sleep(forTimeInterval: 0.1)
    return (process.terminationStatus, log.data.withLock { String(decoding: $0, as: UTF8.self) })
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// Fails loudly under CI when curl is missing (make test installs it), skips otherwise.
  static func requireCurl(file: StaticString = #filePath, line: UInt = #line) throws {
    if (try? PayDrillBinary.launch("/usr/bin/env", ["curl", "--version"]))?.status == 0 { return }
    throw Requirement.missing(
      "curl is not installed: the HTTP end-to-end tests drive paydrill serve with it", file: file, line: line)
  }
}
