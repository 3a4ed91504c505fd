import Dispatch
import Foundation
import GatewayServer
import GatewaySimulator
import PayDrillCommandLine
import PayDrillFiles
import PayDrillLedger
import Synchronization

/// `paydrill-serve`: what `paydrill serve` becomes, and what `paydrill --serve` starts as a child. It takes
/// paydrill's own command line (`serve --listen … --token … --ledger …`, checked by the same table), opens
/// the ledger, starts the HTTP server and answers until SIGINT or SIGTERM. For a person it prints the URL,
/// the token ids and a line per request; for the checkout (`PAYDRILL_SERVE_REPORT=1`) a JSON line when it
/// listens and one per request, and it ends when the checkout closes its standard input.
enum ServeProgram {
  static func main(_ arguments: [String]) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    // Past `ulimit -f`, a write fails with EFBIG (the ledger and the events file report it) instead of
    // SIGXFSZ killing the server without a word.
    signal(SIGXFSZ, SIG_IGN)
    guard let options = CommandLineOptions.parsedReportingErrors(arguments) else { return 2 }
    guard options.command == .serve else { return fail("paydrill-serve runs paydrill serve only") }
    let reports = ProcessInfo.processInfo.environment[ServeOptions.reportVariable] == "1"
    let serve = options.serve
    if let refusal = ServeOptions.exposureRefusal(serve.listen, tokens: serve.tokens) { return fail(refusal) }
    let store: any SessionStore
    let ledgerPath = options.ledger.path()
    do {
      store = try ledgerPath.map { try LedgerSessionStore(path: $0) } ?? InMemorySessionStore()
    } catch {
      return fail("\(error)")
    }
    let api = GatewayAPI(tokens: serve.acceptedTokens, store: store, limits: serve.limits)
    let output = Output(reports: reports)
    let daemon: HTTPDaemon
    do {
      daemon = try HTTPDaemon(
        address: serve.listen, limits: serve.limits,
        screen: { request in
          guard let (response, exchange) = api.refusal(beforeBody: request) else { return nil }
          output.served(exchange)
          return response
        }
      ) { request in
        let (response, exchange) = api.respond(to: request)
        output.served(exchange)
        return response
      }
    } catch {
      return fail("\(error)")
    }
    let warning = ServeOptions.exposureWarning(serve.listen)
    if let warning, !reports {
      FileHandle.standardError.write(Data("paydrill serve: warning: \(warning)\n".utf8))
    }
    output.listening(daemon.url, tokens: serve.acceptedTokens, ledger: ledgerPath, warning: warning)

    let stop = DispatchSemaphore(value: 0)
    var sources: [DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { stop.signal() }
      source.resume()
      sources.append(source)
    }
    if reports {
      // The checkout that started it holds its standard input: when that closes, the checkout is gone.
      Thread.detachNewThread {
        _ = FileHandle.standardInput.readDataToEndOfFile()
        stop.signal()
      }
    }
    stop.wait()
    daemon.stop()
    output.finish()
    sources.forEach { $0.cancel() }
    return 0
  }

  static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data(ErrorOutput.lines(message).utf8))
    return 2
  }
}

/// Where the server says what it does: standard output, one line at a time whichever thread writes.
final class Output: Sendable {
  private let reports: Bool
  private let lock = Mutex(())
  /// Refusals are logged up to a budget a minute: unsigned clients cannot grow the log without bound.
  private let budget = RefusalBudget()

  init(reports: Bool) { self.reports = reports }

  private func write(_ line: String) {
    lock.withLock { _ in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
  }

  /// The server listens: the URL and the token ids (never a key), or, for the checkout, a JSON line.
  func listening(_ url: String, tokens: [APIToken], ledger: String?, warning: String?) {
    if reports {
      var object = ["listening": url]
      object["warning"] = warning
      let line =
        (try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]))
        .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
      return write(line)
    }
    let ids = tokens.map(\.id).joined(separator: ", ")
    let development = tokens == [.development] ? " (the development token; docs/reference/http-api.md)" : ""
    write(
      """
      paydrill serve: the simulated gateway listens on \(url)
        POST \(url)\(GatewayAPI.sessionsPath)  creates a session (signed: X-PayDrill-Token-Id, \
      X-PayDrill-Timestamp, X-PayDrill-Request-Id, X-PayDrill-Signature)
        GET  \(url)\(GatewayAPI.sessionsPath)/SESSION_ID  the session's state and payments
        GET  \(url)\(GatewayAPI.transactionsPath)/SYSTEM_TRANSACTION_ID  verifies a payment \
      (or ?merchantTransactionId=ID)
      Token id: \(ids)\(development)
      \(ledger.map { "Ledger: \($0) (pay in a session with paydrill --session SESSION_ID --ledger \($0))" } ?? "No ledger: sessions live in memory until the server stops")
      Ctrl-C stops it.
      """)
  }

  /// A request was answered: a log line, or for the checkout the exchange as JSON, within the budget of
  /// refusals.
  func served(_ exchange: ServedExchange) {
    budget.log(exchange, at: Date()).forEach(write)
  }

  /// The server stops: the refusals not logged since the last line that said so.
  func finish() {
    budget.finish().forEach(write)
  }

  private func write(_ exchange: ServedExchange) {
    if reports {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.withoutEscapingSlashes]
      guard let data = try? encoder.encode(exchange) else { return }
      return write(String(decoding: data, as: UTF8.self))
    }
    // The path and a refusal's message carry what the client sent: no escape sequence of theirs reaches
    // the terminal.
    write("\(Self.time.format(Date())) \(PrintableText.visible(exchange.logLine))")
  }

  /// The log's local time, `HH:MM:SS.mmm`; made once.
  private static let time = Date.ISO8601FormatStyle(timeZone: .current).time(includingFractionalSeconds: true)
}
