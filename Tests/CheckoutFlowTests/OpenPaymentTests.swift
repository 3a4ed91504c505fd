import Foundation
import GatewaySimulator
import PayDrillApp
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport
@testable import PayDrillLoop

/// Which failures leave a payment open: a retry of it keeps its idempotency key, so the gateway charges it at
/// most once.
final class OpenPaymentTests: XCTestCase {
  private func payTwice(failingWith code: String) -> (keys: [String], ending: Attempt.Ending?) {
    let gateway = ScriptedGateway()
    gateway.answer = { _ in
      .declined(SdkError(errorCode: code, errorMessage: "the plugin said nothing useful"))
    }
    let runtime = CheckoutRuntime(
      model: AppModel(
        checkout: CheckoutState(scenario: .acmeElectronics), size: AppModel.minimumSize,
        latencyMilliseconds: 0),
      dependencies: Dependencies(
        gateway: gateway, hooks: ScenarioMerchantHooks(scenario: .acmeElectronics),
        clock: .virtual(startingAt: fixedNow)))
    var keys: [String] = []
    var ending: Attempt.Ending?
    runtime.observer = { observation in
      switch observation {
      case .performed(.checkout(.authorise(_, let request))): keys.append(request.idempotencyKey)
      case .performed(.checkout(.attempt(let attempt))) where attempt.ending != nil:
        ending = ending ?? attempt.ending
      default: break
      }
    }
    runtime.start()
    runtime.settle(after: .selectMethod(.card))
    for (field, text) in [
      (CardField.number, "4242424242424242"), (.expiry, "1234"), (.securityCode, "123"), (.holderName, "Ada"),
    ] {
      runtime.settle(after: .type(text, into: field))
    }
    runtime.settle(after: .submitCard)
    runtime.settle(after: .tryAgain)
    runtime.settle(after: .submitCard)
    return (keys, ending)
  }

  /// Found by the fuzzer's plugin: a plugin that crashed during `authorise`, or whose answer could not be
  /// read, may have charged; the attempt was a definite failure and the retry a new payment, which the
  /// plugin charged again. Now the payment stays open, as after a timeout.
  func testAPluginThatCrashedOrGarbledItsAnswerLeavesThePaymentOpen() {
    for code in ["PLUGIN_CRASHED", "PLUGIN_PROTOCOL_ERROR", "GATEWAY_TIMEOUT"] {
      let (keys, ending) = payTwice(failingWith: code)
      XCTAssertEqual(keys.count, 2, code)
      XCTAssertEqual(Set(keys).count, 1, "\(code): the retry is the same payment")
      guard case .unknown? = ending else { return XCTFail("\(code): \(String(describing: ending))") }
    }
    let (keys, ending) = payTwice(failingWith: "PLUGIN_UNAVAILABLE")
    XCTAssertEqual(Set(keys).count, 2, "a plugin that never started charged nothing: a new payment")
    guard case .failed? = ending else { return XCTFail("\(String(describing: ending))") }
  }
}
