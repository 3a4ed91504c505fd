import GatewaySimulator
import XCTest

@testable import CheckoutEngine

/// Paze: the seed's rules and codes, the Paze checkout, and onSuccess with paymentData.
final class PazeFlowTests: XCTestCase {
  private let driver = GatewayDriver(transactionId: "tx-paze")
  private let paze = Scenario.builtIn(named: "paze-checkout")!

  private func send(_ action: CheckoutAction, _ state: inout CheckoutState) async {
    await driver.send(action, &state)
  }

  func testPazePaysWithPaymentData() async {
    var state = CheckoutState(scenario: paze)
    await send(.selectMethod(.paze), &state)
    XCTAssertEqual(state.screen, .pazeCheckout)
    await send(.approvePaze(.mastercard), &state)
    XCTAssertEqual(state.events.map(\.name), [.onBeforeSubmit, .onSuccess])
    XCTAssertEqual(state.events.last?["paymentData"], .string("paze(PazeCheckoutDecoded)"))
    XCTAssertEqual(state.paidMethodName, "Paze")
  }

  func testACardPazeCannotCompleteIsSDK1123() async {
    var state = CheckoutState(scenario: paze)
    await send(.selectMethod(.paze), &state)
    await send(.approvePaze(.failing), &state)
    guard case .result(.failure(.paze, let error)) = state.screen else { return XCTFail("\(state.screen)") }
    XCTAssertEqual(error.errorCode, "SDK1123")
    XCTAssertEqual(error.shopperMessage, "Paze payment failed. Please try again.")
  }

  func testEveryRuleHasItsCode() async {
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
      var state = CheckoutState(scenario: scenario)
      await send(.selectMethod(.paze), &state)
      guard case .result(.failure(.paze, let error)) = state.screen else {
        XCTFail("\(code): \(state.screen)")
        continue
      }
      XCTAssertEqual(error.errorCode, code)
      XCTAssertEqual(state.events.map(\.name), [.onError], "\(code): refused before onBeforeSubmit")
      XCTAssertEqual(state.attempts, 0)
    }
  }

  func testClosingPazeChargesNothing() async {
    var state = CheckoutState(scenario: paze)
    await send(.selectMethod(.paze), &state)
    await send(.cancelPaze, &state)
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.attempts, 0)
  }
}
