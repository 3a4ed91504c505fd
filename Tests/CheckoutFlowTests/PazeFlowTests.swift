import PayDrillApp
import XCTest

@testable import CheckoutEngine
@testable import PayDrillLoop

/// Paze: the seed's rules and codes, the Paze checkout, and onSuccess with paymentData.
final class PazeFlowTests: XCTestCase {
  private let paze = Scenario.builtIn(named: "paze-checkout")!

  /// The Paze checkout (or a variant of it) through the one interpreter, the gateway answering at once.
  private func makeRuntime(_ scenario: Scenario? = nil) -> CheckoutRuntime {
    .flow(scenario: scenario ?? paze, transactionId: "tx-paze")
  }

  func testPazePaysWithPaymentData() {
    let runtime = makeRuntime()
    runtime.settle(after: .selectMethod(.paze))
    XCTAssertEqual(runtime.checkout.screen, .pazeCheckout)
    runtime.settle(after: .approvePaze(.mastercard))
    let state = runtime.checkout
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit, .onSuccess])
    XCTAssertEqual(state.events.last?["paymentData"], .string("paze(PazeCheckoutDecoded)"))
    XCTAssertEqual(state.paidMethodName, "Paze")
  }

  func testACardPazeCannotCompleteIsSDK1123() {
    let runtime = makeRuntime()
    runtime.settle(after: .selectMethod(.paze))
    runtime.settle(after: .approvePaze(.failing))
    let state = runtime.checkout
    guard case .result(.failure(.paze, let error, _)) = state.screen else {
      return XCTFail("\(state.screen)")
    }
    XCTAssertEqual(error.errorCode, "SDK1123")
    XCTAssertEqual(error.shopperMessage, "Paze payment failed. Please try again.")
  }

  /// drop-in-implementation.md, onError: "SDK1203", "SDK1204", "SDK1205" are each produced, by a display field
  /// of their own, at its limit accepted and one past it refused.
  func testEachDisplayFieldAtItsLimitIsAccepted() {
    var scenario = paze
    scenario.session.allowedFundingTypes.wallets.paze?.merchantDisplayName = String(repeating: "A", count: 64)
    scenario.session.allowedFundingTypes.wallets.paze?.cobrandName = String(repeating: "C", count: 64)
    scenario.session.allowedFundingTypes.wallets.paze?.transactionDescription = String(
      repeating: "D", count: 100)
    XCTAssertNil(PazeRules.violation(in: scenario))
    scenario.session.allowedFundingTypes.wallets.paze?.transactionDescription = String(
      repeating: "D", count: 101)
    XCTAssertEqual(
      PazeRules.violation(in: scenario),
      SdkError(
        errorCode: "SDK1205", errorMessage: "The Paze transaction description is 101 characters; at most 100")
    )
  }

  func testEveryRuleHasItsCode() {
    let cases: [(String, (inout Scenario) -> Void)] = [
      ("SDK1122", { $0.session.allowedFundingTypes.wallets.paze?.available = false }),
      ("SDK1213", { $0.currency = .eur }),
      ("SDK1124", { $0.entryType = "moto" }),
      ("SDK0118", { $0.session.allowedFundingTypes.wallets.paze?.clientId = nil }),
      ("SDK1202A", { $0.session.allowedFundingTypes.wallets.paze?.merchantCategoryCode = "" }),
      (
        "SDK1203",
        {
          $0.session.allowedFundingTypes.wallets.paze?.merchantDisplayName = String(repeating: "A", count: 65)
        }
      ),
      (
        "SDK1204",
        { $0.session.allowedFundingTypes.wallets.paze?.cobrandName = String(repeating: "C", count: 65) }
      ),
      (
        "SDK1205",
        {
          $0.session.allowedFundingTypes.wallets.paze?.transactionDescription = String(
            repeating: "D", count: 101)
        }
      ),
      ("SDK1209", { $0.session.allowedFundingTypes.wallets.paze?.shopper?.email = "jane.example.com" }),
      ("SDK1210", { $0.session.allowedFundingTypes.wallets.paze?.shopper?.phone = "555" }),
      ("SDK1211", { $0.session.allowedFundingTypes.wallets.paze?.shopper?.firstName = " " }),
      (
        "SDK1212",
        { $0.session.allowedFundingTypes.wallets.paze?.shopper?.lastName = String(repeating: "L", count: 36) }
      ),
    ]
    for (code, change) in cases {
      var scenario = paze
      change(&scenario)
      let runtime = makeRuntime(scenario)
      runtime.settle(after: .selectMethod(.paze))
      let state = runtime.checkout
      guard case .result(.failure(.paze, let error, _)) = state.screen else {
        XCTFail("\(code): \(state.screen)")
        continue
      }
      XCTAssertEqual(error.errorCode, code)
      XCTAssertEqual(state.events.map(\.name), [.onError], "\(code): refused before onBeforeSubmit")
      XCTAssertEqual(state.attempts, 0)
    }
  }

  func testClosingPazeChargesNothing() {
    let runtime = makeRuntime()
    runtime.settle(after: .selectMethod(.paze))
    runtime.settle(after: .cancelPaze)
    let state = runtime.checkout
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.attempts, 0)
  }
}
