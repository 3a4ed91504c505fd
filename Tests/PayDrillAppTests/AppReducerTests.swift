import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The key map: which key does what on which screen, and where focus goes.
final class AppReducerTests: XCTestCase {
  private let size = Size(columns: 100, rows: 32)

  func testArrowsAndVimKeysMoveTheHighlightWithinTheList() {
    var model = Fixture.model(size)
    Fixture.send([.key(.down), .key(.character("j")), .key(.down), .key(.down)], to: &model)
    XCTAssertEqual(model.highlightedMethod, 2, "stops at the last of the three methods")
    Fixture.send([.key(.character("k")), .key(.up), .key(.up)], to: &model)
    XCTAssertEqual(model.highlightedMethod, 0)
  }

  func testEnterOpensTheHighlightedMethodAndNumbersChooseDirectly() {
    var model = Fixture.model(size)
    Fixture.send([.key(.enter)], to: &model)
    XCTAssertEqual(model.checkout.screen, .cardForm)
    XCTAssertEqual(model.focus, .field(.number))
    var noSheet = Scenario.acmeElectronics
    noSheet.applePay = nil
    model = Fixture.model(size, scenario: noSheet)
    Fixture.send([.key(.character("3"))], to: &model)
    XCTAssertEqual(model.checkout.screen, .methodUnavailable(.applePay))
    XCTAssertTrue(model.checkout.events.isEmpty, "an unavailable method fires no callback")
    Fixture.send([.key(.escape)], to: &model)
    XCTAssertEqual(model.checkout.screen, .methodList)
  }

  func testQQuitsFromTheMethodListButIsTextInTheNameField() {
    var model = Fixture.model(size)
    Fixture.send([.key(.enter), .key(.tab), .key(.tab), .key(.tab)] + Fixture.type("q?"), to: &model)
    XCTAssertEqual(model.checkout.cardForm.holderName, "q?")
    XCTAssertFalse(model.showsHelp)
    XCTAssertEqual(Fixture.send([.key(.escape), .key(.character("q"))], to: &model), [.quit])
    let store = AppTestStore(size: size, exhaustivity: .off)
    store.send(.key(.character("q")), effects: [.quit])
    XCTAssertTrue(store.runtime.interpreter.hasQuit, "the interpreter ends the run")
  }

  func testCtrlCQuitsFromAnywhere() {
    let store = AppTestStore(size: size, exhaustivity: .off)
    store.send(Fixture.fillCard(number: "4242"))
    store.send(.key(.interrupt), effects: [.quit])
    XCTAssertTrue(store.runtime.interpreter.hasQuit, "the interpreter ends the run")
  }

  func testTabWalksFieldsThenButtonsAndShiftTabWalksBack() {
    var model = Fixture.model(size)
    Fixture.send([.key(.enter)], to: &model)
    var seen: [FormFocus] = [model.focus]
    for _ in 0..<6 {
      Fixture.send([.key(.tab)], to: &model)
      seen.append(model.focus)
    }
    XCTAssertEqual(
      seen,
      [
        .field(.number), .field(.expiry), .field(.securityCode), .field(.holderName), .payButton, .backButton,
        .field(.number),
      ])
    Fixture.send([.key(.backTab)], to: &model)
    XCTAssertEqual(model.focus, .backButton)
  }

  func testLeavingAFieldShowsItsErrorAndTypingClearsIt() {
    var model = Fixture.model(size)
    Fixture.send([.key(.enter)] + Fixture.type("4242424242424241") + [.key(.tab)], to: &model)
    XCTAssertEqual(model.checkout.cardForm.errors[.number], "Card number is invalid")
    Fixture.send([.key(.backTab), .key(.backspace)], to: &model)
    XCTAssertNil(model.checkout.cardForm.errors[.number])
  }

  func testSubmittingWithErrorsFocusesTheFirstFieldInError() {
    var model = Fixture.model(size)
    let effects = Fixture.send(
      [.key(.enter)] + Fixture.type("4242424242424242") + [.key(.tab), .key(.tab)] + Fixture.type("12")
        + [.key(.tab), .key(.tab), .key(.enter)], to: &model)
    XCTAssertEqual(effects, [])
    XCTAssertEqual(model.focus, .field(.expiry))
    XCTAssertEqual(model.checkout.cardForm.errors[.expiry], "Enter an expiry date")
  }

  func testPayButtonAsksTheMerchantFirst() {
    let store = AppTestStore(size: size, exhaustivity: .off)
    store.send(Fixture.fillCard(number: "4242424242424242"))
    store.send(.key(.enter), effects: [.checkout(.askBeforeSubmit(RequestID(1), .card))]) {
      $0.checkout.awaitingMerchant = .card
    }
    store.assertWaiting([(RequestID(1), .beforeSubmit(.card))])
    store.send([.key(.escape)] + Fixture.type("9"))
    store.finish()
    XCTAssertEqual(store.model.checkout.screen, .cardForm, "nothing moves while the merchant answers")
    store.assertWaiting([(RequestID(1), .beforeSubmit(.card))])
  }

  /// A store (not exhaustive) on the failure screen: the card 4000 0000 0000 0002 declined by the gateway.
  private func declined() -> AppTestStore {
    let store = AppTestStore(size: size, exhaustivity: .off)
    store.send(Fixture.fillCard(number: "4000000000000002") + [.key(.enter)])
    store.advance(by: .seconds(1))
    store.finish()
    store.assertWaiting([])
    return store
  }

  func testFailureScreenChoicesTryAgainOrAnotherMethod() {
    let retry = declined()
    retry.send(.key(.enter)) { $0.checkout.screen = .cardForm }
    XCTAssertEqual(retry.model.checkout.cardForm.number, "4000000000000002", "try again keeps what was typed")
    let other = declined()
    other.send([.key(.right)])
    other.send(.key(.enter)) {
      $0.checkout.screen = .methodList
      $0.checkout.cardForm = CardForm()
    }
  }

  func testSuccessStartsANewCheckoutKeepingTheEventLog() {
    let store = AppTestStore(size: size, exhaustivity: .off)
    store.send(Fixture.fillCard(number: "4242424242424242") + [.key(.enter)])
    store.advance(by: .seconds(1))
    store.send(.key(.enter)) { $0.checkout.screen = .methodList }
    XCTAssertEqual(
      store.model.checkout.events.map(\.name).filter(\.isMerchantCallback),
      [.onBeforeSubmit, .onSubmit, .onSuccess])
    // The new checkout's Apple Pay element asks for its `POST /init` again.
    store.assertWaiting([(RequestID(3), .applePayInit)])
  }

  func testEventPaneAndHelpToggles() {
    var model = Fixture.model(size)
    Fixture.send([.key(.character("e"))], to: &model)
    XCTAssertFalse(model.showsEventPane)
    Fixture.send([.key(.enter), .key(.character("\u{05}"))], to: &model)
    XCTAssertTrue(model.showsEventPane, "Ctrl-E toggles even while typing")
    XCTAssertEqual(model.checkout.cardForm.number, "")
    Fixture.send([.key(.escape), .key(.character("?"))], to: &model)
    XCTAssertTrue(model.showsHelp)
    Fixture.send([.key(.down)], to: &model)
    XCTAssertFalse(model.showsHelp, "any key closes the help")
    XCTAssertEqual(model.highlightedMethod, 0, "and does nothing else")
  }

  /// Wherever the keys list `?`, `?` opens them: on the 3-D Secure code, the passcode and the card number
  /// (digits only) too, while in the name field it is text.
  func testQuestionMarkOpensTheKeysOnEveryScreenThatListsIt() {
    for kind in DocsDriftTests.kinds {
      guard let screen = DocsDriftTests.screen(kind),
        KeyHelp.entries(for: screen).contains(where: { $0.keys == "?" })
      else { continue }
      var model = Fixture.model(size)
      model.checkout.screen = screen
      model.focus = .field(.number)
      Fixture.send([.key(.character("?"))], to: &model)
      XCTAssertTrue(model.showsHelp, "? on \(kind)")
      XCTAssertEqual(model.challengeDraft, "", "? is not typed into the 3-D Secure code")
      XCTAssertEqual(model.checkout.cardForm.number, "")
    }
    var model = Fixture.model(size)
    Fixture.settle(
      [.checkout(.createCheckout), .key(.character("3")), .key(.enter), .key(.character("p"))], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .authenticating(.passcode))
    XCTAssertTrue(KeyHelp.entries(for: model).contains { $0.keys == "?" }, "the passcode's keys list ?")
    Fixture.send([.key(.character("?"))], to: &model)
    XCTAssertTrue(model.showsHelp, "? on the passcode")
  }

  func testSpinnerTurnsOnlyWhileProcessing() {
    let store = AppTestStore(size: size, exhaustivity: .off)
    // On the method list a tick changes nothing: there is no spinner.
    store.send(.tick)
    store.send(.tick)
    store.send(Fixture.fillCard(number: "4242424242424242") + [.key(.enter)])
    store.advance(by: .milliseconds(250))
    store.receive(.tick) { $0.spinnerFrame = 1 }
    store.receive(.tick) { $0.spinnerFrame = 2 }
    store.assertWaiting([(RequestID(2), .gateway(.card))])
  }

  /// The spinner's frame dies with the screen that turned it: the Apple Pay sheet's starts from the first
  /// frame, whatever the card payment before it left.
  func testTheSheetsSpinnerStartsAtItsFirstFrame() {
    // A declined card payment turns the card spinner first (two ticks while the gateway takes 250 ms).
    let store = AppTestStore(size: Size(columns: 100, rows: 32), exhaustivity: .off)
    store.send(Fixture.fillCard(number: "4000000000000002") + [.key(.enter)])
    store.advance(by: .milliseconds(250))
    XCTAssertEqual(store.runtime.model.spinnerFrame, 2)
    store.advance(by: .seconds(5))
    store.finish()
    var model = store.model
    guard case .result = model.checkout.screen else { return XCTFail("\(model.checkout.screen)") }
    Fixture.settle([.checkout(.backToMethods), .key(.character("3"))], in: &model)
    Fixture.settle([.key(.enter), .key(.enter)], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .processing)
    XCTAssertEqual(model.spinnerFrame, 0)
  }
}
