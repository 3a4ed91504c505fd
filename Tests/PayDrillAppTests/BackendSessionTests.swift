import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import GatewaySimulator
@testable import PayDrillApp
@testable import PayDrillLoop

/// `paydrill --serve` in the app, without HTTP: the checkout waits for the backend's session, each request
/// arrives as a `served` action (from another thread, through the runtime's inbox) and shows in the event
/// pane, a created session initialises the Drop-in on it, one that arrives during a payment waits for the
/// method list, and after a payment the checkout waits again.
final class BackendSessionTests: XCTestCase {
  private let endpoint = "http://127.0.0.1:8787/api/v1/sessions"
  private var observed: [CheckoutRuntime.Observation] = []

  private func runtime() -> CheckoutRuntime {
    var scenario = Scenario.acmeElectronics
    scenario.gateway.latency = [:]
    let runtime = CheckoutRuntime(
      scenario: scenario, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0,
      clock: .virtual(startingAt: Fixture.now)
    ) { [endpoint] model in
      model.backend = BackendLink(endpoint: endpoint, base: scenario)
    }
    runtime.observer = { [unowned self] in self.observed.append($0) }
    return runtime
  }

  private static func session(
    id: String = "11111111-2222-4333-8444-555555555555", amount: Int64 = 1500, currency: String = "JPY",
    expiry: String = "2030-01-01T00:00:00.000Z", allowTransaction: Bool = true
  ) -> ServerSession {
    ServerSession(
      data: SessionData(
        sessionId: id, hmacKey: String(repeating: "a1", count: 32),
        encryptionKey: String(repeating: "b2", count: 16),
        sessionExpiry: expiry, allowedFundingTypes: AllowedFundingTypes(cardSchemes: ["Visa"])),
      merchant: "MERCHANT-1", site: "SITE-1", merchantTransactionId: "order-\(id.prefix(4))",
      amount: Money(minorUnits: amount, currency: Currency(code: currency)!), cardIntent: "Purchase",
      paypalIntent: "Purchase", allowTransaction: allowTransaction, tokenId: "paydrill-dev",
      createdAt: Fixture.now)
  }

  private static func created(_ session: ServerSession) -> AppAction {
    .served(ServedExchange(method: "POST", path: "/api/v1/sessions", status: 200, session: session))
  }

  private func pay(_ runtime: CheckoutRuntime) {
    runtime.press(.enter)
    for (text, field) in [("4242424242424242", CardField.number), ("1234", .expiry), ("123", .securityCode)] {
      for character in text { runtime.press(.character(character)) }
      runtime.press(.tab)
      _ = field
    }
    for character in "Jane Doe" { runtime.press(.character(character)) }
    runtime.press(.tab)
    runtime.press(.enter)
    runtime.advance(by: .seconds(1))
  }

  func testTheCheckoutWaitsAndTakesNoCheckoutKeysUntilASessionArrives() throws {
    let runtime = runtime()
    runtime.start()
    XCTAssertEqual(runtime.model.checkout.events, [], "create() waits for the backend's session")
    XCTAssertNil(runtime.model.checkout.applePayState)
    for key in [KeyEvent.enter, .character("1"), .character("d"), .character("g")] { runtime.press(key) }
    XCTAssertEqual(runtime.model.checkout.screen, .methodList)
    XCTAssertNil(runtime.model.devicePanel)
    XCTAssertNil(runtime.model.gatewayPanel)
    let screen = runtime.render().text
    XCTAssertTrue(screen.contains("Waiting for your backend: POST"), screen)
    XCTAssertTrue(screen.contains("TEST · no session yet"), screen)
    runtime.press(.character("q"))
    XCTAssertTrue(runtime.hasQuit)
  }

  func testARefusalShowsInTheEventPaneAndChangesNothingElse() throws {
    let runtime = runtime()
    runtime.start()
    let before = runtime.model
    runtime.send(
      .served(
        ServedExchange(
          method: "POST", path: "/api/v1/sessions", status: 401, field: "X-PayDrill-Signature",
          message: "does not match")))
    XCTAssertEqual(runtime.model.checkout.events.count, 1)
    let event = try XCTUnwrap(runtime.model.checkout.events.last)
    XCTAssertEqual(event.name, .httpRequest)
    XCTAssertNil(event.method)
    XCTAssertEqual(
      event.details,
      [
        EventDetail("method", .string("POST")), EventDetail("path", .string("/api/v1/sessions")),
        EventDetail("status", .integer(401)), EventDetail("reason", .string("X-PayDrill-Signature")),
        EventDetail("message", .string("does not match")),
      ])
    var expected = before
    expected.checkout.events = runtime.model.checkout.events
    expected.eventsNotified = 1
    XCTAssertEqual(runtime.model, expected, "a refusal changes nothing but the log")
    XCTAssertEqual(runtime.model.backend?.phase, .waiting)
  }

  func testACreatedSessionInitialisesTheDropInOnItThroughTheInbox() throws {
    let runtime = runtime()
    runtime.start()
    let session = Self.session()
    // The server's reader posts from its own thread; the runtime takes it on its next turn.
    let postbox = runtime.interpreter.postbox
    let posted = expectation(description: "posted")
    Thread.detachNewThread {
      postbox.post(Self.created(session))
      posted.fulfill()
    }
    wait(for: [posted], timeout: 5)
    observed = []
    XCTAssertTrue(runtime.isBusy, "the inbox holds it: the loop turns")
    runtime.deliverDue()
    let applied = observed.compactMap { observation -> AppAction? in
      guard case .applied(let action) = observation else { return nil }
      return action
    }
    XCTAssertEqual(applied.first, Self.created(session))
    let effects = observed.compactMap { observation -> AppEffect? in
      guard case .performed(let effect) = observation else { return nil }
      return effect
    }
    XCTAssertFalse(
      effects.contains { effect in
        guard case .checkout(.prepareApplePay) = effect else { return false }
        return true
      }, "the session offers cards only: no Apple Pay to prepare")
    let checkout = runtime.model.checkout
    XCTAssertEqual(runtime.model.backend?.phase, .open(sessionId: session.sessionId))
    XCTAssertNil(runtime.model.backend?.next)
    XCTAssertEqual(checkout.sessionId, session.sessionId)
    XCTAssertEqual(checkout.total, Money(minorUnits: 1500, currency: Currency(code: "JPY")!))
    XCTAssertEqual(checkout.scenario.merchantTransactionId, session.merchantTransactionId)
    XCTAssertEqual(checkout.scenario.cardIntent, "Purchase")
    XCTAssertEqual(checkout.methods, [.card], "from the session's allowedFundingTypes")
    XCTAssertEqual(checkout.events.map(\.name), [.httpRequest])
    XCTAssertEqual(checkout.events[0]["sessionId"], .string(session.sessionId))
    let screen = runtime.render().text
    XCTAssertTrue(screen.contains("¥1,500"), screen)
    XCTAssertFalse(screen.contains("Waiting for your backend"), screen)
  }

  /// Issue 25: the server's end comes through the inbox like its requests. Waiting, the screen says it
  /// stopped and quotes its last words (control characters written out); on a session, the footer says it.
  func testTheServersEndShowsWhereverTheCheckoutIs() throws {
    let stop = ServerStop(status: 3, signalled: false, lastWords: ["the ledger \u{1B}[2Jcannot be written"])
    for opened in [false, true] {
      let runtime = runtime()
      runtime.start()
      if opened {
        runtime.send(Self.created(Self.session()))
        runtime.settle()
      }
      runtime.interpreter.postbox.post(.serverStopped(stop))
      runtime.deliverDue()
      XCTAssertEqual(runtime.model.backend?.stopped, stop)
      let screen = runtime.render().text
      XCTAssertTrue(
        screen.contains("the server (paydrill serve) stopped (exit status 3): the ledger \\u{1B}[2Jcannot"),
        screen)
      XCTAssertEqual(
        screen.contains("The server stopped (exit status 3)"), !opened, screen)
      XCTAssertFalse(screen.contains("Waiting for your backend"), screen)
    }
  }

  func testAfterThePaymentTheCheckoutWaitsForTheNextSession() throws {
    let runtime = runtime()
    runtime.start()
    runtime.send(Self.created(Self.session()))
    pay(runtime)
    guard case .result(.success(let receipt)) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    XCTAssertEqual(receipt.amount, Money(minorUnits: 1500, currency: Currency(code: "JPY")!))
    XCTAssertEqual(receipt.result.merchantTransactionId, Self.session().merchantTransactionId)
    runtime.press(.enter)
    XCTAssertEqual(runtime.model.backend?.phase, .waiting, "the session is spent: no made-up next one")
    XCTAssertEqual(runtime.model.checkout.sessionId, Self.session().sessionId)
    XCTAssertTrue(runtime.render().text.contains("Waiting for your backend"))
    let next = Self.session(id: "99999999-2222-4333-8444-555555555555", amount: 2500, currency: "USD")
    runtime.send(Self.created(next))
    XCTAssertEqual(runtime.model.checkout.sessionId, next.sessionId)
    XCTAssertEqual(runtime.model.checkout.total, Money(minorUnits: 2500, currency: Currency(code: "USD")!))
    XCTAssertEqual(
      runtime.model.checkout.events.filter { $0.name == .httpRequest }.count, 2, "the log goes on")
  }

  func testASessionThatArrivesDuringAPaymentOpensOnTheMethodList() throws {
    let runtime = runtime()
    runtime.start()
    runtime.send(Self.created(Self.session()))
    runtime.press(.enter)
    XCTAssertEqual(runtime.model.checkout.screen, .cardForm)
    let next = Self.session(id: "99999999-2222-4333-8444-555555555555")
    runtime.send(Self.created(next))
    XCTAssertEqual(
      runtime.model.checkout.sessionId, Self.session().sessionId, "the shopper is typing: it waits")
    XCTAssertEqual(runtime.model.backend?.next, next)
    runtime.press(.escape)
    XCTAssertEqual(runtime.model.checkout.sessionId, next.sessionId, "back on the method list: it opens")
    XCTAssertNil(runtime.model.backend?.next)
  }

  func testASessionPastItsExpiryFailsAtSubmit() throws {
    let runtime = runtime()
    runtime.start()
    runtime.send(Self.created(Self.session(expiry: "2020-01-01T00:00:00.000Z")))
    pay(runtime)
    guard case .result(.failure(_, let error, _)) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    XCTAssertEqual(error.errorCode, "SESSION_EXPIRED")
  }

  /// drop-in-implementation.md, Session request parameters (`allowTransaction`, "Whether or not to proceed
  /// with the transaction"): a backend's session created with `false` paid all the same. The payment does
  /// not proceed: `onError(.card, TRANSACTION_NOT_ALLOWED)` says why, and nothing is charged.
  func testSessionRequestParameters_allowTransactionFalseDoesNotProceed() throws {
    let runtime = runtime()
    runtime.start()
    let session = Self.session(allowTransaction: false)
    runtime.send(Self.created(session))
    pay(runtime)
    guard case .result(.failure(.card, let error, _)) = runtime.model.checkout.screen else {
      return XCTFail("\(runtime.model.checkout.screen)")
    }
    XCTAssertEqual(error.errorCode, "TRANSACTION_NOT_ALLOWED")
    XCTAssertEqual(
      error.errorMessage,
      "Session \(session.sessionId) was created with allowTransaction: false; the transaction does not proceed"
    )
    let names = runtime.model.checkout.events.map(\.name)
    XCTAssertEqual(names.last, .onError)
    XCTAssertFalse(names.contains(.onSuccess) || names.contains(.onSubmit), "\(names)")
    XCTAssertEqual(runtime.model.checkout.payments, 0)
  }

  func testWithoutABackendTheCheckoutIsAsBefore() {
    var scenario = Scenario.acmeElectronics
    scenario.gateway.latency = [:]
    let runtime = CheckoutRuntime(
      scenario: scenario, size: Size(columns: 100, rows: 32), latencyMilliseconds: 0)
    runtime.start()
    runtime.send(Self.created(Self.session()))
    XCTAssertEqual(runtime.model.checkout.sessionId, scenario.session.sessionId, "no --serve: not opened")
    XCTAssertEqual(runtime.model.checkout.events.last?.name, .httpRequest)
  }
}
