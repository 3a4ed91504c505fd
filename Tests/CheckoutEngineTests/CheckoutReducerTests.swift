import Foundation
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

final class CheckoutReducerTests: XCTestCase {
  private let transactionId = "0ce72cfd-014d-4256-a006-a56601b2ffc4"
  private let usd4999 = Money(minorUnits: 4999, currency: .usd)

  // MARK: - Helpers

  /// Opens the card form and types a card into it, checking each keystroke's state.
  private func fillCard(
    _ store: CheckoutTestStore, number: String = "4242424242424242", expiry: String = "12/34",
    securityCode: String = "123", holderName: String = "Jane Doe", file: StaticString = #filePath,
    line: UInt = #line
  ) {
    store.send(.selectMethod(.card), file: file, line: line) { $0.screen = .cardForm }
    store.send(.type(number, into: .number), file: file, line: line) {
      $0.cardForm.number = number.filter(\.isNumber)
    }
    store.send(.type(expiry, into: .expiry), file: file, line: line) {
      $0.cardForm.expiry = expiry.filter(\.isNumber)
    }
    store.send(.type(securityCode, into: .securityCode), file: file, line: line) {
      $0.cardForm.securityCode = securityCode
    }
    store.send(.type(holderName, into: .holderName), file: file, line: line) {
      $0.cardForm.holderName = holderName
    }
  }

  /// The gateway request of a card payment; `payment` counts the payments (not the attempts) and makes
  /// the idempotency key.
  private func request(
    number: String = "4242424242424242", expiryMonth: Int = 12, expiryYear: Int = 2034,
    securityCode: String = "123", holderName: String = "Jane Doe", payment: Int = 1,
    session: String = "c5f0799b-0839-43ce-abc5-5b462a98f250"
  ) -> AuthorisationRequest {
    AuthorisationRequest(
      method: .card,
      card: CardDetails(
        number: CardNumber(digits: number), expiryMonth: expiryMonth, expiryYear: expiryYear,
        securityCode: securityCode, holderName: holderName),
      amount: usd4999, intent: "Authorisation", merchantTransactionId: transactionId,
      sessionId: session, idempotencyKey: key(payment))
  }

  /// The idempotency key of the `payment`th payment.
  private func key(_ payment: Int) -> String { "\(transactionId)-\(payment)" }

  /// The payment in flight: open until the gateway definitely answers.
  private func openPayment(_ payment: Int) -> OpenPayment {
    OpenPayment(idempotencyKey: key(payment), method: .card, amount: usd4999)
  }

  /// What the Paid screen shows for the card paid with `systemTransactionId` (the form's card, masked as
  /// `CardNumber` masks it).
  private func receipt(_ systemTransactionId: String, paidWith: String = "Visa •••• 4242") -> Receipt {
    let result = DropInSubmitResult(
      systemTransactionId: systemTransactionId, merchantTransactionId: transactionId)
    return Receipt(result: result, method: .card, paidWith: paidWith, amount: usd4999)
  }

  /// The card attempt the engine begins at `onSubmit`, as the state holds it while in flight (without its
  /// callbacks): the `number`th of the run, paying with the form's card, its callbacks from `firstEvent` on.
  private func cardAttempt(
    _ number: Int = 1, scheme: String = "Visa", last4: String = "4242", startedAt: Date, firstEvent: Int
  ) -> Attempt {
    Attempt(
      number: number, scenario: Scenario.acmeElectronics.name, merchantTransactionId: transactionId,
      sessionId: Scenario.acmeElectronics.session.sessionId, method: .card,
      paidWith: "\(scheme) ••••\(last4)", amount: usd4999, startedAt: startedAt,
      firstEvent: firstEvent)
  }

  private func event(
    _ sequence: Int, _ time: Date, _ name: CallbackName, _ details: [EventDetail]
  ) -> CallbackEvent {
    CallbackEvent(sequence: sequence, time: time, name: name, method: .card, details: details)
  }

  private func beforeSubmitEvent(_ sequence: Int, _ time: Date) -> CallbackEvent {
    event(sequence, time, .onBeforeSubmit, [EventDetail("returned", .bool(true))])
  }

  private func submitEvent(
    _ sequence: Int, _ time: Date, scheme: String = "Visa", last4: String = "4242"
  ) -> CallbackEvent {
    event(
      sequence, time, .onSubmit,
      [
        EventDetail("scheme", .string(scheme)), EventDetail("last4", .string(last4)),
        EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
      ])
  }

  /// The gateway declines the submission in flight: onError with the code and message, the failure screen.
  /// A definite decline closes the payment and fails the attempt in flight; one whose outcome nobody knows
  /// (a timeout) keeps the payment open and ends the attempt unknown. The attempt ended is the one the
  /// store's state holds, with its callbacks from its first on.
  private func declineExhaustively(
    _ store: CheckoutTestStore, with declined: SdkError, at time: Date = at(3),
    keepingThePaymentOpen: Bool = false, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let attempt = store.state.attempt else {
      return XCTFail("no attempt in flight to decline", file: file, line: line)
    }
    let sequence = store.state.events.count + 1
    let onError = event(
      sequence, time, .onError,
      [
        EventDetail("errorCode", .string(declined.errorCode)),
        EventDetail("errorMessage", .string(declined.errorMessage)),
      ])
    let ending: Attempt.Ending = keepingThePaymentOpen ? .unknown(declined) : .failed(declined)
    let ended = attempt.ended(
      ending, at: time, events: Array(store.state.events[attempt.firstEvent...]) + [onError])
    store.answer(
      .gateway(.declined(declined)), at: time, effects: [.attempt(ended)], file: file, line: line
    ) {
      $0.screen = .result(.failure(method: .card, error: declined, amount: attempt.amount))
      if !keepingThePaymentOpen { $0.openPayment = nil }
      $0.events.append(onError)
      $0.attempt = nil
      $0.attemptEventsStart = sequence
    }
  }

  /// Fills a card, submits it (request #1) and lets the merchant allow it: the store ends in
  /// `.processing(.card)`, the first payment sent to the gateway (request #2).
  private func submitAllowed(
    _ store: CheckoutTestStore, number: String = "4242424242424242", scheme: String = "Visa",
    file: StaticString = #filePath, line: UInt = #line
  ) {
    fillCard(store, number: number, file: file, line: line)
    store.send(
      .submitCard, at: at(1), effects: [.askBeforeSubmit(RequestID(1), .card)], file: file, line: line
    ) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    let sequence = store.state.events.count
    let events = [
      beforeSubmitEvent(sequence + 1, at(2)),
      submitEvent(sequence + 2, at(2), scheme: scheme, last4: String(number.suffix(4))),
    ]
    let attempt = cardAttempt(
      scheme: scheme, last4: String(number.suffix(4)), startedAt: at(2), firstEvent: sequence)
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(2),
      effects: [.attempt(attempt.telling(events)), .authorise(RequestID(2), request(number: number))],
      file: file, line: line
    ) {
      $0.requests.issued(RequestID(2), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 1
      $0.payments = 1
      $0.openPayment = self.openPayment(1)
      $0.screen = .processing(Submission(request(number: number), since: at(2)))
      $0.events += events
      $0.attempt = attempt
      $0.attemptNumber = 1
    }
  }

  // MARK: - Method list

  func testInitialState() {
    let state = CheckoutState(scenario: .acmeElectronics)
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.cardForm, CardForm())
    XCTAssertNil(state.notice)
    XCTAssertFalse(state.isAwaitingMerchant)
    XCTAssertEqual(state.events, [])
    XCTAssertEqual(state.attempts, 0)
    XCTAssertEqual(state.methods, [.card, .paypal, .applePay])
    XCTAssertEqual(state.total, usd4999)
  }

  func testSelectCardOpensTheForm() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
  }

  func testSelectPayPalAsksTheMerchantFirst() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.paypal), effects: [.askBeforeSubmit(RequestID(1), .paypal)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.paypal))
      $0.awaitingMerchant = .paypal
    }
    XCTAssertEqual(store.state.events, [])
  }

  func testApplePayWithoutAnApplePaySectionIsUnavailableWithoutEvents() {
    var scenario = Scenario.acmeElectronics
    scenario.applePay = nil
    var state = CheckoutState(scenario: scenario)
    XCTAssertEqual(
      CheckoutReducer.reduce(&state, .selectMethod(.applePay), context: ReduceContext(now: at(0))), [])
    XCTAssertEqual(state.screen, .methodUnavailable(.applePay))
    XCTAssertEqual(state.events, [])
  }

  func testSelectingAMethodTheSessionDoesNotOfferIsIgnored() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.paze))
  }

  func testSelectingAMethodOutsideTheListIsIgnored() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
    store.send(.selectMethod(.paypal))
  }

  func testTypingInTheMethodListIsIgnored() {
    let store = CheckoutTestStore()
    store.send(.type("4242", into: .number))
    store.send(.deleteBackward(in: .number))
    store.send(.leaveField(.number))
    store.send(.submitCard)
  }

  // MARK: - Card form

  func testTypingFiltersAndDeleting() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
    store.send(.type("4242x4242", into: .number)) { $0.cardForm.number = "42424242" }
    store.send(.deleteBackward(in: .number)) { $0.cardForm.number = "4242424" }
    store.send(.type("12/345", into: .expiry)) { $0.cardForm.expiry = "1234" }
    XCTAssertEqual(store.state.cardForm.displayValue(of: .expiry), "12/34")
  }

  func testLeaveFieldOnAnEmptyFieldShowsNoError() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
    for field in CardField.allCases {
      store.send(.leaveField(field))
    }
  }

  func testLeaveFieldShowsThatFieldsErrorOnly() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
    store.send(.type("4242", into: .number)) { $0.cardForm.number = "4242" }
    store.send(.leaveField(.number)) { $0.cardForm.errors = [.number: "Card number is incomplete"] }
    store.send(.type("424242424242", into: .number)) {
      $0.cardForm.number = "4242424242424242"
      $0.cardForm.errors = [:]
    }
    store.send(.leaveField(.number))
    store.send(.type("0226", into: .expiry)) { $0.cardForm.expiry = "0226" }
    store.send(.leaveField(.expiry)) { $0.cardForm.errors = [.expiry: "This card expired in 02/26"] }
  }

  func testExpiryIsCheckedAgainstTheContextsMonthInUTC() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
    store.send(.type("0226", into: .expiry)) { $0.cardForm.expiry = "0226" }
    // 2026-02-28 23:30 UTC: still February, the card is valid.
    store.send(.leaveField(.expiry), at: Date(timeIntervalSince1970: 1_772_321_400))
    // 2026-03-01 00:30 UTC: March, the card has expired.
    store.send(.leaveField(.expiry), at: Date(timeIntervalSince1970: 1_772_325_000)) {
      $0.cardForm.errors = [.expiry: "This card expired in 02/26"]
    }
  }

  func testSubmittingAnEmptyFormShowsEveryErrorAndDoesNothingElse() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
    store.send(.submitCard) {
      $0.cardForm.errors = [
        .number: "Enter a card number", .expiry: "Enter an expiry date",
        .securityCode: "Enter the security code", .holderName: "Enter the cardholder name",
      ]
    }
    XCTAssertEqual(store.state.events, [])
  }

  func testSubmittingAnInvalidCardShowsItsErrors() {
    let store = CheckoutTestStore()
    fillCard(store, number: "4242424242424241", expiry: "0226", securityCode: "12")
    store.send(.submitCard) {
      $0.cardForm.errors = [
        .number: "Card number is invalid", .expiry: "This card expired in 02/26",
        .securityCode: "Security code must be 3 digits",
      ]
    }
    store.send(.type("3", into: .securityCode)) {
      $0.cardForm.securityCode = "123"
      $0.cardForm.errors[.securityCode] = nil
    }
  }

  func testSchemeTheSessionDoesNotAcceptIsNamed() {
    let store = CheckoutTestStore()
    fillCard(store, number: "6011111111111117")
    store.send(.submitCard) {
      $0.cardForm.errors = [.number: "Discover cards are not accepted for this payment"]
    }
    XCTAssertEqual(store.state.events, [])
  }

  func testAmexNeedsAFourDigitSecurityCode() {
    let store = CheckoutTestStore()
    fillCard(store, number: "378282246310005", securityCode: "123")
    store.send(.submitCard) {
      $0.cardForm.errors = [.securityCode: "Security code must be 4 digits for American Express"]
    }
  }

  func testValidSubmitAsksTheMerchantFirst() {
    let store = CheckoutTestStore()
    fillCard(store)
    store.send(.submitCard, effects: [.askBeforeSubmit(RequestID(1), .card)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    XCTAssertEqual(store.state.events, [], "onBeforeSubmit is recorded when the merchant answers")
  }

  func testWhileAwaitingTheMerchantTheFormIsFrozen() {
    let store = CheckoutTestStore()
    fillCard(store)
    store.send(.submitCard, effects: [.askBeforeSubmit(RequestID(1), .card)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    store.send(.type("9", into: .securityCode))
    store.send(.deleteBackward(in: .number))
    store.send(.leaveField(.number))
    store.send(.submitCard)
    store.send(.backToMethods)
    // A gateway answer before any gateway request (under the id the gateway's would get) is dropped.
    store.assertDrops(.gateway(.approved(systemTransactionId: "too-early")), for: RequestID(2))
    XCTAssertEqual(store.state.awaitingMerchant, .card, "still waiting for the merchant")
  }

  // MARK: - onBeforeSubmit

  func testAllowedVerdictFiresBeforeSubmitThenSubmitAndAuthorises() {
    let store = CheckoutTestStore()
    fillCard(store)
    store.send(.submitCard, at: at(1), effects: [.askBeforeSubmit(RequestID(1), .card)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    let expectedRequest = AuthorisationRequest(
      method: .card,
      card: CardDetails(
        number: CardNumber(digits: "4242424242424242"), expiryMonth: 12, expiryYear: 2034,
        securityCode: "123",
        holderName: "Jane Doe"),
      amount: Money(minorUnits: 4999, currency: .usd), intent: "Authorisation",
      merchantTransactionId: "0ce72cfd-014d-4256-a006-a56601b2ffc4",
      sessionId: "c5f0799b-0839-43ce-abc5-5b462a98f250",
      idempotencyKey: "0ce72cfd-014d-4256-a006-a56601b2ffc4-1")
    let expectedEvents = [
      CallbackEvent(
        sequence: 1, time: at(2), name: .onBeforeSubmit, method: .card,
        details: [EventDetail("returned", .bool(true))]),
      CallbackEvent(
        sequence: 2, time: at(2), name: .onSubmit, method: .card,
        details: [
          EventDetail("scheme", .string("Visa")), EventDetail("last4", .string("4242")),
          EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
        ]),
    ]
    // onSubmit begins the attempt: attempt 1, paying with the form's Visa, its callbacks from onBeforeSubmit.
    let expectedAttempt = Attempt(
      number: 1, scenario: "acme-electronics", merchantTransactionId: "0ce72cfd-014d-4256-a006-a56601b2ffc4",
      sessionId: "c5f0799b-0839-43ce-abc5-5b462a98f250", method: .card, paidWith: "Visa ••••4242",
      amount: Money(minorUnits: 4999, currency: .usd),
      startedAt: at(2), firstEvent: 0)
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(2),
      effects: [.attempt(expectedAttempt.telling(expectedEvents)), .authorise(RequestID(2), expectedRequest)]
    ) {
      $0.requests.issued(RequestID(2), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 1
      $0.payments = 1
      $0.openPayment = OpenPayment(
        idempotencyKey: "0ce72cfd-014d-4256-a006-a56601b2ffc4-1", method: .card,
        amount: Money(minorUnits: 4999, currency: .usd))
      $0.screen = .processing(Submission(expectedRequest, since: at(2)))
      $0.events = EventLog(expectedEvents)
      $0.attempt = expectedAttempt
      $0.attemptNumber = 1
    }
    XCTAssertEqual(store.state.events.map(\.name), [.onBeforeSubmit, .onSubmit])
    XCTAssertEqual(store.state.events.first?["returned"], .bool(true))
    XCTAssertEqual(store.state.events.last?["last4"], .string("4242"))
  }

  func testRefusedVerdictShowsTheMerchantsMessageAndStops() {
    let store = CheckoutTestStore()
    fillCard(store)
    store.send(.submitCard, at: at(1), effects: [.askBeforeSubmit(RequestID(1), .card)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: false, message: "Please accept terms and conditions")),
      at: at(2)
    ) {
      $0.awaitingMerchant = nil
      $0.notice = "Please accept terms and conditions"
      $0.events = [
        CallbackEvent(
          sequence: 1, time: at(2), name: .onBeforeSubmit, method: .card,
          details: [
            EventDetail("returned", .bool(false)),
            EventDetail("message", .string("Please accept terms and conditions")),
          ])
      ]
    }
    XCTAssertEqual(store.state.screen, .cardForm)
    XCTAssertEqual(store.state.attempts, 0)

    // The shopper fixes things and submits again: the notice goes, the merchant is asked again.
    store.send(.submitCard, at: at(3), effects: [.askBeforeSubmit(RequestID(2), .card)]) {
      $0.requests.issued(RequestID(2), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
      $0.notice = nil
    }
    // The refused onBeforeSubmit started no attempt: the attempt's callbacks begin with the allowed one.
    let attempt = cardAttempt(startedAt: at(4), firstEvent: 1)
    let events = [beforeSubmitEvent(2, at(4)), submitEvent(3, at(4))]
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(4),
      effects: [.attempt(attempt.telling(events)), .authorise(RequestID(3), request())]
    ) {
      $0.requests.issued(RequestID(3), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 1
      $0.payments = 1
      $0.openPayment = self.openPayment(1)
      $0.screen = .processing(Submission(request(), since: at(4)))
      $0.events += events
      $0.attempt = attempt
      $0.attemptNumber = 1
    }
  }

  func testRefusedVerdictWithoutAMessageHasADefaultNotice() {
    let store = CheckoutTestStore()
    fillCard(store)
    store.send(.submitCard, effects: [.askBeforeSubmit(RequestID(1), .card)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    store.answer(.beforeSubmit(BeforeSubmitVerdict(allowed: false))) {
      $0.awaitingMerchant = nil
      $0.notice = "The merchant did not allow this payment to be submitted."
      $0.events = [self.event(1, fixedNow, .onBeforeSubmit, [EventDetail("returned", .bool(false))])]
    }
  }

  func testRefusedNoticeIsClearedWhenLeavingTheForm() {
    let store = CheckoutTestStore()
    fillCard(store)
    store.send(.submitCard, effects: [.askBeforeSubmit(RequestID(1), .card)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    store.answer(.beforeSubmit(BeforeSubmitVerdict(allowed: false, message: "No"))) {
      $0.awaitingMerchant = nil
      $0.notice = "No"
      $0.events = [
        self.event(
          1, fixedNow, .onBeforeSubmit,
          [EventDetail("returned", .bool(false)), EventDetail("message", .string("No"))])
      ]
    }
    store.send(.backToMethods) {
      $0.screen = .methodList
      $0.cardForm = CardForm()
      $0.notice = nil
    }
  }

  func testAVerdictNobodyAskedForIsDropped() {
    let store = CheckoutTestStore()
    store.assertDrops(.beforeSubmit(BeforeSubmitVerdict(allowed: true)), for: RequestID(1))
    fillCard(store)
    store.assertDrops(.beforeSubmit(BeforeSubmitVerdict(allowed: true)), for: RequestID(1))
    XCTAssertEqual(store.state.screen, .cardForm, "nothing was submitted")
  }

  // MARK: - Gateway answers

  func testApprovedFiresOnSuccessWithBothIdentifiers() {
    let store = CheckoutTestStore()
    submitAllowed(store)
    let onSuccess = event(
      3, at(3), .onSuccess,
      [
        EventDetail("systemTransactionId", .string("sys-42")),
        EventDetail("merchantTransactionId", .string(transactionId)),
        EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
      ])
    let succeeded = cardAttempt(startedAt: at(2), firstEvent: 0).ended(
      .succeeded(DropInSubmitResult(systemTransactionId: "sys-42", merchantTransactionId: transactionId)),
      at: at(3), events: [beforeSubmitEvent(1, at(2)), submitEvent(2, at(2)), onSuccess])
    store.answer(
      .gateway(.approved(systemTransactionId: "sys-42")), at: at(3), effects: [.attempt(succeeded)]
    ) {
      $0.screen = .result(.success(self.receipt("sys-42")))
      $0.openPayment = nil
      $0.events.append(onSuccess)
      $0.attempt = nil
      $0.attemptEventsStart = 3
    }
    XCTAssertEqual(store.state.events.map(\.name), [.onBeforeSubmit, .onSubmit, .onSuccess])
    XCTAssertEqual(store.state.events.map(\.sequence), [1, 2, 3])
  }

  func testDeclinedFiresOnErrorWithCodeAndMessage() {
    let store = CheckoutTestStore()
    submitAllowed(store, number: "4000000000000002")
    let declined = SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")
    declineExhaustively(store, with: declined)
    XCTAssertEqual(store.state.events.map(\.name), [.onBeforeSubmit, .onSubmit, .onError])
    guard case .result(.failure(_, let error, _)) = store.state.screen else {
      return XCTFail("not a failure")
    }
    XCTAssertEqual(error.shopperMessage, "Your card was declined. Please try another payment method.")
  }

  func testTryAgainReturnsToTheFormWithWhatWasTyped() {
    let store = CheckoutTestStore()
    submitAllowed(store, number: "4000000000009995")
    let declined = SdkError(errorCode: "INSUFFICIENT_FUNDS", errorMessage: "The card has insufficient funds.")
    declineExhaustively(store, with: declined)
    store.send(.tryAgain) { $0.screen = .cardForm }
    XCTAssertEqual(store.state.cardForm.number, "4000000000009995")
    XCTAssertEqual(store.state.cardForm.expiry, "1234")
    XCTAssertEqual(store.state.cardForm.securityCode, "123")
    XCTAssertEqual(store.state.cardForm.holderName, "Jane Doe")

    // A second attempt has a new idempotency key and continues the event sequence.
    store.send(.deleteBackward(in: .number)) { $0.cardForm.number = "400000000000999" }
    store.send(.type("0", into: .number)) { $0.cardForm.number = "4000000000009990" }
    store.send(.submitCard) { $0.cardForm.errors = [.number: "Card number is invalid"] }
    store.send(.deleteBackward(in: .number)) {
      $0.cardForm.number = "400000000000999"
      $0.cardForm.errors = [:]
    }
    store.send(.type("5", into: .number)) { $0.cardForm.number = "4000000000009995" }
    store.send(.submitCard, at: at(4), effects: [.askBeforeSubmit(RequestID(3), .card)]) {
      $0.requests.issued(RequestID(3), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    // It is the run's second attempt; its callbacks begin after the first's.
    let second = cardAttempt(2, last4: "9995", startedAt: at(5), firstEvent: 3)
    let secondEvents = [beforeSubmitEvent(4, at(5)), submitEvent(5, at(5), last4: "9995")]
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(5),
      effects: [
        .attempt(second.telling(secondEvents)),
        .authorise(RequestID(4), request(number: "4000000000009995", payment: 2)),
      ]
    ) {
      $0.requests.issued(RequestID(4), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 2
      $0.payments = 2
      $0.openPayment = self.openPayment(2)
      $0.screen = .processing(Submission(request(number: "4000000000009995", payment: 2), since: at(5)))
      $0.events += secondEvents
      $0.attempt = second
      $0.attemptNumber = 2
    }
  }

  func testARetryAfterAGatewayTimeoutKeepsThePaymentsKeyAndOneAfterADeclineGetsANewOne() {
    let store = CheckoutTestStore()
    submitAllowed(store)
    // Nobody knows whether the gateway charged: the payment stays open.
    let timeout = SdkError(errorCode: "GATEWAY_TIMEOUT", errorMessage: "The gateway did not answer in time.")
    declineExhaustively(store, with: timeout, keepingThePaymentOpen: true)
    XCTAssertEqual(store.state.openPayment, openPayment(1))
    store.send(.tryAgain) { $0.screen = .cardForm }
    store.send(.submitCard, at: at(4), effects: [.askBeforeSubmit(RequestID(3), .card)]) {
      $0.requests.issued(RequestID(3), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    let second = cardAttempt(2, startedAt: at(5), firstEvent: 3)
    let secondEvents = [beforeSubmitEvent(4, at(5)), submitEvent(5, at(5))]
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(5),
      effects: [.attempt(second.telling(secondEvents)), .authorise(RequestID(4), request(payment: 1))]
    ) {
      $0.requests.issued(RequestID(4), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 2
      $0.screen = .processing(Submission(request(payment: 1), since: at(5)))
      $0.events += secondEvents
      $0.attempt = second
      $0.attemptNumber = 2
    }
    XCTAssertEqual(store.state.payments, 1, "the retry is the same payment, under the same key")

    // A definite decline closes the payment: the next attempt is a new payment with a new key.
    let declined = SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")
    declineExhaustively(store, with: declined, at: at(6))
    store.send(.tryAgain) { $0.screen = .cardForm }
    store.send(.submitCard, at: at(7), effects: [.askBeforeSubmit(RequestID(5), .card)]) {
      $0.requests.issued(RequestID(5), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    let third = cardAttempt(3, startedAt: at(8), firstEvent: 6)
    let thirdEvents = [beforeSubmitEvent(7, at(8)), submitEvent(8, at(8))]
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(8),
      effects: [.attempt(third.telling(thirdEvents)), .authorise(RequestID(6), request(payment: 2))]
    ) {
      $0.requests.issued(RequestID(6), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 3
      $0.payments = 2
      $0.openPayment = self.openPayment(2)
      $0.screen = .processing(Submission(request(payment: 2), since: at(8)))
      $0.events += thirdEvents
      $0.attempt = third
      $0.attemptNumber = 3
    }
    XCTAssertEqual(store.state.openPayment?.idempotencyKey, "\(transactionId)-2")
  }

  func testBackToMethodsAfterAFailureResetsTheForm() {
    let store = CheckoutTestStore()
    submitAllowed(store, number: "4000000000000002")
    let declined = SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")
    declineExhaustively(store, with: declined)
    store.send(.backToMethods) {
      $0.screen = .methodList
      $0.cardForm = CardForm()
    }
    XCTAssertEqual(store.state.events.count, 3, "events stay")
    XCTAssertEqual(store.state.attempts, 1)
  }

  func testBackToMethodsFromTheFormResetsIt() {
    let store = CheckoutTestStore()
    fillCard(store)
    store.send(.leaveField(.number))
    store.send(.backToMethods) {
      $0.screen = .methodList
      $0.cardForm = CardForm()
    }
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
    XCTAssertEqual(store.state.cardForm, CardForm())
  }

  func testBackToMethodsIsIgnoredWhileProcessing() {
    let store = CheckoutTestStore()
    submitAllowed(store)
    store.send(.backToMethods)
    store.send(.type("1", into: .number))
    store.send(.submitCard)
    store.send(.tryAgain)
    store.send(.startNewCheckout)
  }

  /// A card payment to the Paid screen, every step asserted.
  private func payByCard(_ store: CheckoutTestStore) {
    submitAllowed(store)
    let onSuccess = event(
      3, at(3), .onSuccess,
      [
        EventDetail("systemTransactionId", .string("sys-1")),
        EventDetail("merchantTransactionId", .string(transactionId)),
        EventDetail("amount", .string("49.99")), EventDetail("currency", .string("USD")),
      ])
    let succeeded = cardAttempt(startedAt: at(2), firstEvent: 0).ended(
      .succeeded(DropInSubmitResult(systemTransactionId: "sys-1", merchantTransactionId: transactionId)),
      at: at(3), events: [beforeSubmitEvent(1, at(2)), submitEvent(2, at(2)), onSuccess])
    store.answer(
      .gateway(.approved(systemTransactionId: "sys-1")), at: at(3), effects: [.attempt(succeeded)]
    ) {
      $0.screen = .result(.success(self.receipt("sys-1")))
      $0.openPayment = nil
      $0.events.append(onSuccess)
      $0.attempt = nil
      $0.attemptEventsStart = 3
    }
  }

  func testStartNewCheckoutKeepsEventsAndAttemptsInANewSession() {
    let store = CheckoutTestStore()
    payByCard(store)
    store.send(.tryAgain)
    var state = store.state
    let events = state.events
    let effects = CheckoutReducer.reduce(&state, .startNewCheckout, context: ReduceContext(now: at(4)))
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(state.cardForm, CardForm())
    XCTAssertEqual(Array(state.events.prefix(events.count)), Array(events), "the event log is kept")
    XCTAssertEqual(state.attempts, 1, "attempt numbers go on")
    XCTAssertEqual(state.sessionNumber, 2, "the spent session is not reused")
    XCTAssertEqual(state.sessionId, "c5f0799b-0839-43ce-abc5-5b462a98f250-2")
    XCTAssertEqual(
      state.events.last?.name, .methodStateChanged, "the new checkout is created: Apple Pay prepares")
    XCTAssertEqual(effects.map(\.requestID), [RequestID(3)], "request ids go on growing")
    XCTAssertEqual(state.payments, 1, "payment numbers go on")
  }

  /// A backend's session (`paydrill --session`): only the backend makes the next one, so the new checkout
  /// stays in the spent session, where the gateway refuses a second payment, and the notice says so.
  func testStartNewCheckoutInABackendsSessionStaysInTheSpentSession() {
    var scenario = Scenario.acmeElectronics
    scenario.sessionOrigin = .merchantBackend
    let store = CheckoutTestStore(scenario: scenario)
    payByCard(store)
    var state = store.state
    let events = state.events
    let effects = CheckoutReducer.reduce(&state, .startNewCheckout, context: ReduceContext(now: at(4)))
    XCTAssertEqual(state.screen, .methodList)
    XCTAssertEqual(Array(state.events.prefix(events.count)), Array(events), "the event log is kept")
    XCTAssertEqual(state.sessionNumber, 1, "no session is made up")
    XCTAssertEqual(state.sessionId, scenario.session.sessionId)
    XCTAssertEqual(
      state.notice,
      "Session \(scenario.session.sessionId) is spent (its payment succeeded): a payment in it is refused "
        + "(SESSION_SPENT). Your backend creates the next session.")
    XCTAssertEqual(effects.map(\.requestID), [RequestID(3)], "the checkout is created again")
    XCTAssertEqual(state.attempts, 1)
    XCTAssertEqual(state.payments, 1)
  }

  func testStartNewCheckoutAfterAFailureIsIgnored() {
    let store = CheckoutTestStore()
    submitAllowed(store, number: "4000000000000002")
    let declined = SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")
    declineExhaustively(store, with: declined)
    store.send(.startNewCheckout)
    // The gateway's answer (#2) comes again, now as an approval: it is dropped.
    store.assertDrops(.gateway(.approved(systemTransactionId: "late")), for: RequestID(2))
    XCTAssertEqual(
      store.state.screen,
      .result(.failure(method: .card, error: declined, amount: store.state.scenario.total)))
  }

  func testGatewayAnswerWhenNotProcessingIsDropped() {
    let store = CheckoutTestStore()
    store.assertDrops(.gateway(.approved(systemTransactionId: "x")), for: RequestID(1))
    store.send(.selectMethod(.card)) { $0.screen = .cardForm }
    store.assertDrops(
      .gateway(.declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))),
      for: RequestID(1))
    store.send(.tryAgain)
    store.send(.startNewCheckout)
  }

  func testAmexSubmitNamesTheSchemeAsTheSessionDoes() {
    let store = CheckoutTestStore()
    fillCard(store, number: "378282246310005", securityCode: "1234")
    store.send(.submitCard, effects: [.askBeforeSubmit(RequestID(1), .card)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    let events = [
      beforeSubmitEvent(1, fixedNow), submitEvent(2, fixedNow, scheme: "AmericanExpress", last4: "0005"),
    ]
    let attempt = cardAttempt(scheme: "AmericanExpress", last4: "0005", startedAt: fixedNow, firstEvent: 0)
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)),
      effects: [
        .attempt(attempt.telling(events)),
        .authorise(RequestID(2), request(number: "378282246310005", securityCode: "1234")),
      ]
    ) {
      $0.requests.issued(RequestID(2), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 1
      $0.payments = 1
      $0.openPayment = self.openPayment(1)
      $0.screen = .processing(
        Submission(request(number: "378282246310005", securityCode: "1234"), since: fixedNow))
      $0.events = EventLog(events)
      $0.attempt = attempt
      $0.attemptNumber = 1
    }
  }

  func testAmountsInYenHaveNoDecimals() {
    var session = Scenario.acmeElectronics.session
    session.allowedFundingTypes = AllowedFundingTypes(cardSchemes: ["Visa", "JCB"])
    let scenario = Scenario(
      name: "tokyo", merchantName: "Shibuya Records", currency: .jpy, cardIntent: "Purchase",
      merchantTransactionId: "jp-1", merchantShopperId: "shopper-123",
      items: [LineItem(name: "LP", quantity: 1, unitPrice: Money(minorUnits: 1235, currency: .jpy))],
      session: session)
    let store = CheckoutTestStore(scenario: scenario)
    XCTAssertEqual(store.state.methods, [.card])
    fillCard(store)
    store.send(.submitCard, effects: [.askBeforeSubmit(RequestID(1), .card)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.card))
      $0.awaitingMerchant = .card
    }
    var expectedRequest = request()
    expectedRequest.amount = Money(minorUnits: 1235, currency: .jpy)
    expectedRequest.intent = "Purchase"
    expectedRequest.merchantTransactionId = "jp-1"
    expectedRequest.idempotencyKey = "jp-1-1"
    let events = [
      beforeSubmitEvent(1, fixedNow),
      event(
        2, fixedNow, .onSubmit,
        [
          EventDetail("scheme", .string("Visa")), EventDetail("last4", .string("4242")),
          EventDetail("amount", .string("1235")), EventDetail("currency", .string("JPY")),
        ]),
    ]
    // The attempt is filed under the scenario's name and transaction id, in its currency.
    let attempt = Attempt(
      number: 1, scenario: "tokyo", merchantTransactionId: "jp-1", sessionId: session.sessionId,
      method: .card,
      paidWith: "Visa ••••4242",
      amount: Money(minorUnits: 1235, currency: .jpy), startedAt: fixedNow, firstEvent: 0)
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)),
      effects: [.attempt(attempt.telling(events)), .authorise(RequestID(2), expectedRequest)]
    ) {
      $0.requests.issued(RequestID(2), .gateway(.card))
      $0.awaitingMerchant = nil
      $0.attempts = 1
      $0.payments = 1
      $0.openPayment = OpenPayment(
        idempotencyKey: "jp-1-1", method: .card, amount: Money(minorUnits: 1235, currency: .jpy))
      $0.screen = .processing(Submission(expectedRequest, since: fixedNow))
      $0.events = EventLog(events)
      $0.attempt = attempt
      $0.attemptNumber = 1
    }
  }

  // MARK: - Shopper messages (the seed's onError switch)

  func testShopperMessagesFollowTheSeedsOnErrorSwitch() {
    let expected: [String: String] = [
      "CARD_DECLINED": "Your card was declined. Please try another payment method.",
      "INSUFFICIENT_FUNDS": "Insufficient funds. Please use a different card.",
      "SDK1122": "Paze is unavailable. Please choose another payment method.",
      "SDK1123": "Paze payment failed. Please try again.",
      "SDK1124": "Paze is only available for e-commerce checkout.",
      "SDK0118": "Paze client ID is missing from the session.",
      "SDK1202A": "Paze merchant category code is missing from the session.",
      "SDK1203": "Paze merchant display configuration is too long.",
      "SDK1205": "Paze merchant display configuration is too long.",
      "SDK1209": "Invalid shopper details for Paze.",
      "SDK1212": "Invalid shopper details for Paze.",
      "SDK1213": "Paze only supports USD transactions.",
      "EXPIRED_CARD": "Payment failed. Please try again.",
      "PROCESSING_ERROR": "Payment failed. Please try again.",
      "": "Payment failed. Please try again.",
      "card_declined": "Payment failed. Please try again.",
    ]
    for (code, message) in expected {
      XCTAssertEqual(SdkError(errorCode: code, errorMessage: "whatever").shopperMessage, message, code)
    }
  }

  // MARK: - No full card number in any event

  func testNoEventEverContainsTheFullCardNumber() {
    let cards = [
      ("4242424242424242", AuthorisationOutcome.approved(systemTransactionId: "sys-1")),
      ("5555555555554444", .approved(systemTransactionId: "sys-2")),
      (
        "4000000000000002",
        .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))
      ),
      ("36227206271667", .approved(systemTransactionId: "sys-3")),
    ]
    for (number, outcome) in cards {
      var state = CheckoutState(scenario: .acmeElectronics)
      let actions: [CheckoutAction] = [
        .selectMethod(.card), .type(number, into: .number), .type("1234", into: .expiry),
        .type("123", into: .securityCode), .type("Jane Doe", into: .holderName), .submitCard,
        .answered(RequestID(1), .beforeSubmit(BeforeSubmitVerdict(allowed: true))),
        .answered(RequestID(2), .gateway(outcome)),
      ]
      for action in actions {
        _ = CheckoutReducer.reduce(&state, action, context: ReduceContext(now: fixedNow))
      }
      XCTAssertEqual(state.events.map(\.name).prefix(2), [.onBeforeSubmit, .onSubmit], number)
      XCTAssertEqual(state.events.count, 3, number)
      for event in state.events {
        let texts = [event.jsonLine(), String(describing: event), String(reflecting: event)]
        for text in texts {
          XCTAssertFalse(text.contains(number), "\(event.name) reveals the number: \(text)")
          XCTAssertFalse(text.contains(String(number.prefix(8))), "\(event.name) reveals a prefix: \(text)")
          XCTAssertFalse(text.contains("\"123\""), "\(event.name) reveals the security code: \(text)")
        }
      }
    }
  }
}
