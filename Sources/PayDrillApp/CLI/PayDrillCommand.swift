import CheckoutEngine
import Foundation
import GatewaySimulator
import NcursesBackend
import TerminalUI

/// The `paydrill` program: reads the command line and files (all validated before a terminal is opened),
/// then runs the checkout, a tape, the card list or the benchmark.
public enum PayDrillCommand {
  /// The default simulated latency: long enough to see the spinner, short enough not to wait.
  public static let defaultLatencyMilliseconds = 600

  /// Runs the program and returns its exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    let options: CommandLineOptions
    do {
      options = try CommandLineOptions.parse(arguments)
    } catch {
      return fail("\(error)")
    }
    switch options.command {
    case .help:
      print(HelpText.usage)
      return 0
    case .version:
      print(HelpText.version)
      return 0
    case .cards:
      print(TestCardTable.text())
      return 0
    case .scenarios:
      print(ScenarioLocator.listing())
      return 0
    case .bench:
      Benchmark.run()
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
    case .play(let tapePath):
      return play(tapePath, options: options)
    case .run:
      return runInteractive(options)
    }
  }

  /// The scenario to run, with `--gateway` applied (the PSP's result codes and Apple Pay's `/init` variant)
  /// and `--latency` over every operation's latency.
  static func loadScenario(_ options: CommandLineOptions) throws -> Scenario {
    var scenario = try options.scenarioPath.map(ScenarioLocator.scenario(named:)) ?? .acmeElectronics
    if options.latencyMilliseconds != nil { scenario.gateway.latency = [:] }
    if let profile = options.gatewayProfile {
      scenario.gateway.profile = profile
      scenario.applePay?.device.gatewayProfile = profile.rawValue
    }
    return scenario
  }

  private static func latency(_ options: CommandLineOptions, scenario: Scenario) -> Int {
    options.latencyMilliseconds ?? scenario.latencyMilliseconds ?? defaultLatencyMilliseconds
  }

  private static func runInteractive(_ options: CommandLineOptions, gallery: ButtonGallery? = nil) -> Int32 {
    let scenario: Scenario
    let theme: Theme
    do {
      scenario = try loadScenario(options)
      theme = try ThemeLocator.theme(named: options.theme)
    } catch {
      return fail("\(error)")
    }
    guard NcursesTerminal.isInteractive else {
      return fail("not a terminal: run paydrill in a terminal, or replay a tape with `paydrill play TAPE`")
    }
    let plugin = gatewayPlugin(options)
    defer { shutDown(plugin) }
    let hook = merchantHook(options, scenario: scenario)
    defer { shutDown(hook) }
    let runtime = CheckoutRuntime(
      scenario: scenario, size: options.size, latencyMilliseconds: latency(options, scenario: scenario),
      seed: options.seed, gateway: plugin, hooks: hook)
    runtime.prepare { model in
      model.gatewayPlugin = plugin?.command
      model.gallery = gallery
      model.galleryIsHome = gallery != nil
      model.darkAppearance = theme.appearance == .dark
    }
    let useColor = ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    let signal = InteractiveSession(runtime: runtime, theme: theme, useColor: useColor).run()
    if let path = options.eventsPath, let failure = writeEvents(runtime.model.checkout.events, to: path) {
      return fail(failure)
    }
    return signal.map { 128 + $0 } ?? 0
  }

  private static func play(_ tapePath: String, options: CommandLineOptions) -> Int32 {
    let scenario: Scenario
    let tape: Tape
    do {
      scenario = try loadScenario(options)
      _ = try ThemeLocator.theme(named: options.theme)
      tape = try Tape.load(path: tapePath)
    } catch {
      return fail("\(error)")
    }
    let plugin = gatewayPlugin(options)
    defer { shutDown(plugin) }
    let hook = merchantHook(options, scenario: scenario)
    defer { shutDown(hook) }
    let runtime = CheckoutRuntime(
      scenario: scenario, size: options.size, latencyMilliseconds: latency(options, scenario: scenario),
      seed: options.seed, gateway: plugin, hooks: hook)
    runtime.prepare { $0.gatewayPlugin = plugin?.command }
    let outcome = TapePlayer(runtime: runtime).play(tape)
    let screen = runtime.render().text
    if let path = options.screenPath {
      do {
        try (screen + "\n").write(toFile: path, atomically: true, encoding: .utf8)
      } catch {
        return fail("\(path): cannot be written")
      }
    }
    if let path = options.eventsPath, let failure = writeEvents(runtime.model.checkout.events, to: path) {
      return fail(failure)
    }
    switch outcome {
    case .completed, .quit:
      return 0
    case .waitTimedOut(let step, let lastScreen):
      guard case .wait(let pattern, let timeout) = step.command else { return 1 }
      FileHandle.standardError.write(
        Data(
          "paydrill: \(tape.file):\(step.line): Wait /\(pattern)/ timed out after \(timeout); the screen was:\n\(lastScreen)\n"
            .utf8))
      return 1
    }
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

  /// Writes events as JSON Lines; returns an error message when the file cannot be written.
  static func writeEvents(_ events: [CallbackEvent], to path: String) -> String? {
    let text = events.map { $0.jsonLine() + "\n" }.joined()
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      return nil
    } catch {
      return "\(path): cannot be written"
    }
  }

  private static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data("paydrill: \(message)\n".utf8))
    return 2
  }
}
