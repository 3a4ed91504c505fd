import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop

/// The tapes that walk the button gallery and the Apple Pay degradations, replayed headlessly; their final
/// screens are reviewed golden files.
final class DegradationTapeTests: XCTestCase {
  private func replay(_ name: String) throws -> CheckoutRuntime {
    let runtime = try Fixture.replay(name)
    Snapshot.compare(runtime.render().text + "\n", with: "tape-\(name).txt")
    return runtime
  }

  func testButtonGallery() throws {
    let runtime = try replay("button-gallery")
    XCTAssertEqual(
      runtime.model.gallery,
      ButtonGallery(appearance: .init(type: .setUp, style: .white, radius: 12), view: .types))
  }

  func testCannotPay() throws {
    let runtime = try replay("apple-pay-cannot-pay")
    XCTAssertEqual(runtime.model.checkout.methods, [.card, .paypal])
  }

  func testInitFault() throws {
    let runtime = try replay("apple-pay-init-fault")
    XCTAssertEqual(runtime.model.checkout.applePayState?.name, "PARTNER_UI_FATAL_ERROR")
    XCTAssertEqual(runtime.model.checkout.events.last?["errorCode"], .string("PARTNER_UI_ERROR"))
  }

  func testEveryOtherDegradation() throws {
    let expected: [(String, String)] = [
      ("apple-pay-no-cards", "READY (no card: setUp)"), ("apple-pay-no-configuration", "NO_CONFIGURATION"),
      ("apple-pay-not-installed", "NOT_INSTALLED"), ("apple-pay-sheet-fails", "PARTNER_UI_FATAL_ERROR"),
    ]
    for (tape, state) in expected {
      XCTAssertEqual(try replay(tape).model.checkout.applePayState?.name, state, tape)
    }
  }
}
