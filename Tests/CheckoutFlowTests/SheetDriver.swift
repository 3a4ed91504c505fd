import Foundation
import GatewaySimulator
import PayDrillApp
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport
@testable import PayDrillLoop

/// Drives a checkout through the app's one interpreter (`CheckoutRuntime`, on a virtual clock from
/// `fixedNow`), with a scripted merchant and gateway: `onBeforeSubmit` answers `verdict`; the sheet's updates
/// come from the scenario's rules as the app answers them (`ScenarioMerchantHooks`); `onPreAuthorisation` refuses what
/// `authorisationErrors` finds in the full contact and otherwise returns the rules' data; the gateway is
/// `gateway` (by default the test-card table's answers). Answers of a kind in `holding` come
/// `holdTime` later, and wait in `held` until `release()` lets that time pass; PassKit's 30-second timers
/// fire only if a test lets 30 seconds pass. Every update delivered is checked: the last line is the sum of
/// the others, labelled with the merchant's name, and a sheet that takes it shows exactly its lines.
final class SheetDriver {
  /// The requests whose answers a test can hold back.
  enum Kind: Hashable, Sendable { case beforeSubmit, sheetUpdate, preAuthorise, authorise, payPalOrder }

  /// What one `send` or `release` did: the effects of the action itself and every event fired meanwhile,
  /// including those of the answers.
  struct Step {
    var effects: [CheckoutEffect]
    var events: [CallbackEvent]
    var names: [CallbackName] { events.map(\.name) }
  }

  /// How much later a held answer comes: less than PassKit's 30 seconds, so a held update does not time out.
  static let holdTime = Duration.seconds(10)

  /// The runtime driven; a test may let its virtual clock run further (`advance(by:)`).
  let runtime: CheckoutRuntime
  private let merchant: ScriptedMerchant
  private let scriptedGateway: ScriptedGateway
  /// Every effect the engine asked for, answered or not, in order.
  private(set) var effects: [CheckoutEffect] = []
  /// Effects of a held kind, not answered yet.
  private(set) var held: [CheckoutEffect] = []
  /// Every sheet update the merchant answered with.
  private(set) var updates: [SheetUpdate] = []
  /// The requests waited for before the action being applied: whether an update was taken or dropped.
  private var bookBefore = RequestBook()
  /// Where the test called from, for the checks made while the runtime works.
  private var caller: (file: StaticString, line: UInt) = (#filePath, #line)

  init(scenario: Scenario = AcmeApplePay.scenario) {
    merchant = ScriptedMerchant(scenario: scenario)
    scriptedGateway = ScriptedGateway()
    runtime = CheckoutRuntime(
      model: AppModel(
        checkout: CheckoutState(scenario: scenario), size: AppModel.minimumSize, latencyMilliseconds: 0),
      dependencies: Dependencies(
        gateway: scriptedGateway, hooks: merchant, clock: .virtual(startingAt: fixedNow)))
    runtime.observer = { [unowned self] in self.observe($0) }
  }

  var state: CheckoutState { runtime.model.checkout }
  var configuration: ApplePayConfiguration { state.scenario.applePay! }
  var sheet: ApplePaySheet? { state.applePaySheet }

  /// The kinds of request answered `holdTime` late, from the next request on.
  var holding: Set<Kind> {
    get { merchant.holding }
    set {
      merchant.holding = newValue
      scriptedGateway.holding = newValue
    }
  }

  /// The merchant's `onBeforeSubmit` verdict.
  var verdict: BeforeSubmitVerdict {
    get { merchant.verdict }
    set { merchant.verdict = newValue }
  }

  /// The gateway's decision on each authorisation.
  var gateway: @Sendable (AuthorisationRequest) -> AuthorisationOutcome {
    get { scriptedGateway.answer }
    set { scriptedGateway.answer = newValue }
  }

  /// The gateway requests made so far.
  var authorisations: [AuthorisationRequest] {
    effects.compactMap { if case .authorise(_, let request) = $0 { return request } else { return nil } }
  }

  /// Sends an action, then delivers every answer due now (what the answers lead to as well).
  @discardableResult
  func send(_ action: CheckoutAction, file: StaticString = #filePath, line: UInt = #line) -> Step {
    caller = (file, line)
    let before = state.events.count
    let start = effects.count
    runtime.send(.checkout(action))
    let direct = Array(effects[start...])
    runtime.settle()
    return Step(effects: direct, events: Array(state.events[before...]))
  }

  /// Lets the hold pass: the held answers are delivered, in order; what they lead to is answered or held as
  /// usual.
  @discardableResult
  func release(file: StaticString = #filePath, line: UInt = #line) -> Step {
    caller = (file, line)
    let before = state.events.count
    held = []
    runtime.advance(by: Self.holdTime)
    return Step(effects: [], events: Array(state.events[before...]))
  }

  /// Selects Apple Pay; with every answer given, the sheet opens and its opening updates are applied.
  @discardableResult
  func openSheet(file: StaticString = #filePath, line: UInt = #line) -> Step {
    send(.selectMethod(.applePay), file: file, line: line)
  }

  /// Requests authorisation and confirms with Face ID; with every answer given, the payment concludes.
  @discardableResult
  func authorise(file: StaticString = #filePath, line: UInt = #line) -> Step {
    let before = state.events.count
    send(.requestAuthorisation, file: file, line: line)
    send(.authenticate(.recognised), file: file, line: line)
    return Step(effects: [], events: Array(state.events[before...]))
  }

  /// The last line of a summary is the sum of the others, or zero when they add up to less (the seed's
  /// `max(0, …)`), and is labelled with the merchant's name.
  static func assertTotalIsTheSum(
    _ items: [SummaryItem], label: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let total = items.last else {
      return XCTFail("an update without summary items", file: file, line: line)
    }
    XCTAssertEqual(total.label, label, "the total's label", file: file, line: line)
    let sum = items.dropLast().reduce(Int64(0)) { $0 + $1.amount.minorUnits }
    XCTAssertEqual(
      total.amount.minorUnits, max(0, sum), "the total of \(items.map(\.label))", file: file, line: line)
  }

  private static func kind(of effect: CheckoutEffect) -> Kind? {
    switch effect {
    case .askBeforeSubmit: return .beforeSubmit
    case .requestSheetUpdate: return .sheetUpdate
    case .preAuthorise: return .preAuthorise
    case .authorise: return .authorise
    case .createPayPalOrder: return .payPalOrder
    default: return nil
    }
  }

  /// Records what the runtime performs, and checks every action it applies.
  private func observe(_ observation: CheckoutRuntime.Observation) {
    switch observation {
    case .performed(.checkout(let effect)):
      effects.append(effect)
      if let kind = Self.kind(of: effect), holding.contains(kind) { held.append(effect) }
    case .applied(let action):
      check(action)
      bookBefore = state.requests
    default:
      break
    }
  }

  private func check(_ action: AppAction) {
    let (file, line) = caller
    if case .checkout(.answered(let id, .sheetUpdate(let update))) = action {
      updates.append(update)
      // An address the merchant cannot serve is answered with its errors and no items (the seed's example).
      if !update.paymentSummaryItems.isEmpty {
        Self.assertTotalIsTheSum(
          update.paymentSummaryItems, label: state.sheetTotalLabel ?? configuration.totalLabel, file: file,
          line: line)
      }
      if bookBefore.awaited(id) != nil, !update.paymentSummaryItems.isEmpty {
        XCTAssertEqual(
          sheet?.summaryItems, update.paymentSummaryItems, "the sheet shows the update's lines", file: file,
          line: line)
      }
    }
    XCTAssertEqual(
      state.events.map(\.sequence), state.events.indices.map { $0 + 1 }, "events are numbered in order",
      file: file, line: line)
  }
}
