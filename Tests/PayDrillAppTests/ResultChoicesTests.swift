import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// A result screen offers what can work: no "Try again" in a session that takes no more payments, and after
/// "Try again" the focus is where the shopper goes on.
final class ResultChoicesTests: XCTestCase {
  private static let spending: @Sendable (AuthorisationRequest) -> AuthorisationOutcome = { _ in
    .declined(SdkError(errorCode: "SESSION_SPENT", errorMessage: "The session was paid already."))
  }

  /// `SESSION_SPENT` (a second payment in a paid session): the screen says the session was paid, offers
  /// "Start a new checkout" alone, and Enter starts it (in a new session: the scenario made this one up).
  func testASpentSessionSaysSoAndOffersNoTryAgain() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    let sessionId = model.checkout.sessionId
    Fixture.settle(
      Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], in: &model, gateway: Self.spending)
    guard case .result(.failure(_, let error, _)) = model.checkout.screen else {
      return XCTFail("\(model.checkout.screen)")
    }
    XCTAssertEqual(error.errorCode, "SESSION_SPENT")
    let screen = RootView.render(model).text
    XCTAssertTrue(screen.contains("This session was paid already"), screen)
    XCTAssertFalse(screen.contains("Try again"), screen)
    XCTAssertFalse(screen.contains("Choose another method"), screen)
    XCTAssertTrue(screen.contains("Start a new checkout"), screen)
    // → does not move to a button that is not there; the engine refuses "Try again" too.
    Fixture.settle([.key(.right)], in: &model)
    XCTAssertEqual(model.resultChoice, 0)
    var refused = model
    _ = AppReducer.send(.tryAgain, to: &refused, context: Fixture.context)
    XCTAssertEqual(refused.checkout.screen, model.checkout.screen, "Try again cannot work here")
    Fixture.settle([.key(.enter)], in: &model)
    XCTAssertEqual(model.checkout.screen, .methodList)
    XCTAssertNotEqual(model.checkout.sessionId, sessionId)
    XCTAssertTrue(
      model.checkout.notice?.contains("\(sessionId) is spent") == true, "\(model.checkout.notice ?? "")")
  }

  /// With `--serve`, the backend's session refused as spent: Enter waits for the backend's next session,
  /// as after a payment (only the backend makes sessions).
  func testWithServeASpentSessionWaitsForTheBackendsNext() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.settle(
      Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], in: &model, gateway: Self.spending)
    var link = BackendLink(endpoint: "http://127.0.0.1:8787/api/v1/sessions", base: model.checkout.scenario)
    link.phase = .open(sessionId: model.checkout.sessionId)
    model.backend = link
    XCTAssertFalse(RootView.render(model).text.contains("Try again"))
    Fixture.settle([.key(.enter)], in: &model)
    XCTAssertEqual(model.backend?.isWaiting, true)
  }

  /// A decline, then "Try again": the form comes back as typed and still valid, so the focus is on Pay
  /// (Enter pays again), not on the card number.
  func testAfterTryAgainTheFocusIsOnPayWhenTheFormIsStillValid() {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.settle(
      Fixture.fillCard(number: "4000000000000002") + [.key(.enter)], in: &model, gateway: Fixture.declining)
    XCTAssertEqual(model.checkout.screen.kind, .result)
    XCTAssertTrue(RootView.render(model).text.contains("Try again"))
    Fixture.settle([.key(.enter)], in: &model)
    XCTAssertEqual(model.checkout.screen, .cardForm)
    XCTAssertEqual(model.focus, .payButton)
  }
}
