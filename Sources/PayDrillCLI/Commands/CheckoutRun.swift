import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PayDrillCommandLine
import PayDrillFiles
import PayDrillHooks
import PayDrillLedger
import PayDrillLoop

/// One run of the checkout as the command line asks for it (the interactive program, each tape of `play`):
/// the runtime with the gateway plugin, the merchant hook, the ledger and the screenshot folder the options
/// choose, on a live clock in the terminal and wherever another process answers, else a virtual one.
final class CheckoutRun {
  let runtime: CheckoutRuntime
  /// The run's seed: `--seed`'s, or a new one, so that each run's payments get ids of their own.
  let seed: UInt64
  private let plugin: PluginGateway?
  private let hook: ProcessMerchantHooks?

  /// `replayOf`: the tape `play` replays, marked on each attempt the ledger keeps (`history --replays`).
  init(
    options: CommandLineOptions, scenario: Scenario, screenshots: ScreenshotWriter? = nil, live: Bool,
    replayOf: String? = nil, setUp: (inout AppModel) -> Void = { _ in }
  ) {
    let plugin = PayDrillCommand.gatewayPlugin(options)
    let hook = PayDrillCommand.merchantHook(options, scenario: scenario)
    // Opened when the run first records or reads an attempt: the first frame shows no history.
    let ledger = options.ledger.path().map { DeferredLedger(path: $0, replayOf: replayOf) }
    // Time is virtual (a replay is exact and fast) unless a person or another process is involved.
    let clock: EffectClock =
      live || plugin != nil || hook != nil ? .live() : .virtual(startingAt: options.clockStart ?? Date())
    let seed = options.seed ?? UInt64.random(in: 1...UInt64.max)
    self.seed = seed
    // In a backend's session (`--session`, `--serve`), the ledger says whether another checkout paid in it
    // and takes the payment as part of the charge; a ledger that cannot be opened refuses every payment.
    let sessions: Result<LedgerSessionStore, any Error>? =
      options.sessionId != nil || options.serves
      ? options.ledger.path().map { path in Result { try LedgerSessionStore(path: path) } } : nil
    let spentSessions = SpentSessions(
      paidElsewhere: { try sessions?.get().isPaid($0) ?? false },
      // When the ledger took the payment, on the machine's clock, as the server notes its requests.
      takePayment: { try sessions?.get().take($0, at: Date()) ?? true })
    // A plugin pays in a backend's session on the same terms as the built-in gateway.
    let gateway = plugin.map { plugin in
      sessions == nil
        ? plugin : SessionSpendingGateway(plugin, spentSessions: spentSessions) as any PaymentGateway
    }
    runtime = CheckoutRuntime(
      scenario: scenario, size: options.size,
      latencyMilliseconds: PayDrillCommand.latency(options, scenario: scenario), seed: seed,
      gateway: gateway, hooks: hook, ledger: ledger, screenshots: screenshots, clock: clock,
      clipboard: live ? Self.clipboard() : nil,
      spentSessions: spentSessions
    ) { model in
      model.gatewayPlugin = plugin?.command
      setUp(&model)
    }
    self.plugin = plugin
    self.hook = hook
  }

  /// The terminal's clipboard, each copy also saved in the data folder's `copies` (shown with `~` for the
  /// home folder, to keep the footer's line short).
  static func clipboard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Clipboard {
    let folder = DataFolder.url(environment: environment).appendingPathComponent("copies").path
    var shown = folder
    if let home = environment["HOME"], home.count > 1, folder.hasPrefix(home + "/") {
      shown = "~" + folder.dropFirst(home.count)
    }
    return .terminal(savingIn: folder, shownAs: shown)
  }

  /// Records an attempt still in flight as interrupted, and prints the ledger's warning if it could not be
  /// opened or written during the run.
  func finishAttempts() {
    runtime.finish()
    if let warning = runtime.interpreter.ledgerProblem {
      FileHandle.standardError.write(Data("paydrill: warning: \(warning)\n".utf8))
    }
  }

  /// Stops the plugin's and the hook's processes, once they have every request and notification.
  func close() {
    PayDrillCommand.shutDown(plugin)
    PayDrillCommand.shutDown(hook)
  }
}
