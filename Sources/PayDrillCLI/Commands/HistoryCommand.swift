import CheckoutEngine
import Foundation
import PayDrillCommandLine
import PayDrillFiles
import PayDrillLedger
import PaymentHistory

/// `paydrill history`: the ledger's recent attempts as a table or JSON Lines, filtered, or one attempt in
/// full with its events (`history show ID`).
public enum HistoryCommand {
  /// Its options, which the command line reads (`HistoryOptions`, in `PayDrillCommandLine`).
  public typealias Options = HistoryOptions

  /// What the command printed and its exit status: 0 done, 1 no attempt with that id, 2 the ledger cannot be
  /// read.
  struct Outcome: Equatable {
    var status: Int32
    var output: String
    var error: String?
  }

  /// Runs the command against the ledger the options name. The table fits in `columns` (the terminal's
  /// width), else in `COLUMNS` when it is set, as the history panel's does; a pipe gets every column whole.
  static func run(
    _ options: Options, environment: [String: String] = ProcessInfo.processInfo.environment,
    columns: Int? = nil
  ) -> Outcome {
    guard let path = options.ledger.path(environment: environment) else {
      return Outcome(
        status: 2, output: "", error: "history reads the ledger: --no-ledger leaves nothing to read")
    }
    guard FileManager.default.fileExists(atPath: path) else {
      if let id = options.showID {
        return Outcome(status: 1, output: "", error: "no attempt \(id): nothing is recorded in \(path) yet")
      }
      return Outcome(status: 0, output: options.json ? "" : "No attempts recorded in \(path) yet.\n")
    }
    let ledger: SQLiteLedger
    do {
      ledger = try SQLiteLedger(path: path)
    } catch {
      // A ledger this user cannot write can still be read.
      guard let readable = try? SQLiteLedger(path: path, readOnly: true) else {
        return Outcome(status: 2, output: "", error: "\(error)")
      }
      ledger = readable
    }
    do {
      if let id = options.showID {
        guard let attempt = try ledger.attempt(id: id) else {
          return Outcome(status: 1, output: "", error: "no attempt \(id) in \(path) (see paydrill history)")
        }
        return Outcome(
          status: 0, output: options.json ? jsonLine(attempt, withEvents: true) + "\n" : details(attempt))
      }
      let attempts = try ledger.attempts(matching: options.filter)
      if options.json {
        return Outcome(status: 0, output: attempts.map { jsonLine($0) + "\n" }.joined())
      }
      guard !attempts.isEmpty else { return Outcome(status: 0, output: try nothingMatches(options, ledger)) }
      return Outcome(
        status: 0,
        output: HistoryTable().lines(attempts, width: columns ?? environment["COLUMNS"].flatMap { Int($0) })
          .joined(separator: "\n") + "\n")
    } catch {
      return Outcome(status: 2, output: "", error: "\(error)")
    }
  }

  /// What the table says when no attempt matches: and that replays were left out, when some would have.
  static func nothingMatches(_ options: Options, _ ledger: SQLiteLedger) throws -> String {
    var withReplays = options.filter
    withReplays.includesReplays = true
    withReplays.limit = 1
    guard !options.filter.includesReplays, try !ledger.attempts(matching: withReplays).isEmpty else {
      return "No attempts match.\n"
    }
    return
      "No attempts match; the attempts of tape replays are left out (paydrill history --replays lists them).\n"
  }

  /// One attempt as one JSON object (keys sorted): the amount as a string, its currency and its minor units.
  static func jsonLine(_ attempt: PaymentAttempt, withEvents: Bool = false) -> String {
    var object: [String: Any] = [
      "scenario": attempt.scenario, "method": attempt.method.rawValue, "amount": attempt.amount.plainString,
      "currency": attempt.amount.currency.code, "minorUnits": attempt.amount.minorUnits,
      "outcome": attempt.outcome.rawValue, "startedAt": SQLiteLedger.timestamp(attempt.startedAt),
      "endedAt": SQLiteLedger.timestamp(attempt.endedAt),
    ]
    object["id"] = attempt.id
    object["card"] = attempt.card
    object["errorCode"] = attempt.errorCode
    object["errorMessage"] = attempt.errorMessage
    object["systemTransactionId"] = attempt.systemTransactionId
    object["merchantTransactionId"] = attempt.merchantTransactionId
    object["sessionId"] = attempt.sessionId
    object["resultCode"] = attempt.resultCode
    // A string: a seed may be past what a JSON number keeps exactly.
    object["seed"] = attempt.seed.map(String.init)
    object["replayOf"] = attempt.replayOf
    if withEvents {
      object["events"] = attempt.eventLines.map {
        (try? JSONSerialization.jsonObject(with: Data($0.utf8))) ?? $0
      }
    }
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data ?? Data(), as: UTF8.self)
  }

  /// One attempt's fields, then its events as JSON Lines: the history panel's entry shows the same fields.
  static func details(_ attempt: PaymentAttempt, timeZone: TimeZone = .current) -> String {
    AttemptDetails(timeZone: timeZone).text(attempt)
  }
}
