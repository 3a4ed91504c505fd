import CheckoutEngine
import Foundation
import GatewaySimulator
import PaymentHistory

/// Everything the interpreter talks to, in one value: the gateway, the merchant's hooks, the ledger, the
/// screenshot writer and the clock. `simulated` gives the built-in gateway and the scenario's rules, each of
/// which the front end may replace (a gateway plugin, a hook process, a test double), on the clock it gives:
/// live in the terminal and wherever another process answers, virtual in tapes, tests, the fuzzer and the
/// benchmark. Every one of them goes through the same interpreter.
public struct Dependencies {
  public var gateway: any PaymentGateway
  public var hooks: any MerchantHooks
  /// Where attempts are recorded; nil for none (`--no-ledger`, tests).
  public var ledger: (any AttemptLedger)?
  /// Where screenshots go; nil when they are off in this run.
  public var screenshots: ScreenshotWriter?
  public var clock: EffectClock
  /// Where copied text goes (the terminal's clipboard through OSC 52); nil where there is no terminal.
  public var clipboard: Clipboard?
  /// Replaces PassKit's 30 seconds for the sheet's updates, for tests of a hook process slower than the
  /// limit on the real clock without waiting 30 seconds; nil for PassKit's.
  public var updateTimeLimit: Duration?
  /// The run's seed, recorded with each attempt so that the run can be repeated; nil when a test gives none.
  public var seed: UInt64?

  public init(
    gateway: any PaymentGateway, hooks: any MerchantHooks, ledger: (any AttemptLedger)? = nil,
    screenshots: ScreenshotWriter? = nil, clock: EffectClock, updateTimeLimit: Duration? = nil,
    clipboard: Clipboard? = nil
  ) {
    self.clipboard = clipboard
    self.gateway = gateway
    self.hooks = hooks
    self.ledger = ledger
    self.screenshots = screenshots
    self.clock = clock
    self.updateTimeLimit = updateTimeLimit
  }

  /// The built-in gateway set up as the settings say, its transaction ids and randomness drawn from `seed`,
  /// and the scenario's merchant rules; each may be replaced (a plugin, a hook process). `spentSessions`
  /// tells the built-in gateway which sessions already paid (in another process too: a backend's session).
  public static func simulated(
    scenario: Scenario, settings: GatewaySettings, clock: EffectClock,
    gateway: (any PaymentGateway)? = nil, hooks: (any MerchantHooks)? = nil,
    ledger: (any AttemptLedger)? = nil, screenshots: ScreenshotWriter? = nil,
    clipboard: Clipboard? = nil, spentSessions: SpentSessions = SpentSessions()
  ) -> Dependencies {
    var dependencies = Dependencies(
      gateway: gateway
        ?? SimulatedGateway(
          settings: settings, makeTransactionId: TransactionIdentifiers(seed: settings.seed).next,
          spentSessions: spentSessions),
      hooks: hooks ?? ScenarioMerchantHooks(scenario: scenario), ledger: ledger, screenshots: screenshots,
      clock: clock, clipboard: clipboard)
    dependencies.seed = settings.seed
    return dependencies
  }

  /// The date virtual clocks start at unless told otherwise: a fixed day, before the built-in sessions
  /// expire, so that tapes and tests see the same times on every machine.
  public static let virtualStart = Date(timeIntervalSince1970: 1_780_000_000)
}
