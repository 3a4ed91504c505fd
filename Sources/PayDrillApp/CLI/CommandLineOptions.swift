import CheckoutEngine
import Foundation
import TerminalUI

/// What the command line asked for.
public struct CommandLineOptions: Equatable {
  public enum Command: Equatable {
    case run
    /// The interactive checkout, its keys written to a tape.
    case record(tape: String)
    /// Play a tape in the terminal at human pace, for a presentation.
    case demo(tape: String)
    /// Replay one tape or a suite of them.
    case play(tapes: [String])
    case cards
    case scenarios
    /// The Apple Pay button gallery, interactive or printed.
    case buttons(print: Bool)
    /// The sessions API's signature of a request body.
    case sign
    /// A session request through the simulated sessions API.
    case session
    /// Validates scenarios, themes and tapes (`paydrill check FILE…`).
    case check(files: [String])
    /// The run history: recent attempts, or one in full (`paydrill history`).
    case history(HistoryCommand.Options)
    /// Random input against every scenario, the invariants checked after each step (`paydrill fuzz`).
    case fuzz(FuzzCommand.Options)
    case help
    case version
  }

  public var command: Command = .run
  public var scenarioPath: String?
  public var theme = "dark"
  public var latencyMilliseconds: Int?
  public var size = Size(columns: 100, rows: 32)
  /// The seed of the gateway's random latency and faults.
  public var seed: UInt64 = 1
  /// When a replay's virtual clock starts (`--clock-start`, written by `record`): a recorded tape replays at
  /// the instants it was recorded at. Nil: now.
  public var clockStart: Date?
  /// The PSP profile the simulated gateway speaks as (`--gateway`), over the scenario's.
  public var gatewayProfile: PSPProfile?
  /// The command of a gateway plugin that answers in place of the simulated gateway (`--gateway-plugin`).
  public var gatewayPlugin: String?
  /// How long a plugin may take to answer one request, in seconds (`--plugin-timeout`).
  public var pluginTimeoutSeconds = 5.0
  /// The command of a merchant hook that answers the merchant callbacks (`--merchant-hook`).
  public var merchantHook: String?
  /// How long the hook may take to answer `onBeforeSubmit` or `onPreAuthorisation`, in seconds
  /// (`--hook-timeout`); the sheet's updates keep PassKit's 30 seconds.
  public var hookTimeoutSeconds = 30.0
  public var screenPath: String?
  public var eventsPath: String?
  /// The locale of the shopper's texts and money (`--locale`), over the scenario's.
  public var locale: String?
  /// Large type for projectors: the checkout alone, padded, in the high-contrast theme.
  public var zoom = false
  /// `demo`: milliseconds between typed characters.
  public var typingMilliseconds = 70
  /// `demo`: how many times as long a tape's `Sleep` lasts.
  public var pauseScale = 1.0
  /// Where `play` writes its JUnit XML report.
  public var junitPath: String?
  /// Where the screenshot key saves bundles (`--screenshot-dir`; `./paydrill-screenshots` in the terminal).
  public var screenshotFolder: String?
  /// Where `play` saves a bundle after every `Wait` and at the end (`--screens`).
  public var screensFolder: String?
  /// The button the gallery starts on (`--type`, `--style`, `--radius`).
  public var button = ApplePayButtonAppearance()
  var printsButton = false
  /// The inputs of `paydrill sign`.
  var sign = SignCommand.Options()
  /// The inputs of `paydrill session`.
  var session = SessionCommand.Options()
  /// Where attempts are recorded (`--ledger PATH`, `--no-ledger`).
  public var ledger: LedgerChoice = .standard

  /// A command line PayDrill cannot follow, said in one line.
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// One of an enumeration's values, or an error that lists them all.
  static func choice<Value: RawRepresentable & CaseIterable>(for option: String, from text: String) throws
    -> Value
  where Value.RawValue == String {
    guard let value = Value(rawValue: text) else {
      let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(message: "\(option) takes one of \(names), not \"\(text)\"")
    }
    return value
  }

  /// The options a tape runs with: its header's, then the command line's, which win (`play`, `demo`).
  static func parse(header tape: Tape, arguments: [String]) throws -> CommandLineOptions {
    do {
      return try parse(tape.headerArguments + arguments)
    } catch {
      throw ConfigurationError(file: tape.file, problem: "header: \(error)")
    }
  }

  /// The format of `--clock-start`: ISO 8601 in UTC, with milliseconds.
  static var clockStartFormat: ISO8601DateFormatter {
    let format = ISO8601DateFormatter()
    format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return format
  }

  /// Parses the arguments after the program's name.
  public static func parse(_ arguments: [String]) throws -> CommandLineOptions {
    var options = CommandLineOptions()
    var queue = ArgumentQueue(arguments[...])
    func value(for option: String) throws -> String { try queue.value(for: option) }
    var positional: [String] = []
    while let argument = queue.next() {
      switch argument {
      case "-h", "--help", "help": options.command = .help
      case "-V", "--version": options.command = .version
      case "--scenario": options.scenarioPath = try value(for: argument)
      case "--theme": options.theme = try value(for: argument)
      case "--latency":
        options.latencyMilliseconds = try queue.number(
          for: argument, in: 0...600_000, taking: "milliseconds from 0 to 600000")
      case "--size":
        let text = try value(for: argument)
        guard let size = Size(parsing: text) else {
          throw UsageError(message: "--size takes COLUMNSxROWS, like 100x32, not \"\(text)\"")
        }
        options.size = size
      case "--screen": options.screenPath = try value(for: argument)
      case "--seed":
        options.seed = try queue.number(
          for: argument, in: 0...UInt64.max, taking: "a whole number")
      case "--clock-start":
        let text = try value(for: argument)
        guard let date = Self.clockStartFormat.date(from: text) else {
          throw UsageError(
            message: "--clock-start takes an ISO 8601 time like 2026-12-01T09:30:00.250Z, not \"\(text)\"")
        }
        options.clockStart = date
      case "--events": options.eventsPath = try value(for: argument)
      case "--junit": options.junitPath = try value(for: argument)
      case "--zoom": options.zoom = true
      case "--locale":
        let text = try value(for: argument)
        guard text.range(of: #"^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"#, options: .regularExpression) != nil
        else {
          throw UsageError(
            message:
              "--locale takes a locale such as en-US, en-GB, es-ES, fr-FR, de-DE or ja-JP, not \"\(text)\"")
        }
        options.locale = text.replacingOccurrences(of: "_", with: "-")
      case "--typing-speed":
        options.typingMilliseconds = try queue.number(
          for: argument, in: 0...2000, taking: "milliseconds per character from 0 to 2000")
      case "--pause-scale":
        options.pauseScale = try queue.number(
          for: argument, in: 0...10, taking: "a factor from 0 to 10")
      case "--screenshot-dir": options.screenshotFolder = try value(for: argument)
      case "--screens": options.screensFolder = try value(for: argument)
      case "--ledger": options.ledger = .file(try value(for: argument))
      case "--no-ledger": options.ledger = .off
      case "--gateway": options.gatewayProfile = try choice(for: argument, from: try value(for: argument))
      case "--gateway-plugin":
        options.gatewayPlugin = try queue.command(
          for: argument, example: "python3 Examples/gateway-plugin.py")
      case "--plugin-timeout":
        options.pluginTimeoutSeconds = try queue.number(
          for: argument, in: 0.1...600, taking: "seconds from 0.1 to 600")
      case "--merchant-hook":
        options.merchantHook = try queue.command(for: argument, example: "python3 Examples/merchant-hook.py")
      case "--hook-timeout":
        options.hookTimeoutSeconds = try queue.number(
          for: argument, in: 0.1...600, taking: "seconds from 0.1 to 600")
      case "--type": options.button.type = try choice(for: argument, from: try value(for: argument))
      case "--style": options.button.style = try choice(for: argument, from: try value(for: argument))
      case "--radius":
        options.button.radius = try queue.number(
          for: argument, in: 0...ApplePayButtonAppearance.maximumRadius, taking: "points from 0 to 24")
      case "--print": options.printsButton = true
      case "--token-id": options.sign.tokenId = try value(for: argument)
      case "--token-key": options.sign.tokenKey = try value(for: argument)
      case "--path": options.sign.path = try value(for: argument)
      case "--body": options.sign.bodyPath = try value(for: argument)
      case "--request-id": options.sign.requestId = try value(for: argument)
      case "--request": options.session.requestPath = try value(for: argument)
      case "--signature": options.session.signature = try value(for: argument)
      case "--timestamp":
        options.sign.timestamp = try queue.number(
          for: argument, in: 1...Int64.max, taking: "Unix milliseconds")
      default:
        if argument.hasPrefix("-") {
          throw UsageError(message: "unknown option \(argument) (see paydrill --help)")
        }
        if positional.isEmpty, argument == "history", options.command == .run {
          // The rest belongs to history (its --scenario is a filter).
          if queue.rest.contains("-h") || queue.rest.contains("--help") {
            options.command = .help
            return options
          }
          options.command = .history(try HistoryCommand.parse(queue.rest, ledger: options.ledger))
          return options
        }
        if positional.isEmpty, argument == "fuzz", options.command == .run {
          // The rest belongs to fuzz (its --seed and --scenario are its own).
          options.command = .fuzz(try FuzzCommand.parse(queue.rest))
          return options
        }
        positional.append(argument)
      }
    }
    if options.command == .help || options.command == .version { return options }
    guard let first = positional.first else { return options }
    switch first {
    case "play":
      guard positional.count >= 2 else {
        throw UsageError(
          message:
            "play takes tapes: paydrill play TAPE… [--size 100x32] [--screen FILE] [--events FILE] [--junit FILE]"
        )
      }
      guard positional.count == 2 || (options.screenPath == nil && options.eventsPath == nil) else {
        throw UsageError(
          message: "--screen and --events take one tape; for a suite of tapes use --junit FILE")
      }
      options.command = .play(tapes: Array(positional.dropFirst()))
    case "demo":
      guard positional.count == 2 else {
        throw UsageError(message: "demo takes one tape: paydrill demo TAPE [--typing-speed MS] [--zoom]")
      }
      options.command = .demo(tape: positional[1])
    case "record":
      guard positional.count == 2 else {
        throw UsageError(message: "record takes one tape to write: paydrill record TAPE [--scenario NAME]")
      }
      options.command = .record(tape: positional[1])
    case "check":
      guard positional.count >= 2 else {
        throw UsageError(message: "check takes the files to check: paydrill check FILE…")
      }
      options.command = .check(files: Array(positional.dropFirst()))
    case "sign", "session":
      guard positional.count == 1 else { throw UsageError(message: "\(first) takes options only") }
      options.command = first == "sign" ? .sign : .session
    case "buttons":
      guard positional.count == 1 else { throw UsageError(message: "buttons takes options only") }
      options.command = .buttons(print: options.printsButton)
    case "cards", "scenarios":
      guard positional.count == 1 else { throw UsageError(message: "\(first) takes no argument") }
      options.command = first == "cards" ? .cards : .scenarios
    default:
      throw UsageError(
        message:
          "unknown command \"\(first)\" (expected play, record, demo, check, buttons, scenarios, cards, sign, session, history or fuzz; see paydrill --help)"
      )
    }
    return options
  }
}
