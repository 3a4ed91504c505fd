import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The Apple Pay sheet's keys: rows, choosers, coupon entry, the biometric prompt and its passcode.
final class SheetKeysTests: XCTestCase {
  private func openSheet() -> AppModel {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.settle([.key(.character("3"))], in: &model)
    XCTAssertTrue(model.checkout.screen.isApplePaySheet)
    XCTAssertEqual(model.sheetRow, .pay, "the sheet opens on its pay row")
    return model
  }

  func testRowsStopAtTheEnds() {
    var model = openSheet()
    Fixture.settle(Array(repeating: .key(.up), count: 9), in: &model)
    XCTAssertEqual(model.sheetRow, .card)
    Fixture.settle([.key(.tab), .key(.character("j"))], in: &model)
    XCTAssertEqual(model.sheetRow, .shippingMethod)
  }

  func testChooserPicksAShippingMethodAndEscapeClosesIt() {
    var model = openSheet()
    Fixture.settle([.key(.up), .key(.up), .key(.up), .key(.enter)], in: &model)
    XCTAssertEqual(model.sheetChooser, 0)
    Fixture.settle([.key(.escape)], in: &model)
    XCTAssertNil(model.sheetChooser)
    XCTAssertTrue(model.checkout.screen.isApplePaySheet, "Escape closes the chooser, not the sheet")
    Fixture.settle([.key(.enter), .key(.down), .key(.enter)], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.shippingMethod?.identifier, "express")
    XCTAssertEqual(model.checkout.events.suffix(2).map(\.name), [.onShippingMethodSelected, .sheetUpdated])
  }

  /// apple-pay-events.md, onCouponCodeChanged: "`couponCode` String — The coupon code entered by the customer":
  /// the code reaches the merchant as typed (the scenario's codes match whatever the case), and the seed's
  /// example labels the discount with it.
  func testCouponIsSentAsTypedAndEscapeDiscardsTheDraft() {
    var model = openSheet()
    Fixture.settle([.key(.up), .key(.enter)] + Fixture.type("save") + [.key(.escape)], in: &model)
    XCTAssertNil(model.couponDraft)
    XCTAssertEqual(model.checkout.applePaySheet?.couponCode, "")
    Fixture.settle([.key(.enter)] + Fixture.type("save10x") + [.key(.backspace), .key(.enter)], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.couponCode, "save10")
    XCTAssertEqual(
      model.checkout.events.last(where: { $0.name == .onCouponCodeChanged })?["couponCode"], .string("save10")
    )
    XCTAssertTrue(
      model.checkout.applePaySheet?.summaryItems.contains { $0.label == "Discount (save10)" } ?? false)
  }

  func testLettersTypedIntoTheCouponAreNotCommands() {
    var model = openSheet()
    Fixture.settle([.key(.up), .key(.enter)] + Fixture.type("e?t"), in: &model)
    XCTAssertEqual(model.couponDraft, "e?t")
    XCTAssertTrue(model.showsEventPane)
    XCTAssertFalse(model.showsHelp)
    XCTAssertEqual(model.checkout.applePaySheet?.authentication, .faceID)
  }

  func testNotRecognisedThenPasscode() {
    var model = openSheet()
    Fixture.settle([.key(.enter), .key(.character("n"))], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .authenticating(.notRecognised))
    Fixture.settle([.key(.character("p"))] + Fixture.type("12a34") + [.key(.enter)], in: &model)
    XCTAssertEqual(
      model.checkout.applePaySheet?.phase, .processing, "a 4-digit passcode passes; letters are ignored")
    XCTAssertEqual(
      model.checkout.events.map(\.name).suffix(3), [.onSubmit, .onPreAuthorisation, .sessionUpdate])
  }

  func testTSwitchesTheDevicesAuthentication() {
    var model = openSheet()
    Fixture.settle([.key(.character("t"))], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.authentication, .touchID)
    XCTAssertTrue(RootView.render(model).text.contains("Pay with Touch ID"))
    Fixture.settle([.key(.character("t")), .key(.enter)], in: &model)
    XCTAssertEqual(
      model.checkout.applePaySheet?.phase, .authenticating(.passcode), "passcode asks for digits at once")
  }

  func testEscapeCancelsTheSheet() {
    var model = openSheet()
    Fixture.settle([.key(.escape)], in: &model)
    XCTAssertEqual(model.checkout.screen, .methodList)
    XCTAssertEqual(model.checkout.events.last?.name, .onCancel)
    // As after PayPal and Paze, the method list says what became of the payment.
    XCTAssertTrue(
      RootView.render(model).text.contains("Apple Pay was closed; nothing was charged."),
      RootView.render(model).text)
  }

  func testAPasscodeShorterThanFourDigitsSaysSo() {
    var model = openSheet()
    Fixture.settle([.key(.enter), .key(.character("p"))] + Fixture.type("123") + [.key(.enter)], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .authenticating(.passcode), "not taken")
    XCTAssertEqual(model.passcodeDraft, "123", "the digits stay, to finish")
    XCTAssertTrue(RootView.render(model).text.contains("At least 4 digits, then Enter"))
    Fixture.settle(Fixture.type("4"), in: &model)
    XCTAssertNil(model.passcodeProblem, "typing again clears it")
    Fixture.settle([.key(.enter)], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .processing)
  }

  /// The passcode typed at one sheet dies with it: a sheet closed at its passcode prompt (here by the
  /// engine's `cancelSheet`, as the benchmark's cycle sends it) leaves neither digits nor a problem for the next.
  func testTheNextSheetsPasscodeStartsEmpty() {
    var model = openSheet()
    Fixture.settle([.key(.enter), .key(.character("p"))] + Fixture.type("123") + [.key(.enter)], in: &model)
    XCTAssertNotNil(model.passcodeProblem)
    Fixture.settle([.checkout(.cancelSheet)], in: &model)
    XCTAssertEqual(model.checkout.screen, .methodList)
    Fixture.settle([.key(.character("3")), .key(.enter), .key(.character("p"))], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .authenticating(.passcode))
    XCTAssertEqual(model.passcodeDraft, "", "no digits of the last sheet")
    XCTAssertNil(model.passcodeProblem)
    XCTAssertTrue(RootView.render(model).text.contains("○○○○○○"), RootView.render(model).text)
  }

  func testASheetValueWrapsRatherThanBeingCutAndOnlyWhatStillDoesNotFitIsCut() {
    let address = "Jane Appleseed, 1 Infinite Loop, Cupertino, CA 95014-2083, US"
    XCTAssertEqual(
      ApplePaySheetView.lines(address, width: 30, limit: 3),
      ["Jane Appleseed, 1 Infinite", "Loop, Cupertino, CA", "95014-2083, US"])
    XCTAssertEqual(
      ApplePaySheetView.lines(address, width: 30, limit: 2),
      ["Jane Appleseed, 1 Infinite", "Loop, Cupertino, CA 95014-208…"])
    XCTAssertEqual(ApplePaySheetView.lines(address, width: 30, limit: 1), ["Jane Appleseed, 1 Infinite Lo…"])
    // At 100×32 the sheet's rows show their values whole.
    let screen = RootView.render(openSheet()).text
    XCTAssertTrue(screen.contains("95014-2083, US"), screen)
  }

  func testQQuitsFromTheResultScreens() {
    for (number, gateway) in [
      ("4242424242424242", Fixture.approving), ("4000000000000002", Fixture.declining),
    ] {
      let store = AppTestStore(gateway: FixtureGateway(answer: gateway), exhaustivity: .off)
      store.send(Fixture.fillCard(number: number) + [.key(.enter)])
      store.advance(by: .zero)
      store.finish()
      guard case .result = store.model.checkout.screen else {
        return XCTFail("\(store.model.checkout.screen)")
      }
      store.send(.key(.character("q")), effects: [.quit])
      XCTAssertTrue(KeyHelp.entries(for: store.model).contains { $0.keys == "q" && $0.action == "quit" })
    }
  }
}

/// The card form cuts nothing a shopper must read: field errors wrap under their box, a long scheme name gives
/// way to its short one.
final class CardFormWrappingTests: XCTestCase {
  func testAFieldErrorWrapsUnderItsBoxInsteadOfBeingCut() {
    for size in [Size(columns: 100, rows: 32), Size(columns: 60, rows: 20)] {
      var model = Fixture.model(size)
      _ = Fixture.send(Fixture.fillCard(number: "378282246310005", code: "123") + [.key(.enter)], to: &model)
      let message = "Security code must be 4 digits for American Express"
      XCTAssertEqual(model.checkout.cardForm.errors[.securityCode], message)
      let words = RootView.render(model).lines.map { line in
        line.split(separator: "│").first { $0.contains("Security") || $0.contains("Express") } ?? ""
      }.filter { !$0.isEmpty }.joined(separator: " ").split(separator: " ").joined(separator: " ")
      XCTAssertTrue(words.contains(message), "\(size): \(words)")
    }
  }
}
