import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillFiles
import PaymentHistory
import StrictJSON
import TerminalUI

/// What the command line asked for.
public struct CommandLineOptions: Equatable, Sendable {
  public enum Command: Equatable, Sendable {
    case run
    /// The interactive checkout, its keys written to a tape.
    case record(tape: String)
    /// Play a tape in the terminal at human pace, for a presentation.
    case demo(tape: String)
    /// Replay one tape or a suite of them.
    case play(tapes: [String])
    /// Merge the JUnit reports of a suite's shards (`paydrill merge-junit REPORT…`).
    case mergeJUnit(MergeJUnitOptions)
    case cards
    case scenarios
    /// The Apple Pay button gallery, interactive or printed.
    case buttons(print: Bool)
    /// The sessions API's signature of a request body.
    case sign
    /// A session request through the simulated sessions API.
    case session
    /// The simulated gateway over HTTP (`paydrill serve`).
    case serve
    /// Validates scenarios, themes and tapes (`paydrill check FILE…`).
    case check(files: [String])
    /// Prints a file format's JSON Schema (`paydrill schema scenario`).
    case schema(name: String)
    /// Prints the completion script of a shell (`paydrill completions bash`).
    case completions(shell: CompletionShell)
    /// Prints the manual page, paydrill(1), as roff (`paydrill man`).
    case man
    /// The run history: recent attempts, or one in full (`paydrill history`).
    case history(HistoryOptions)
    /// Random input against every scenario, the invariants checked after each step (`paydrill fuzz`).
    case fuzz(FuzzOptions)
    /// The overview (nil), or one command's help (`paydrill help play`, `paydrill play --help`).
    case help(CommandSpec.Name?)
    /// The version and the commit it was built from.
    case version
  }

  public var command: Command = .run
  public var scenarioPath: String?
  public var theme = "dark"
  public var latencyMilliseconds: Int?
  public var size = Size(columns: 100, rows: 32)
  /// The seed of the gateway's transaction ids, random latency and faults (`--seed`); nil for a new seed each
  /// run, so that two runs never give a payment the same ids.
  public var seed: UInt64?
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
  /// Where the run's screen is recorded as asciicast v2 (`--cast`).
  public var castPath: String?
  /// The tape the checkout's keys are written to when it ends (`--record TAPE`, as `paydrill record TAPE`).
  public var recordPath: String?
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
  /// How many tapes `play` runs at once (`--jobs`); nil for as many as the machine has cores.
  public var jobs: Int?
  /// The part of the suite `play` runs (`--shard K/N`), for a CI matrix; nil runs every tape.
  public var shard: TapeShard?
  /// Where the screenshot key saves bundles (`--screenshot-dir`; `./paydrill-screenshots` in the terminal).
  public var screenshotFolder: String?
  /// Where `play` saves a bundle after every `Wait` and at the end (`--screens`).
  public var screensFolder: String?
  /// The button the gallery starts on (`--type`, `--style`, `--radius`).
  public var button = ApplePayButtonAppearance()
  var printsButton = false
  /// The inputs of `paydrill sign`.
  package var sign = SignOptions()
  /// The inputs of `paydrill session`.
  package var session = SessionOptions()
  /// Where attempts are recorded (`--ledger PATH`, `--no-ledger`).
  public var ledger: LedgerChoice = .standard
  /// The session of `paydrill serve` the checkout pays in (`--session ID`), read from the ledger.
  public var sessionId: String?
  /// Whether the checkout runs the server and waits for a backend's session (`--serve`).
  public var serves = false
  /// How `paydrill serve` (or the checkout's `--serve`) listens and what it accepts.
  public var serve = ServeOptions()
  /// The first server option given (`--listen`, `--token`, …), which the checkout takes only with --serve.
  var serverOption: String?
  /// The filters and form of `paydrill history` (its ledger is `ledger`).
  var history = HistoryOptions()
  /// The inputs of `paydrill fuzz` (its own `--seed` and `--scenario`).
  var fuzz = FuzzOptions()
  /// The reports `paydrill merge-junit` merges and its `--output`.
  var mergeJUnit = MergeJUnitOptions()

  /// A command line PayDrill cannot follow, said in one line; with the command's usage line when the
  /// command line's shape is wrong (an option it does not take, a missing tape), which is printed under it.
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// `usage: paydrill play TAPE… [options]  (see paydrill play --help)`.
    public var usage: String?
    public var description: String { message }

    /// What `paydrill` prints (after `paydrill: `): the message, and the usage line under it.
    public var text: String { message + (usage.map { "\n" + $0 } ?? "") }
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

  /// The defaults: the interactive checkout of the built-in demo.
  package init() {}

  /// A tape header's options (`# paydrill: --scenario harbour-books --size 80x24`): those that set up the
  /// checkout it replays (`OptionSpec.inTapeHeader`), as `play` reads them.
  package static func parse(header arguments: [String]) throws -> CommandLineOptions {
    var options = CommandLineOptions()
    var queue = ArgumentQueue(arguments[...])
    let allowed = CommandTable.options.filter { $0.inTapeHeader && $0.commands.contains(.play) }
    while let argument = queue.next() {
      guard argument.hasPrefix("-") else {
        throw UsageError(message: "a tape's header takes options only, not \"\(argument)\"")
      }
      guard let option = allowed.first(where: { $0.spellings.contains(argument) }) else {
        if CommandTable.takesValue(argument) != nil {
          throw UsageError(
            message: "a tape's header does not take \(argument) (it takes "
              + allowed.map(\.name).joined(separator: ", ") + ")")
        }
        throw UsageError(
          message: "unknown option \(argument)"
            + (Suggestion.nearest(to: argument, among: allowed.map(\.name)).map { "; did you mean \($0)?" }
              ?? ""))
      }
      try option.apply(&options, &queue, argument)
    }
    return options
  }

  /// `--locale`'s value: a language, optionally with a region (`en-US`, `en_GB`, `ja`), written with `-`.
  static func locale(for option: String, from text: String) throws -> String {
    guard text.range(of: #"^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"#, options: .regularExpression) != nil else {
      throw UsageError(
        message:
          "\(option) takes a locale such as en-US, en-GB, es-ES, fr-FR, de-DE or ja-JP, not \"\(text)\"")
    }
    return text.replacingOccurrences(of: "_", with: "-")
  }

  /// The format of `--clock-start`: ISO 8601 in UTC, with milliseconds.
  package static var clockStartFormat: ISO8601DateFormatter {
    let format = ISO8601DateFormatter()
    format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return format
  }

  /// Parses the arguments after the program's name.
  public static func parse(_ arguments: [String]) throws -> CommandLineOptions {
    try parse(arguments, over: CommandLineOptions())
  }

  /// Parses the arguments after the program's name over `base` (a tape header's options).
  ///
  /// The first word that is neither an option nor an option's value is the command; options may come
  /// before or after it, and `--` ends the options. Each option must be one the command takes
  /// (`CommandTable`); `--help` and `--version` win over everything else but an unknown command.
  package static func parse(_ arguments: [String], over base: CommandLineOptions) throws -> CommandLineOptions
  {
    // First the command word, and whether --help or --version was asked for.
    var commandIndex: Int?
    // An option no command knows, before the command: a misspelling, reported before the word after it.
    var unknownOption: String?
    var asksHelp = false
    var asksVersion = false
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      if !optionsEnded, argument == "--" {
        optionsEnded = true
      } else if !optionsEnded, isOption(argument) {
        if argument == "-h" || argument == "--help" {
          asksHelp = true
        } else if argument == "-V" || argument == "--version" {
          asksVersion = true
        } else if let takesValue = CommandTable.takesValue(argument) {
          // A value cannot start with `--` (`ArgumentQueue.value`): then the option lacks one.
          if takesValue, index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") { index += 1 }
        } else {
          // `--scenaro x`: x is the value of the option it was meant to be, not a command.
          if commandIndex == nil { unknownOption = unknownOption ?? argument }
          let meant = Suggestion.nearest(to: argument, among: CommandTable.options.map(\.name))
          if meant.flatMap(CommandTable.takesValue) == true, index + 1 < arguments.count,
            !arguments[index + 1].hasPrefix("--")
          {
            index += 1
          }
        }
      } else if commandIndex == nil {
        commandIndex = index
      }
      index += 1
    }
    let command: CommandSpec
    if let commandIndex {
      let word = arguments[commandIndex]
      guard let named = CommandTable.command(word: word) else {
        if let unknownOption { throw refusal(of: unknownOption, by: CommandTable.command(.checkout)) }
        throw unknownCommand(word)
      }
      command = named
    } else {
      command = CommandTable.command(.checkout)
    }
    var options = base
    if asksHelp || asksVersion {
      // `paydrill help --help` is help's help; `paydrill help play --help`, play's.
      if asksHelp, command.name == .help,
        let topic = arguments.dropFirst((commandIndex ?? 0) + 1).first(
          where: { !isOption($0) })
      {
        options.command = .help(try helpTopic(topic))
      } else {
        options.command = asksHelp ? .help(command.name == .checkout ? nil : command.name) : .version
      }
      return options
    }

    // Then every option in turn, each one the command takes.
    var queue = ArgumentQueue(arguments[...])
    var positional: [String] = []
    optionsEnded = false
    while let argument = queue.next() {
      if queue.rest.startIndex - 1 == commandIndex { continue }
      if !optionsEnded, argument == "--" {
        optionsEnded = true
      } else if !optionsEnded, isOption(argument) {
        guard let option = CommandTable.option(argument, of: command.name) else {
          throw refusal(of: argument, by: command)
        }
        do {
          try option.apply(&options, &queue, argument)
        } catch var error as UsageError
          where error.usage == nil && error.message == "\(argument) needs a value"
        {
          error.usage = command.usageHint
          throw error
        }
      } else {
        positional.append(argument)
      }
    }
    options.command = try commandValue(command, positional: positional, options: &options)
    return options
  }

  /// Whether a word is an option (`--seed`, `-h`) rather than a value or an argument (`-` alone is a value).
  private static func isOption(_ word: String) -> Bool { word.hasPrefix("-") && word.count > 1 }

  /// What the command is, with its arguments checked.
  private static func commandValue(
    _ command: CommandSpec, positional: [String], options: inout CommandLineOptions
  ) throws -> Command {
    func usageError(_ message: String) -> UsageError {
      UsageError(message: message, usage: command.usageHint)
    }
    let name = command.name == .checkout ? "the checkout" : command.name.rawValue
    func noArgument(_ value: Command) throws -> Command {
      guard let extra = positional.first else { return value }
      throw usageError("\(name) takes no argument, not \"\(extra)\"")
    }
    /// The one argument of a command that takes one of a few names (`schema theme`, `completions bash`); a
    /// misspelt one gets the nearest name.
    func oneName(among names: [String], noun: String, missing: String, all: String) throws -> String {
      guard positional.count == 1 else {
        throw usageError("\(name) takes one \(noun): \(sentence(names, "or"))")
      }
      guard names.contains(positional[0]) else {
        let suggestion = Suggestion.nearest(to: positional[0], among: names)
        throw usageError(
          "\(missing) \"\(positional[0])\"; "
            + (suggestion.map { "did you mean \"\($0)\"?" } ?? "\(all) \(sentence(names, "and"))"))
      }
      return positional[0]
    }
    if options.sessionId != nil, options.ledger == .off {
      throw usageError("--session reads the session from the ledger: it does not go with --no-ledger")
    }
    switch command.name {
    case .checkout:
      if let option = options.serverOption, !options.serves {
        throw usageError("\(option) goes with --serve (or paydrill serve)")
      }
      if options.serves, options.ledger == .off {
        throw usageError(
          "--serve keeps the sessions in the ledger, where the checkout's payments go for your backend's "
            + "lookup: it does not go with --no-ledger")
      }
      if options.serves, options.sessionId != nil {
        throw usageError(
          "--serve opens the sessions your backend creates, --session one that paydrill serve created: "
            + "give one of them")
      }
      let run = try noArgument(.run)
      // `--record TAPE`: the checkout as `paydrill record TAPE` runs it.
      return options.recordPath.map { .record(tape: $0) } ?? run
    case .play:
      guard !positional.isEmpty else { throw usageError("play takes one or more tapes") }
      guard positional.count == 1 || (options.screenPath == nil && options.eventsPath == nil) else {
        throw usageError("--screen and --events take one tape; for a suite of tapes use --junit FILE")
      }
      guard positional.count == 1 || options.castPath == nil else {
        throw usageError("--cast takes one tape; for a suite of tapes use --screens DIR")
      }
      return .play(tapes: positional)
    case .mergeJUnit:
      guard !positional.isEmpty else { throw usageError("merge-junit takes the JUnit reports to merge") }
      var merge = options.mergeJUnit
      merge.reports = positional
      return .mergeJUnit(merge)
    case .record:
      guard positional.count == 1 else { throw usageError("record takes one tape to write") }
      return .record(tape: positional[0])
    case .demo:
      guard positional.count == 1 else { throw usageError("demo takes one tape") }
      return .demo(tape: positional[0])
    case .check:
      guard !positional.isEmpty else { throw usageError("check takes the files to check") }
      return .check(files: positional)
    case .schema:
      return .schema(
        name: try oneName(
          among: SchemaName.allCases.map(\.rawValue), noun: "name", missing: "there is no schema",
          all: "the schemas are"
        ))
    case .completions:
      let shell = try oneName(
        among: CompletionShell.allCases.map(\.rawValue), noun: "shell",
        missing: "there is no completion script for", all: "the shells are")
      return .completions(shell: CompletionShell(rawValue: shell)!)
    case .man: return try noArgument(.man)
    case .buttons: return try noArgument(.buttons(print: options.printsButton))
    case .scenarios: return try noArgument(.scenarios)
    case .cards: return try noArgument(.cards)
    case .sign: return try noArgument(.sign)
    case .session: return try noArgument(.session)
    case .serve: return try noArgument(.serve)
    case .fuzz: return try noArgument(.fuzz(options.fuzz))
    case .history:
      var history = options.history
      history.ledger = options.ledger
      if let since = history.filter.since, let until = history.filter.until, until <= since {
        throw UsageError(message: "--until is before --since: no day is left to list")
      }
      switch positional.count {
      case 0: break
      case 2 where positional[0] == "show":
        guard let id = Int64(positional[1]), id > 0 else {
          throw UsageError(
            message: "history show takes an attempt's id (a whole number), not \"\(positional[1])\"")
        }
        history.showID = id
      default:
        let suggestion =
          positional[0] == "show" ? nil : Suggestion.nearest(to: positional[0], among: ["show"])
        throw usageError(
          "history takes options, or show ID" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""))
      }
      return .history(history)
    case .help:
      switch positional.count {
      case 0: return .help(nil)
      case 1: return .help(try helpTopic(positional[0]))
      default: throw usageError("help takes one command, not \(positional.count)")
      }
    }
  }

  /// The command `paydrill help WORD` asks about.
  private static func helpTopic(_ word: String) throws -> CommandSpec.Name? {
    guard let command = CommandTable.command(word: word) else { throw unknownCommand(word) }
    return command.name
  }

  /// The error for a word that is no command, with the nearest command if one is near.
  static func unknownCommand(_ word: String) -> UsageError {
    let words = CommandTable.commands.compactMap(\.name.word)
    var message = "unknown command \"\(word)\""
    if let nearest = Suggestion.nearest(to: word, among: words) {
      message += "; did you mean \"\(nearest)\"?"
    } else if word.hasSuffix(".tape") {
      message += "; did you mean paydrill play \(word)?"
    } else {
      message += " (the commands: \(words.joined(separator: ", ")))"
    }
    return UsageError(message: message, usage: "usage: paydrill [COMMAND] [options]  (see paydrill --help)")
  }

  /// Words in a sentence: `a`, `a or b`, `a, b or c`.
  static func sentence(_ words: [String], _ conjunction: String) -> String {
    words.count < 2
      ? words.joined() : words.dropLast().joined(separator: ", ") + " \(conjunction) " + words.last!
  }

  /// The error for an option the command does not take: another command's (`play does not take --zoom`), or
  /// none's, with the nearest of the command's own if one is near.
  static func refusal(of option: String, by command: CommandSpec) -> UsageError {
    let takers = CommandTable.commands(taking: option)
    let name = command.name == .checkout ? "the checkout" : command.name.rawValue
    guard takers.isEmpty else {
      let names = takers.map { $0 == .checkout ? "the checkout" : $0.rawValue }
      return UsageError(
        message: "\(name) does not take \(option) (an option of \(sentence(names, "and")))",
        usage: command.usageHint)
    }
    var message = "unknown option \(option)" + (command.name == .checkout ? "" : " of \(name)")
    if let nearest = Suggestion.nearest(to: option, among: command.options.map(\.name)) {
      message += "; did you mean \(nearest)?"
    }
    return UsageError(message: message, usage: command.usageHint)
  }

  /// The command line read, or nil once its error (and usage line) is printed: exit status 2. paydrill-serve
  /// reads its command line the same way.
  public static func parsedReportingErrors(_ arguments: [String]) -> CommandLineOptions? {
    do {
      return try ServeOptions.resolvingTokens(of: CommandLineOptions.parse(arguments))
    } catch let error as CommandLineOptions.UsageError {
      _ = ErrorOutput.fail(error.text)
    } catch {
      _ = ErrorOutput.fail("\(error)")
    }
    return nil
  }
}
