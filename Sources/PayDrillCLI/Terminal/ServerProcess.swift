import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PayDrillCommandLine
import PayDrillLoop
import StrictJSON
import Synchronization

/// `paydrill serve` as a child of the interactive checkout (`paydrill --serve`): `paydrill-serve`, which
/// links libmicrohttpd, reports each request it answered as a JSON line; each becomes a `.served` action
/// posted to the checkout's inbox from the thread that reads them. It ends when the checkout closes its
/// standard input (or quits without closing it: SIGTERM). When it ends on its own (a crash, a signal, a
/// fatal error), the same thread posts `.serverStopped` with its exit status and last words, once every
/// request it reported has been posted.
public final class ServerProcess {
  private let process: Process
  private let input: Pipe
  /// The server's base URL (`http://127.0.0.1:8787`), once it listens.
  public let url: String
  /// What the server warns of (an address other machines can reach), for the terminal to print first.
  public let warning: String?
  private let errors: ErrorTail
  /// Where the requests go, once the checkout is there to take them (`deliver(to:)`).
  private let destination = Destination()

  /// The checkout's postbox, given once it exists; until then the reader waits. And whether the checkout
  /// stopped the server (then its end is no news), and how it ended.
  private final class Destination: Sendable {
    let postbox = Mutex<ActionPostbox?>(nil)
    let given = DispatchSemaphore(value: 0)
    let stopping = Mutex(false)
    let exit = Mutex<(status: Int32, signalled: Bool)?>(nil)
    /// Left when the process has ended (any number may wait for it).
    let running = DispatchGroup()
    /// Signalled when the server's standard error has been read to the end.
    let errorsRead = DispatchSemaphore(value: 0)
  }

  /// Why the server did not start: the program is missing, or it said why on standard error.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The last lines the server wrote to standard error.
  private final class ErrorTail: Sendable {
    let lines = Mutex<[String]>([])

    func keep(_ data: Data) {
      let text = String(decoding: data, as: UTF8.self)
      lines.withLock { lines in
        lines += text.split(separator: "\n").map { String($0.prefix(4096)) }
        lines = Array(lines.suffix(5))
      }
    }

    /// The lines, each without the `paydrill: ` that starts its messages.
    var lastWords: [String] {
      lines.withLock { $0 }.map { $0.hasPrefix("paydrill: ") ? String($0.dropFirst(10)) : $0 }
    }
  }

  /// Starts the server with paydrill's command line for it (`serve --listen …`) and `environment` (which
  /// holds the tokens: a command line is public), and waits until it listens (at most `timeout`); the
  /// requests it answers are posted once `deliver(to:)` says where.
  public init(arguments: [String], environment: [String: String], timeout: Duration = .seconds(10)) throws {
    let program: URL
    switch ServeCommand.program.locate(for: "--serve") {
    case .success(let found): program = found
    case .failure(let missing): throw StartFailure(description: missing.description)
    }
    process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = environment.merging([ServeOptions.reportVariable: "1"]) { $1 }
    input = Pipe()
    let output = Pipe()
    let errorPipe = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errorPipe
    let errors = ErrorTail()
    self.errors = errors
    let destination = destination
    errorPipe.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty {
        handle.readabilityHandler = nil
        destination.errorsRead.signal()
      } else {
        errors.keep(data)
      }
    }
    process.terminationHandler = { process in
      destination.exit.withLock {
        $0 = (process.terminationStatus, process.terminationReason == .uncaughtSignal)
      }
      destination.running.leave()
    }
    destination.running.enter()
    do {
      try process.run()
    } catch {
      destination.running.leave()
      throw error
    }

    let listening = Mutex<[String: String]?>(nil)
    let ready = DispatchSemaphore(value: 0)
    let reader = output.fileHandleForReading
    Thread.detachNewThread {
      var splitter = JSONLineSplitter(limit: 1 << 20)
      var postbox: ActionPostbox?
      while true {
        let chunk = reader.availableData
        let pieces = chunk.isEmpty ? splitter.finish() : splitter.feed(chunk)
        for case .line(let line) in pieces {
          guard let postbox else {
            // The first line: where it listens.
            listening.withLock { $0 = (try? JSONSerialization.jsonObject(with: line)) as? [String: String] }
            ready.signal()
            destination.given.wait()
            postbox = destination.postbox.withLock { $0 }
            continue
          }
          if let exchange = try? StrictJSONDecoder().decode(ServedExchange.self, from: line) {
            postbox.post(.served(exchange))
          }
        }
        if chunk.isEmpty { break }
      }
      guard let postbox else {
        ready.signal()
        return
      }
      // Its output ended: the server is ending. Unless the checkout stopped it, that is news.
      _ = destination.running.wait(timeout: .now() + 5)
      _ = destination.errorsRead.wait(timeout: .now() + 1)
      guard !destination.stopping.withLock({ $0 }) else { return }
      let exit = destination.exit.withLock { $0 }
      postbox.post(
        .serverStopped(
          ServerStop(
            status: exit?.status ?? -1, signalled: exit?.signalled ?? false, lastWords: errors.lastWords)))
    }
    let waited = ready.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds * 1000)))
    let first = listening.withLock { $0 }
    guard waited == .success, let url = first?["listening"] else {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      throw StartFailure(
        description: errors.lastWords.last ?? "the server (\(program.path)) did not start within \(timeout)")
    }
    self.url = url
    warning = first?["warning"]
  }

  /// From now on, each request the server answers is posted here.
  public func deliver(to postbox: ActionPostbox) {
    destination.postbox.withLock { $0 = postbox }
    destination.given.signal()
  }

  /// Stops the server: closes its standard input, then SIGTERM if it has not ended within a second. Its
  /// end is then no news: nothing is posted.
  public func stop() {
    destination.stopping.withLock { $0 = true }
    try? input.fileHandleForWriting.close()
    if destination.running.wait(timeout: .now() + 1) == .timedOut { process.terminate() }
    process.waitUntilExit()
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}
