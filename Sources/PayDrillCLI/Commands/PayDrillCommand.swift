import CheckoutEngine
import Foundation
import GatewaySimulator
import NcursesBackend
import OutputFiles
import PayDrillApp
import PayDrillCommandLine
import PayDrillFiles
import PayDrillHooks
import PayDrillLedger
import PayDrillLoop
import PayDrillTools
import TerminalUI

/// The `paydrill` program: reads the command line and files (all validated before a terminal is opened),
/// then runs the checkout, a tape, the card list or another command.
public enum PayDrillCommand {
  /// Where the screenshot key saves bundles without `--screenshot-dir`.
  public static let defaultScreenshotFolder = "./paydrill-screenshots"

  /// Runs the program and returns its exit status: 0 done, 1 a failure (a tape failed, an invariant broke,
  /// the sessions API refused, no such attempt), 2 usage or bad input, 128+N after signal N. `commit` is
  /// the commit the binary was built from (`paydrill --version`).
  public static func main(_ arguments: [String], commit: String = "unknown") -> Int32 {
    // A reader that goes away (`--events >(head -1)`, a plugin that exits) gives EPIPE, which each writer
    // reports, not a signal that kills PayDrill.
    signal(SIGPIPE, SIG_IGN)
    // A file-size limit (`ulimit -f`) makes a write past it fail with EFBIG, which each writer reports, not
    // SIGXFSZ, which killed PayDrill with no message and no report (exit 153).
    signal(SIGXFSZ, SIG_IGN)
    guard let options = CommandLineOptions.parsedReportingErrors(arguments) else { return 2 }
    switch options.command {
    case .help(let command):
      print(HelpText.help(for: command))
      return 0
    case .version:
      print(HelpText.versionLine(commit: commit))
      return 0
    case .cards:
      print(TestCardTable.text())
      return 0
    case .schema(let name):
      // The committed file byte for byte: it ends with its own newline.
      print(JSONSchemaDocument.text(named: name) ?? "", terminator: "")
      return 0
    case .scenarios:
      print(ScenarioLocator.listing())
      return 0
    case .completions(let shell):
      print(CompletionScript.text(for: shell), terminator: "")
      return 0
    case .man:
      print(ManPage.text, terminator: "")
      return 0
    case .buttons(let printOnly):
      if printOnly {
        print(
          ButtonPrintout.text(
            options.button,
            darkAppearance: (try? ThemeLocator.theme(named: options.theme))?.appearance != .light))
        return 0
      }
      return runInteractive(options, gallery: ButtonGallery(appearance: options.button))
    case .sign:
      do {
        print(try SignCommand.run(options.sign))
        return 0
      } catch {
        return fail("\(error)")
      }
    case .session:
      do {
        let plugin = gatewayPlugin(options)
        defer { shutDown(plugin) }
        // The simulated API takes the session operation's latency when --latency or --scenario asks for one.
        if plugin == nil, options.latencyMilliseconds != nil || options.scenarioPath != nil {
          let scenario = try loadScenario(options)
          let settings = GatewaySettings(
            latencyMilliseconds: latency(options, scenario: scenario), seed: options.seed ?? 1,
            configuration: scenario.gateway)
          // Slept in poll on a doorbell until the deadline, as the loop sleeps: no fixed-interval sleep.
          let clock = ContinuousClock()
          let deadline = clock.now + GatewayControls(settings: settings).nextLatency(for: .session)
          let doorbell = Doorbell()
          while case let remaining = deadline - clock.now, remaining > .zero {
            doorbell.wait(timeout: PollTimeout(untilSoonestOf: [remaining]))
          }
        }
        for warning in SessionCommand.warnings(options.session, sign: options.sign) {
          FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        switch try SessionCommand.run(options.session, sign: options.sign, plugin: plugin) {
        case .created(let response):
          print(response)
          return 0
        case .refused(let error):
          FileHandle.standardError.write(
            Data("paydrill: the sessions API refused the request: \(error)\n".utf8))
          return 1
        }
      } catch {
        return fail("\(error)")
      }
    case .serve:
      warnOfKeyOnCommandLine(options)
      return ServeCommand.run(arguments)
    case .check(let files):
      return CheckCommand.run(files)
    case .play(let tapes):
      return PlayCommand.run(tapes, arguments: arguments, options: options)
    case .mergeJUnit(let merge):
      return MergeJUnitCommand.run(merge)
    case .history(let history):
      let outcome = HistoryCommand.run(history, columns: NcursesTerminal.outputColumns)
      print(outcome.output, terminator: "")
      if let error = outcome.error { FileHandle.standardError.write(Data("paydrill: \(error)\n".utf8)) }
      return outcome.status
    case .fuzz(let fuzz):
      return FuzzCommand.run(fuzz)
    case .run:
      return runInteractive(options)
    case .record(let tapePath):
      return runInteractive(options, recordingTo: tapePath)
    case .demo(let tapePath):
      do {
        let tape = try Tape.load(path: tapePath)
        return runInteractive(
          try CommandLineOptions.parse(header: tape, arguments: arguments), presenting: tape)
      } catch {
        return fail("\(error)")
      }
    }
  }

  /// The scenario to run, with `--gateway` applied (the PSP's result codes and Apple Pay's `/init` variant)
  /// and `--latency` over every operation's latency.
  static func loadScenario(_ options: CommandLineOptions) throws -> Scenario {
    var scenario = try options.scenarioPath.map(ScenarioLocator.scenario(named:)) ?? .acmeElectronics
    if options.latencyMilliseconds != nil { scenario.gateway.latency = [:] }
    if let locale = options.locale { scenario.locale = locale }
    if let profile = options.gatewayProfile {
      scenario.gateway.profile = profile
      scenario.applePay?.device.gatewayProfile = profile.rawValue
    }
    if let sessionId = options.sessionId {
      scenario = try backendSession(sessionId, options).scenario(over: scenario)
    }
    return scenario
  }

  /// The session of `paydrill serve` that `--session ID` names, read from the ledger.
  static func backendSession(_ id: String, _ options: CommandLineOptions) throws -> ServerSession {
    guard let path = options.ledger.path() else {
      throw ConfigurationError(
        file: "--session", problem: "reads the session from the ledger: not with --no-ledger")
    }
    guard FileManager.default.fileExists(atPath: path) else {
      throw ConfigurationError(
        file: path, problem: "no ledger here: paydrill serve --ledger \(path) keeps its sessions in one")
    }
    guard let session = try LedgerSessionStore(path: path).session(id: id) else {
      throw ConfigurationError(
        file: path,
        problem:
          "holds no session \(id): paydrill serve creates sessions in the ledger it is given (POST /api/v1/sessions)"
      )
    }
    return session
  }

  static func latency(_ options: CommandLineOptions, scenario: Scenario) -> Int {
    options.latencyMilliseconds ?? scenario.latencyMilliseconds ?? GatewaySettings.defaultLatencyMilliseconds
  }

  /// The keys of a recording, kept while the session runs.
  private final class Recording {
    var recorder = TapeRecorder()
  }

  private static func runInteractive(
    _ options: CommandLineOptions, gallery: ButtonGallery? = nil, recordingTo tapePath: String? = nil,
    presenting demo: Tape? = nil
  ) -> Int32 {
    let scenario: Scenario
    let theme: Theme
    do {
      scenario = try loadScenario(options)
      // Zoomed, the high-contrast theme, unless --theme names another than the default.
      theme = try ThemeLocator.theme(
        named: options.zoom && options.theme == CommandLineOptions().theme ? "high-contrast" : options.theme)
    } catch {
      return fail("\(error)")
    }
    if let problem = ScreenCast.problem(with: options.castPath) { return fail(problem) }
    // The tape's path, before the session: a recording is not lost to a typo in it.
    if let problem = PlayCommand.outputProblem(files: tapePath.map { [$0] } ?? []) { return fail(problem) }
    guard NcursesTerminal.isInteractive else {
      return fail("not a terminal: run paydrill in a terminal, or replay a tape with `paydrill play TAPE`")
    }
    // TERM=dumb, an unknown TERM: one line, before anything touches the terminal.
    let terminal = TerminalProbe.current()
    if let problem = terminal.problem { return fail(problem) }
    let useColor = ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    // `--serve`: the server listens before the terminal is taken, so that an address in use says so here.
    let server: ServerProcess?
    if options.serves { warnOfKeyOnCommandLine(options) }
    do {
      server =
        options.serves
        ? try ServerProcess(
          arguments: options.serve.arguments(ledger: options.ledger),
          environment: options.serve.environment(over: ProcessInfo.processInfo.environment)) : nil
    } catch {
      return fail("\(error)")
    }
    defer { server?.stop() }
    if let warning = server?.warning {
      FileHandle.standardError.write(Data("paydrill: warning: \(warning)\n".utf8))
    }
    let run = CheckoutRun(
      options: options, scenario: scenario,
      screenshots: ScreenshotWriter(
        folder: options.screenshotFolder ?? defaultScreenshotFolder,
        theme: useColor ? theme : theme.withoutColors),
      live: true
    ) { model in
      model.gallery = gallery
      model.galleryIsHome = gallery != nil
      model.darkAppearance = theme.appearance == .dark
      model.zoom = options.zoom
      // `record`: the header says so, with the time.
      if tapePath != nil { model.recording = RecordingMark() }
      if let server {
        model.backend = BackendLink(endpoint: server.url + GatewayAPI.sessionsPath, base: scenario)
        model.backend?.warning = server.warning
      }
    }
    defer { run.close() }
    let runtime = run.runtime
    let cast = options.castPath.map {
      ScreenCast(
        path: $0, runtime: runtime, theme: useColor ? theme : theme.withoutColors,
        title: ScreenCast.title(demo?.file ?? scenario.name))
    }
    server?.deliver(to: runtime.interpreter.postbox)
    let presenter = demo.map {
      TapePresenter(
        tape: $0, runtime: runtime,
        pace: TapePresenter.Pace(
          typing: .milliseconds(options.typingMilliseconds), pauseScale: options.pauseScale))
    }
    let recording = tapePath.map { _ in Recording() }
    let signal = InteractiveSession(
      runtime: runtime, theme: theme, useColor: useColor, asciiOnly: !terminal.isUTF8,
      crashKey: crashTestKey,
      onKey: recording.map { recording in
        { key, _ in
          // The screen the key met and what it is typed into, before it is: the tape waits for that screen,
          // and keeps no card a shopper typed.
          let screen = runtime.render()
          recording.recorder.record(
            key, on: ScreenLandmark.frame(of: screen), showing: ScreenLandmark.panelLines(of: screen),
            into: runtime.model.cardFieldTakingKeys, cardNumber: runtime.model.checkout.cardForm.number)
        }
      },
      onSettled: recording.map { recording in
        { recording.recorder.settled(on: ScreenLandmark.panelLines(of: runtime.render())) }
      },
      presenter: presenter
    ).run()
    // How the session ended, for the tape's checks: before an attempt in flight is finished.
    let outcome = recording.map { _ in TapeRecorder.Outcome(model: runtime.model, screen: runtime.render()) }
    // The terminal is back: an attempt still in flight is recorded as interrupted (normal code, not a
    // signal handler: SIGTERM and SIGINT only set the flag that ended the session).
    run.finishAttempts()
    if let tapePath, let recording {
      // The key that quit is not part of the flow: the replay ends on the screen the session ended on.
      if signal == nil { recording.recorder.dropLastKey() }
      let tape = recording.recorder.tape(
        header: recordingHeader(
          options, size: runtime.model.size, clockStart: runtime.clock.origin, seed: run.seed),
        outcome: outcome)
      do {
        try OutputFile.write(tape, to: tapePath)
        print("paydrill: recorded \(tapePath); replay it with paydrill play \(tapePath)")
      } catch {
        return fail(error.description)
      }
    }
    if let path = options.eventsPath,
      let failure = writeEvents(
        RunHeader(runtime: runtime).eventsText(Array(runtime.model.checkout.events)), to: path)
    {
      return fail(failure)
    }
    if let failure = cast?.write() { return fail(failure) }
    if let signal { return 128 + signal }
    // The server of --serve ended on its own: the terminal is back, so say it where it stays, and fail.
    if let stop = runtime.model.backend?.stopped {
      FileHandle.standardError.write(Data(ErrorOutput.lines(stop.summary).utf8))
      return 1
    }
    return 0
  }

  /// For the end-to-end test of a crash only: with `PAYDRILL_CRASH_TEST=1` in the environment, `!` calls
  /// `fatalError` in the interactive checkout (the terminal must come back, and the message after it).
  static var crashTestKey: KeyEvent? {
    ProcessInfo.processInfo.environment["PAYDRILL_CRASH_TEST"] == "1" ? .character("!") : nil
  }

  /// The options a recorded tape's header keeps, so that its replay is exact.
  static func recordingHeader(_ options: CommandLineOptions, size: Size, clockStart: Date, seed: UInt64)
    -> [String]
  {
    var header = [
      "--scenario", options.scenarioPath ?? Scenario.acmeElectronics.name, "--theme", options.theme, "--size",
      "\(size.columns)x\(size.rows)", "--seed", "\(seed)",
      "--clock-start", CommandLineOptions.clockStartFormat.string(from: clockStart),
    ]
    if let latency = options.latencyMilliseconds { header += ["--latency", "\(latency)"] }
    if let profile = options.gatewayProfile { header += ["--gateway", profile.rawValue] }
    if let locale = options.locale { header += ["--locale", locale] }
    return header
  }

  /// The gateway plugin `--gateway-plugin` asks for, started on its first request.
  static func gatewayPlugin(_ options: CommandLineOptions) -> PluginGateway? {
    options.gatewayPlugin.map {
      PluginGateway(command: $0, timeout: .milliseconds(Int(options.pluginTimeoutSeconds * 1000)))
    }
  }

  /// Ends a plugin's process before PayDrill exits.
  static func shutDown(_ plugin: PluginGateway?) {
    guard let plugin else { return }
    AsyncBridge.wait { await plugin.shutDown() }
  }

  /// The merchant hook `--merchant-hook` asks for, started on the first callback.
  static func merchantHook(_ options: CommandLineOptions, scenario: Scenario) -> ProcessMerchantHooks? {
    options.merchantHook.map {
      ProcessMerchantHooks(
        command: $0, scenario: scenario,
        answerTimeout: .milliseconds(Int(options.hookTimeoutSeconds * 1000)))
    }
  }

  /// Ends the merchant hook's process before PayDrill exits, once it has every notification.
  static func shutDown(_ hook: ProcessMerchantHooks?) {
    guard let hook else { return }
    AsyncBridge.wait { await hook.shutDown() }
  }

  /// Writes an events file (`RunHeader.eventsText`); returns an error message when it cannot be written.
  static func writeEvents(_ text: String, to path: String) -> String? {
    do {
      try OutputFile.write(text, to: path)
      return nil
    } catch {
      return error.description
    }
  }

  /// Warns, once, when `--token` put a key on the command line.
  static func warnOfKeyOnCommandLine(_ options: CommandLineOptions) {
    guard options.serve.keyOnCommandLine else { return }
    FileHandle.standardError.write(Data("paydrill: warning: \(ServeOptions.keyOnCommandLineWarning)\n".utf8))
  }

  /// Prints `message` as an error (`ErrorOutput`) and returns the exit status of bad usage, 2.
  static func fail(_ message: String) -> Int32 { ErrorOutput.fail(message) }
}
