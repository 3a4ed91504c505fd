import Foundation
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

// MARK: - Tests

final class ApplePaySheetTests: XCTestCase {
  private typealias Acme = AcmeApplePay

  private func strings(_ pairs: KeyValuePairs<String, String>) -> [EventDetail] {
    pairs.map { EventDetail($0.key, .string($0.value)) }
  }

  /// `onPaymentMethodSelected`'s payload for a Wallet card: the method, then `paymentPass` with the card's
  /// last four and the simulated device account's (the same four, reversed).
  private func methodDetails(_ displayName: String, _ network: String, _ type: String) -> [EventDetail] {
    let suffix = String(displayName.suffix(4))
    let device = String(suffix.reversed())
    return strings(["displayName": displayName, "network": network, "type": type])
      + strings([
        "paymentPass.primaryAccountIdentifier": "simulated-\(network)-\(suffix)",
        "paymentPass.primaryAccountNumberSuffix": suffix,
        "paymentPass.deviceAccountIdentifier": "simulated-device-\(network)-\(device)",
        "paymentPass.deviceAccountNumberSuffix": device,
      ])
  }

  private func event(_ sequence: Int, _ time: Date, _ name: CallbackName, _ details: [EventDetail])
    -> CallbackEvent
  {
    CallbackEvent(sequence: sequence, time: time, name: name, method: .applePay, details: details)
  }

  private func assertAllApplePay(
    _ events: some Collection<CallbackEvent>, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(events.map(\.method), events.map { _ in .applePay }, "methods", file: file, line: line)
  }

  /// Jane's contact as `onShippingContactSelected` receives it.
  private let janeRedacted = Contact(
    postalAddress: PostalAddress(
      street: "", city: "Cupertino", state: "CA", postalCode: "95014", country: "United States",
      isoCountryCode: "US"))

  private var janeRedactedDetails: [EventDetail] {
    strings([
      "contact.city": "Cupertino", "contact.state": "CA", "contact.postalCode": "95014",
      "contact.country": "United States", "contact.isoCountryCode": "US",
    ])
  }

  private var janeFullDetails: [EventDetail] {
    strings([
      "shippingContact.name": "Jane Appleseed", "shippingContact.street": "1 Infinite Loop",
      "shippingContact.city": "Cupertino", "shippingContact.state": "CA",
      "shippingContact.postalCode": "95014-2083", "shippingContact.country": "United States",
      "shippingContact.isoCountryCode": "US",
      "shippingContact.phoneNumber": "+1 408 555 0100", "shippingContact.emailAddress": "jane@example.com",
    ])
  }

  private var preAuthorisationDetails: [EventDetail] {
    [
      EventDetail("addressVerification.countryCode", .string("US")),
      EventDetail("addressVerification.postalCode", .string("95014")),
      EventDetail("identityVerification.nameVerification", .bool(true)),
      EventDetail("riskScreeningData.performRiskScreening", .bool(true)),
    ]
  }

  private func applePayRequest(
    number: String, cents: Int64, holder: String = "Jane Appleseed", attempt: Int = 1
  )
    -> AuthorisationRequest
  {
    var request = AuthorisationRequest(
      method: .applePay,
      card: CardDetails(
        number: CardNumber(digits: number), expiryMonth: 12, expiryYear: 2030, securityCode: "",
        holderName: holder),
      amount: .usd(cents), intent: "Authorisation", merchantTransactionId: Acme.transactionId,
      sessionId: Acme.scenario.session.sessionId, idempotencyKey: "\(Acme.transactionId)-\(attempt)")
    // The demo's onPreAuthorisation sends an AVS address with the payment.
    request.addressVerification = Acme.scenario.applePay?.rules.preAuthorisation?.addressVerification
    XCTAssertNotNil(request.addressVerification)
    return request
  }

  /// The Apple Pay attempt the engine begins at the sheet's `onSubmit`, as the state holds it while in flight
  /// (without its callbacks): the run's first, paying Jane's total with the Visa debit card, its callbacks
  /// from the first event (`onBeforeSubmit`) on.
  private func applePayAttempt(startedAt: Date = fixedNow) -> Attempt {
    Attempt(
      number: 1, scenario: Acme.scenario.name, merchantTransactionId: Acme.transactionId,
      sessionId: Scenario.acmeElectronics.session.sessionId, method: .applePay, paidWith: "Visa ••••5556",
      amount: .usd(5411), startedAt: startedAt, firstEvent: 0)
  }

  /// The sheet's `onSubmit` with Jane's total and the Visa debit card.
  private func submitEvent(_ sequence: Int, _ time: Date = fixedNow) -> CallbackEvent {
    event(
      sequence, time, .onSubmit,
      strings([
        "paymentMethod.displayName": "Visa ••••5556", "paymentMethod.network": "visa", "amount": "54.11",
        "currency": "USD",
      ]))
  }

  /// An opened sheet with Jane, standard shipping and the Visa debit card, every update applied.
  private func openedDriver(file: StaticString = #filePath, line: UInt = #line) -> SheetDriver {
    let driver = SheetDriver()
    driver.openSheet(file: file, line: line)
    XCTAssertEqual(driver.sheet?.summaryItems, Acme.janeSummary, file: file, line: line)
    XCTAssertNil(driver.sheet?.pendingUpdate, file: file, line: line)
    return driver
  }

  // MARK: - Fixture

  func testDemoWalletIsWhatTheseTestsAssume() {
    XCTAssertEqual(Acme.contact(Acme.jane).name, "Jane Appleseed")
    XCTAssertEqual(Acme.contact(Acme.alex).postalAddress?.state, "NY")
    XCTAssertEqual(Acme.contact(Acme.john).postalAddress?.isoCountryCode, "GB")
    XCTAssertEqual(Acme.contact(Acme.poBox).postalAddress?.street, "PO Box 1234")
    XCTAssertEqual(Acme.contact(Acme.iceland).postalAddress?.isoCountryCode, "IS")
    XCTAssertNil(Acme.contact(Acme.noPhone).phoneNumber)
    XCTAssertEqual(
      Acme.configuration.eligibleCards.map(\.displayName),
      [
        "Visa ••••5556", "Visa ••••4242", "Amex ••••0005", "Mastercard ••••4444", "Visa ••••0002",
        "Visa ••••3220",
      ])
    XCTAssertEqual(Acme.configuration.shippingMethods, [Acme.standard, Acme.express])
  }

  // MARK: - Timeline

  func testSelectingApplePayOnlyAsksBeforeSubmit() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.applePay), effects: [.askBeforeSubmit(RequestID(1), .applePay)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.applePay))
      $0.awaitingMerchant = .applePay
    }
    XCTAssertNil(store.state.applePaySheet)
    XCTAssertEqual(store.state.events, [])
  }

  func testRefusedBeforeSubmitKeepsTheSheetClosed() {
    let store = CheckoutTestStore()
    store.send(.selectMethod(.applePay), at: at(1), effects: [.askBeforeSubmit(RequestID(1), .applePay)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.applePay))
      $0.awaitingMerchant = .applePay
    }
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: false, message: "Please accept terms")), at: at(2)
    ) {
      $0.awaitingMerchant = nil
      $0.notice = "Please accept terms"
      $0.events = [
        self.event(
          1, at(2), .onBeforeSubmit,
          [EventDetail("returned", .bool(false)), EventDetail("message", .string("Please accept terms"))])
      ]
    }
    XCTAssertEqual(store.state.screen, .methodList)
    XCTAssertNil(store.state.applePaySheet)
  }

  func testOpeningAndApprovedPaymentExhaustively() {
    let store = CheckoutTestStore()
    let pricing = MerchantPricing(configuration: Acme.configuration)
    let jane = Acme.contact(Acme.jane)
    let visaDebit = Acme.card(Acme.visaDebit)
    let selections = SheetSelections(
      shippingContact: janeRedacted, shippingMethod: Acme.standard, card: visaDebit, couponCode: "",
      totalLabel: "Total")
    let limit = CheckoutReducer.updateTimeLimit

    store.send(.selectMethod(.applePay), at: at(1), effects: [.askBeforeSubmit(RequestID(1), .applePay)]) {
      $0.requests.issued(RequestID(1), .beforeSubmit(.applePay))
      $0.awaitingMerchant = .applePay
    }

    var opened = ApplePaySheet(
      summaryItems: [Acme.line("Wireless Headphones", 4999), Acme.total(4999)],
      shippingMethods: [Acme.standard, Acme.express], shippingMethod: Acme.standard, shippingContact: jane,
      card: visaDebit)
    opened.totalLabel = "Total"
    opened.pendingUpdate = .shippingContact
    opened.needsInitialCardUpdate = true
    store.answer(
      .beforeSubmit(BeforeSubmitVerdict(allowed: true)), at: at(2),
      effects: [
        .requestSheetUpdate(RequestID(2), .shippingContact, selections),
        .expectUpdate(RequestID(3), within: limit),
      ]
    ) {
      $0.requests.issued(RequestID(2), .sheetUpdate(.shippingContact))
      $0.requests.issued(RequestID(3), .updateTimeLimit(.shippingContact))
      $0.awaitingMerchant = nil
      $0.screen = .applePaySheet(opened)
      $0.events = [
        self.event(1, at(2), .onBeforeSubmit, [EventDetail("returned", .bool(true))]),
        self.event(2, at(2), .onShippingContactSelected, self.janeRedactedDetails),
      ]
    }

    // The contact's update arrives in time: its timer stops, and the card's update is asked for.
    store.answer(
      .sheetUpdate(pricing.update(for: selections)), at: at(3),
      effects: [
        .cancel(RequestID(3)), .requestSheetUpdate(RequestID(4), .paymentMethod, selections),
        .expectUpdate(RequestID(5), within: limit),
      ]
    ) {
      $0.requests.issued(RequestID(4), .sheetUpdate(.paymentMethod))
      $0.requests.issued(RequestID(5), .updateTimeLimit(.paymentMethod))
      $0.requests.cancelled(RequestID(3))
      $0.applePaySheet?.summaryItems = Acme.janeSummary
      $0.applePaySheet?.pendingUpdate = .paymentMethod
      $0.applePaySheet?.needsInitialCardUpdate = false
      // The merchant's reply shows as an event of its own, then the card's callback.
      $0.events += [
        self.event(
          3, at(3), .sheetUpdated, pricing.update(for: selections).eventDetails(for: .shippingContact)),
        self.event(
          4, at(3), .onPaymentMethodSelected,
          self.methodDetails("Visa ••••5556", "visa", "debit")),
      ]
    }

    // The card's update carries summary items only, as `PKPaymentRequestPaymentMethodUpdate` does.
    let cardUpdate = pricing.update(for: selections, answering: .paymentMethod)
    store.answer(.sheetUpdate(cardUpdate), at: at(4), effects: [.cancel(RequestID(5))]) {
      $0.requests.cancelled(RequestID(5))
      $0.applePaySheet?.pendingUpdate = nil
      $0.events.append(self.event(5, at(4), .sheetUpdated, cardUpdate.eventDetails(for: .paymentMethod)))
    }
    store.send(.requestAuthorisation, at: at(5)) { $0.applePaySheet?.phase = .authenticating(.biometric) }
    // onSubmit begins the attempt: the Wallet card pays the sheet's total.
    let attempt = applePayAttempt(startedAt: at(6))
    let submitted = Array(store.state.events) + [submitEvent(6, at(6))]
    store.send(
      .authenticate(.recognised), at: at(6),
      effects: [.attempt(attempt.telling(submitted)), .preAuthorise(RequestID(6), shippingContact: jane)]
    ) {
      $0.requests.issued(RequestID(6), .preAuthorisation)
      $0.applePaySheet?.phase = .processing
      $0.events = EventLog(submitted)
      $0.attempt = attempt
      $0.attemptNumber = 1
    }

    let request = applePayRequest(number: "4000056655665556", cents: 5411)
    store.answer(
      .preAuthorisation(pricing.preAuthorisationAnswer(shippingContact: jane)), at: at(7),
      effects: [.authorise(RequestID(7), request)]
    ) {
      $0.requests.issued(RequestID(7), .gateway(.applePay))
      $0.attempts = 1
      $0.payments = 1
      $0.openPayment = OpenPayment(
        idempotencyKey: request.idempotencyKey, method: .applePay, amount: request.amount)
      $0.applePaySheet?.authorisingSince = at(7)
      $0.events.append(self.event(7, at(7), .onPreAuthorisation, self.preAuthorisationDetails))
      // drop-in-implementation.md, Callback timeline, Apple Pay: "Session update with allowTransaction: true".
      $0.events.append(
        self.event(
          8, at(7), .sessionUpdate,
          [EventDetail("allowTransaction", .bool(true))]
            + self.strings(["amount": "54.11", "currency": "USD"])))
    }

    XCTAssertEqual(ScriptedGateway.testCardOutcome(request), .approved(systemTransactionId: "tx-1"))
    let concluded = [
      event(
        9, at(8), .onPostAuthorisation,
        // apple-pay-events.md, onPostAuthorisation: `result.timestamp`, and the example's `provider.code`.
        strings([
          "submitResultType": "Authorised", "transactionId": "tx-1", "provider.code": "tx-1",
          "timestamp": "2026-03-14T09:30:08.000Z",
        ]) + janeFullDetails
          + strings(["outcome": "completed"])),
      event(
        10, at(8), .onSuccess,
        strings([
          "systemTransactionId": "tx-1", "merchantTransactionId": Acme.transactionId, "amount": "54.11",
          "currency": "USD",
        ])),
    ]
    let result = DropInSubmitResult(systemTransactionId: "tx-1", merchantTransactionId: Acme.transactionId)
    // The attempt ends succeeded, with every callback from onBeforeSubmit on.
    let succeeded = attempt.ended(.succeeded(result), at: at(8), events: store.state.events + concluded)
    store.answer(
      .gateway(.approved(systemTransactionId: "tx-1")), at: at(8), effects: [.attempt(succeeded)]
    ) {
      $0.openPayment = nil
      $0.applePaySheet = nil
      $0.screen = .result(
        .success(Receipt(result: result, method: .applePay, paidWith: "Visa ••••5556", amount: .usd(5411))))
      $0.events += concluded
      $0.attempt = nil
      $0.attemptEventsStart = 10
    }
    XCTAssertEqual(store.state.paidAmount, .usd(5411), "the Paid screen shows what the sheet charged")
    XCTAssertEqual(store.state.paidMethodName, "Apple Pay")
  }

  func testDriverSeesTheSameTimeline() {
    let driver = SheetDriver()
    let opening = driver.openSheet()
    XCTAssertEqual(opening.effects, [.askBeforeSubmit(RequestID(1), .applePay)])
    XCTAssertEqual(
      opening.names,
      [
        .onBeforeSubmit, .onShippingContactSelected, .sheetUpdated, .onPaymentMethodSelected, .sheetUpdated,
      ])
    let payment = driver.authorise()
    XCTAssertEqual(
      payment.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess])
    assertAllApplePay(driver.state.events)
    XCTAssertEqual(driver.authorisations, [applePayRequest(number: "4000056655665556", cents: 5411)])
    XCTAssertEqual(driver.updates.count, 2)
  }

  func testDeclinedCardFiresPostAuthorisationDeclinedThenOnError() {
    let driver = openedDriver()
    let choose = driver.send(.selectCard(Acme.visaDeclining))
    XCTAssertEqual(choose.names, [.onPaymentMethodSelected, .sheetUpdated])
    XCTAssertEqual(
      choose.events.first?.details,
      methodDetails("Visa ••••0002", "visa", "credit"))
    XCTAssertEqual(driver.sheet?.summaryItems.last, Acme.total(5710))

    let payment = driver.authorise()
    XCTAssertEqual(
      payment.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onError])
    assertAllApplePay(payment.events)
    XCTAssertEqual(driver.authorisations, [applePayRequest(number: "4000000000000002", cents: 5710)])
    XCTAssertEqual(
      payment.events[3].details,
      strings([
        "submitResultType": "Declined", "errorReason": "The card was declined.",
        "timestamp": Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(payment.events[3].time),
      ]) + janeFullDetails
        + strings(["outcome": "failed"]))
    XCTAssertEqual(
      payment.events[4].details,
      strings(["errorCode": "CARD_DECLINED", "errorMessage": "The card was declined."])
        + [
          EventDetail("error.domain", .string(ApplePayError.sdkDomain)),
          EventDetail("error.code", .integer(2001)),
          EventDetail("error.localizedDescription", .string("The card was declined.")),
        ])
    let error = SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")
    // The failure screen says what was not charged: the sheet's total when the shopper authorised.
    XCTAssertEqual(
      driver.state.screen, .result(.failure(method: .applePay, error: error, amount: .usd(5710))))

    driver.send(.tryAgain)
    XCTAssertEqual(driver.state.screen, .methodList)
  }

  /// Drop-in, callback timeline: the 3-D Secure the merchant ran in `onPreAuthorisation` is told (its
  /// `threeDSecure` event) before the plugin's `onPostAuthorisation`, and once.
  func testCallbackTimeline_MerchantThreeDSecureComesBeforeOnPostAuthorisation() {
    let driver = openedDriver()
    driver.gateway = { _ in
      .approvedWithThreeDSecure(
        systemTransactionId: "tx-3ds", ThreeDSecureResult(transStatus: "Y", eci: "05"))
    }
    let payment = driver.authorise()
    XCTAssertEqual(
      payment.names,
      [.onSubmit, .onPreAuthorisation, .sessionUpdate, .threeDSecure, .onPostAuthorisation, .onSuccess])
    XCTAssertEqual(payment.events[3].details, strings(["transStatus": "Y", "eci": "05"]))
    XCTAssertEqual(payment.events[4]["submitResultType"], .string("Authorised"))
    XCTAssertEqual(payment.events[5]["systemTransactionId"], .string("tx-3ds"))
  }

  func testProcessingErrorIsAnException() {
    let driver = openedDriver()
    let failure = SdkError(
      errorCode: "PROCESSING_ERROR", errorMessage: "An error occurred while processing the card.")
    driver.gateway = { _ in .declined(failure) }
    let payment = driver.authorise()
    XCTAssertEqual(
      payment.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onError])
    XCTAssertEqual(payment.events[3]["submitResultType"], .string("Exception"))
    XCTAssertEqual(payment.events[3]["errorReason"], .string("An error occurred while processing the card."))
    XCTAssertEqual(payment.events[4]["errorCode"], .string("PROCESSING_ERROR"))
    XCTAssertEqual(payment.events[4].method, .applePay)
    XCTAssertEqual(
      driver.state.screen, .result(.failure(method: .applePay, error: failure, amount: .usd(5411))))
  }

  func testNewCheckoutAfterSuccessClosesTheSheetAndKeepsTheEvents() {
    let driver = openedDriver()
    driver.authorise()
    let events = driver.state.events
    driver.send(.startNewCheckout)
    XCTAssertEqual(driver.state.screen, .methodList)
    XCTAssertNil(driver.sheet)
    XCTAssertEqual(Array(driver.state.events.prefix(events.count)), Array(events))
    XCTAssertEqual(driver.state.attempts, 1)
  }

  // MARK: - Redaction

  func testPublicPostalCodes() {
    func code(_ postalCode: String, _ country: String) -> String {
      PostalAddress(
        street: "", city: "", state: "", postalCode: postalCode, country: "", isoCountryCode: country
      ).publicPostalCode
    }
    XCTAssertEqual(code("95014-2083", "US"), "95014")
    XCTAssertEqual(code("95014", "US"), "95014")
    XCTAssertEqual(code("NW1 6XE", "GB"), "NW1")
    XCTAssertEqual(code("EC1A 1BB", "gb"), "EC1A")
    XCTAssertEqual(code("K1A 0B1", "CA"), "K1A")
    XCTAssertEqual(code("101", "IS"), "101")
  }

  func testRedactedContactDropsNameStreetPhoneAndEmail() {
    let jane = Acme.contact(Acme.jane)
    XCTAssertEqual(jane.redacted, janeRedacted)
    XCTAssertEqual(jane.redacted.eventDetails(keys: .contact), janeRedactedDetails)
  }

  func testMerchantGetsOnlyTheRedactedContactUntilAuthorisation() {
    var scenario = Acme.scenario
    scenario.applePay?.wallet.contacts.append(
      Contact(
        name: "Chris Tremblay",
        postalAddress: PostalAddress(
          street: "80 Wellington Street", city: "Ottawa", state: "ON", postalCode: "K1A 0B1",
          country: "Canada",
          isoCountryCode: "CA"),
        phoneNumber: "+1 613 555 0100", emailAddress: "chris@example.ca"))
    let driver = SheetDriver(scenario: scenario)
    let opening = driver.openSheet()
    XCTAssertEqual(opening.events[1].details, janeRedactedDetails)

    let london = driver.send(.selectShippingContact(Acme.john))
    XCTAssertEqual(london.names, [.onShippingContactSelected, .sheetUpdated])
    XCTAssertEqual(
      london.events[0].details,
      strings([
        "contact.city": "London", "contact.state": "", "contact.postalCode": "NW1",
        "contact.country": "United Kingdom", "contact.isoCountryCode": "GB",
      ]))

    let chrisIndex = scenario.applePay!.wallet.contacts.count - 1
    let ottawa = driver.send(.selectShippingContact(chrisIndex))
    XCTAssertEqual(
      ottawa.events[0].details,
      strings([
        "contact.city": "Ottawa", "contact.state": "ON", "contact.postalCode": "K1A",
        "contact.country": "Canada", "contact.isoCountryCode": "CA",
      ]))
    XCTAssertEqual(
      driver.sheet?.summaryItems,
      [Acme.line("Wireless Headphones", 4999), Acme.line("Shipping (International)", 1999), Acme.total(6998)])

    let payment = driver.authorise()
    XCTAssertEqual(
      payment.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess])
    let chris = scenario.applePay!.wallet.contacts[chrisIndex]
    // #1 onBeforeSubmit, #2-#5 the opening updates and their timers, #6-#9 two contact changes.
    XCTAssertTrue(driver.effects.contains(.preAuthorise(RequestID(10), shippingContact: chris)))
    XCTAssertEqual(driver.authorisations.map(\.card?.holderName), ["Chris Tremblay"])
    XCTAssertEqual(
      Array(payment.events[3].details.dropFirst(4)),
      strings([
        "shippingContact.name": "Chris Tremblay", "shippingContact.street": "80 Wellington Street",
        "shippingContact.city": "Ottawa", "shippingContact.state": "ON",
        "shippingContact.postalCode": "K1A 0B1", "shippingContact.country": "Canada",
        "shippingContact.isoCountryCode": "CA", "shippingContact.phoneNumber": "+1 613 555 0100",
        "shippingContact.emailAddress": "chris@example.ca", "outcome": "completed",
      ]))

    // Every sheet update request carried a redacted contact, and only onPostAuthorisation the full one.
    for effect in driver.effects {
      guard case .requestSheetUpdate(_, _, let selections) = effect else { continue }
      let contact = selections.shippingContact
      XCTAssertNil(contact?.name)
      XCTAssertEqual(contact?.postalAddress?.street, "")
      XCTAssertNil(contact?.phoneNumber)
      XCTAssertNil(contact?.emailAddress)
    }
    let secrets = [
      "Jane", "Infinite Loop", "95014-2083", "John", "Baker", "NW1 6XE", "Chris", "Wellington", "K1A 0B1",
      "+1", "+44", "@",
    ]
    for event in driver.state.events where event.name != .onPostAuthorisation {
      for detail in event.details {
        XCTAssertFalse(
          ["name", "street", "phoneNumber", "emailAddress"].contains { detail.key.hasSuffix(".\($0)") },
          "\(event.name) has \(detail.key)")
        let value = detail.value.description
        XCTAssertFalse(secrets.contains { value.contains($0) }, "\(event.name) \(detail.key)=\(value)")
      }
    }
  }

  // MARK: - Updates

  func testShippingContactChangeToGreatBritain() throws {
    let driver = openedDriver()
    let step = driver.send(.selectShippingContact(Acme.john))
    XCTAssertEqual(step.names, [.onShippingContactSelected, .sheetUpdated])
    assertAllApplePay(step.events)
    let asked = SheetSelections(
      shippingContact: Acme.contact(Acme.john).redacted, shippingMethod: Acme.standard,
      card: Acme.card(Acme.visaDebit), couponCode: "", totalLabel: "Total")
    XCTAssertEqual(step.effects.first, .requestSheetUpdate(RequestID(6), .shippingContact, asked))
    let sheet = try XCTUnwrap(driver.sheet)
    XCTAssertEqual(sheet.shippingContact, Acme.contact(Acme.john))
    XCTAssertEqual(sheet.shippingMethods, [Acme.international])
    XCTAssertEqual(sheet.shippingMethod, Acme.international)
    XCTAssertEqual(
      sheet.summaryItems,
      [
        Acme.line("Wireless Headphones", 4999), Acme.line("Shipping (International)", 1999),
        Acme.line("Tax", 1000),
        Acme.total(7998),
      ])
    XCTAssertEqual(sheet.errors, [])
    XCTAssertNil(sheet.authorisationBlocker(driver.configuration))
  }

  func testShippingContactChangeToNewYorkTaxesSixPercent() {
    let driver = openedDriver()
    driver.send(.selectShippingContact(Acme.alex))
    XCTAssertEqual(driver.sheet?.shippingMethods, [Acme.standard, Acme.express])
    XCTAssertEqual(
      driver.sheet?.summaryItems,
      [
        Acme.line("Wireless Headphones", 4999), Acme.line("Shipping (Standard Shipping)", 0),
        Acme.line("Tax", 300),
        Acme.total(5299),
      ])
    // And back to California: 8.25 %.
    driver.send(.selectShippingContact(Acme.jane))
    XCTAssertEqual(driver.sheet?.summaryItems, Acme.janeSummary)
  }

  func testShippingMethodChange() {
    let driver = openedDriver()
    let step = driver.send(.selectShippingMethod("express"))
    XCTAssertEqual(step.names, [.onShippingMethodSelected, .sheetUpdated])
    XCTAssertEqual(
      step.events[0].details,
      strings([
        "identifier": "express", "label": "Express Shipping", "detail": "2-3 business days",
        "amount": "12.99",
      ]))
    XCTAssertEqual(driver.sheet?.shippingMethod, Acme.express)
    XCTAssertEqual(
      driver.sheet?.summaryItems,
      [
        Acme.line("Wireless Headphones", 4999), Acme.line("Shipping (Express Shipping)", 1299),
        Acme.line("Tax", 412),
        Acme.total(6710),
      ])
    // A method the sheet does not list is ignored.
    CheckoutTestStore(state: driver.state).send(.selectShippingMethod("overnight"))
    // A destination without express falls back to its first method.
    driver.send(.selectShippingContact(Acme.john))
    XCTAssertEqual(driver.sheet?.shippingMethod, Acme.international)
  }

  func testCouponSave10AddsTheDiscountLine() {
    let driver = openedDriver()
    let step = driver.send(.enterCouponCode(" save10 "))
    XCTAssertEqual(step.names, [.onCouponCodeChanged, .sheetUpdated])
    XCTAssertEqual(step.events[0].details, strings(["couponCode": "save10"]))
    XCTAssertEqual(driver.sheet?.couponCode, "save10")
    XCTAssertEqual(driver.sheet?.errors, [])
    XCTAssertEqual(
      driver.sheet?.summaryItems,
      [
        Acme.line("Wireless Headphones", 4999), Acme.line("Shipping (Standard Shipping)", 0),
        Acme.line("Tax", 412),
        Acme.line("Discount (save10)", -500), Acme.total(4911),
      ])
    // The discount survives other changes, and clearing the code removes it.
    driver.send(.selectShippingMethod("express"))
    XCTAssertEqual(driver.sheet?.summaryItems.last, Acme.total(6210))
    driver.send(.enterCouponCode(""))
    XCTAssertEqual(driver.sheet?.summaryItems.last, Acme.total(6710))
    XCTAssertFalse(driver.sheet!.summaryItems.contains { $0.label.hasPrefix("Discount") })
  }

  func testExpiredCouponShowsAnErrorAndStaysAuthorisable() {
    let driver = openedDriver()
    driver.send(.enterCouponCode("SAVE10"))
    driver.send(.enterCouponCode("SUMMER23"))
    XCTAssertEqual(
      driver.sheet?.errors, [SheetError(kind: .couponCodeInvalid, message: "This coupon code has expired")])
    XCTAssertEqual(driver.sheet?.summaryItems, Acme.janeSummary)
    XCTAssertNil(driver.sheet?.authorisationBlocker(driver.configuration))
    let payment = driver.authorise()
    XCTAssertEqual(
      payment.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess])
    XCTAssertEqual(driver.authorisations.map(\.amount), [.usd(5411)])
  }

  func testCouponBelowItsMinimumPurchase() {
    let driver = openedDriver()
    driver.send(.enterCouponCode("BIGSPENDER"))
    XCTAssertEqual(
      driver.sheet?.errors,
      [SheetError(kind: .couponCodeInvalid, message: "Minimum purchase of $100.00 required")])
    XCTAssertEqual(driver.sheet?.summaryItems, Acme.janeSummary)
    XCTAssertNil(driver.sheet?.authorisationBlocker(driver.configuration))
  }

  func testUnknownCouponCode() {
    let driver = openedDriver()
    driver.send(.enterCouponCode("FREESTUFF"))
    XCTAssertEqual(
      driver.sheet?.errors, [SheetError(kind: .couponCodeInvalid, message: "Invalid coupon code")])
    // A contact change keeps the coupon's error; a valid code replaces it.
    driver.send(.selectShippingContact(Acme.alex))
    XCTAssertEqual(driver.sheet?.errors.map(\.kind), [.couponCodeInvalid])
    driver.send(.enterCouponCode("SAVE10"))
    XCTAssertEqual(driver.sheet?.errors, [])
  }

  func testTheMerchantsUpdateFollowsItsCallbackAsAnEventOfItsOwn() {
    let driver = openedDriver()
    let step = driver.send(.enterCouponCode("save10"))
    XCTAssertEqual(step.names, [.onCouponCodeChanged, .sheetUpdated])
    XCTAssertEqual(step.events[1].method, .applePay)
    // The update object as PassKit applied it: its total, the items above it, the shipping methods.
    XCTAssertEqual(
      step.events[1].details,
      strings([
        "callback": "onCouponCodeChanged", "total": "49.11", "currency": "USD",
        "items":
          "Wireless Headphones 49.99; Shipping (Standard Shipping) 0.00; Tax 4.12; Discount (save10) -5.00",
        "shippingMethods": "standard 0.00; express 12.99",
      ]))
    // An update with errors lists them, with the kind PassKit gets.
    let expired = driver.send(.enterCouponCode("SUMMER23"))
    XCTAssertEqual(expired.events[1]["errors"], .string("couponCodeInvalid: This coupon code has expired"))
    XCTAssertEqual(expired.events[1]["total"], .string("54.11"))
  }

  func testCreditCardAddsTheFee() {
    let driver = openedDriver()
    let step = driver.send(.selectCard(Acme.visaCredit))
    XCTAssertEqual(step.names, [.onPaymentMethodSelected, .sheetUpdated])
    XCTAssertEqual(
      step.events[0].details, methodDetails("Visa ••••4242", "visa", "credit"))
    XCTAssertEqual(driver.sheet?.card, Acme.card(Acme.visaCredit))
    XCTAssertEqual(
      driver.sheet?.summaryItems,
      [
        Acme.line("Wireless Headphones", 4999), Acme.line("Shipping (Standard Shipping)", 0),
        Acme.line("Tax", 412),
        Acme.line("Credit Fee", 299), Acme.total(5710),
      ])
    // Prepaid pays no fee (the seed's example charges credit and debit cards only).
    driver.send(.selectCard(Acme.masterCardPrepaid))
    XCTAssertEqual(driver.sheet?.summaryItems, Acme.janeSummary)
  }

  func testAmexAddsTheFeeAndTheReward() {
    let driver = openedDriver()
    let step = driver.send(.selectCard(Acme.amexCredit))
    XCTAssertEqual(
      step.events[0].details, methodDetails("Amex ••••0005", "amex", "credit"))
    XCTAssertEqual(
      driver.sheet?.summaryItems,
      [
        Acme.line("Wireless Headphones", 4999), Acme.line("Shipping (Standard Shipping)", 0),
        Acme.line("Tax", 412),
        Acme.line("Credit Fee", 299), Acme.line("Amex Reward", -100), Acme.total(5610),
      ])
    let payment = driver.authorise()
    XCTAssertEqual(payment.events[0]["paymentMethod.displayName"], .string("Amex ••••0005"))
    XCTAssertEqual(payment.events[0]["amount"], .string("56.10"))
    XCTAssertEqual(driver.authorisations, [applePayRequest(number: "378282246310005", cents: 5610)])
  }

  func testTheDoneWhenWalkThrough() {
    let driver = openedDriver()
    driver.send(.selectShippingContact(Acme.alex))
    driver.send(.selectShippingMethod("express"))
    driver.send(.enterCouponCode("SAVE10"))
    driver.send(.enterCouponCode("SUMMER23"))
    XCTAssertEqual(driver.sheet?.errors.map(\.kind), [.couponCodeInvalid])
    driver.send(.selectCard(Acme.visaCredit))
    // 49.99 + 12.99 express + 3.00 tax (6 %) + 2.99 fee; the expired code takes nothing off.
    XCTAssertEqual(driver.sheet?.summaryItems.last, Acme.total(6897))
    driver.authorise()
    XCTAssertEqual(
      driver.state.events.map(\.name),
      [
        // Each sheet callback is followed by the merchant's update (7 in all).
        .onBeforeSubmit, .onShippingContactSelected, .sheetUpdated, .onPaymentMethodSelected, .sheetUpdated,
        .onShippingContactSelected, .sheetUpdated, .onShippingMethodSelected, .sheetUpdated,
        .onCouponCodeChanged, .sheetUpdated, .onCouponCodeChanged, .sheetUpdated, .onPaymentMethodSelected,
        .sheetUpdated, .onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess,
      ])
    assertAllApplePay(driver.state.events)
    XCTAssertEqual(driver.state.events.last?["amount"], .string("68.97"))
    XCTAssertEqual(driver.updates.count, 7)
  }

  // MARK: - Blocking

  /// Events, event data structures, contact object: `postalAddress.country` ("Country name") reaches the
  /// merchant with the ISO code, in `onShippingContactSelected` and, full, in `onPostAuthorisation`.
  func testContactObjectCarriesTheCountryName() {
    let driver = openedDriver()
    let london = driver.send(.selectShippingContact(Acme.john))
    XCTAssertEqual(london.events[0]["contact.country"], .string("United Kingdom"))
    XCTAssertEqual(london.events[0]["contact.isoCountryCode"], .string("GB"))
    let payment = driver.authorise()
    let post = payment.events.first { $0.name == .onPostAuthorisation }
    XCTAssertEqual(post?["shippingContact.country"], .string("United Kingdom"))
  }

  /// Events, update response objects: `PKPaymentRequestShippingMethodUpdate` and
  /// `PKPaymentRequestPaymentMethodUpdate` carry `paymentSummaryItems` only. An answer with shipping methods
  /// or errors is refused whole, with a message that names the update, and paying waits for one that fits.
  func testUpdateResponseObjectsMethodUpdatesCarrySummaryItemsOnly() {
    let driver = openedDriver()
    let items = [Acme.line("Wireless Headphones", 4999), Acme.total(4999)]
    for (pending, type) in [
      (ApplePaySheet.PendingUpdate.shippingMethod, "PKPaymentRequestShippingMethodUpdate"),
      (.paymentMethod, "PKPaymentRequestPaymentMethodUpdate"),
    ] {
      var sheet = driver.sheet!
      _ = sheet.take(
        SheetUpdate(
          errors: [SheetError(kind: .couponCodeInvalid, message: "Invalid coupon code")],
          shippingMethods: [Acme.international], paymentSummaryItems: items),
        for: pending)
      XCTAssertEqual(
        sheet.updateProblem,
        "Configuration error: \(pending.callbackName.rawValue) returned shippingMethods and errors, but \(type) "
          + "carries paymentSummaryItems only")
      XCTAssertEqual(sheet.shippingMethods, [Acme.standard, Acme.express], "nothing of it applies")
      XCTAssertEqual(sheet.summaryItems, Acme.janeSummary)
      XCTAssertEqual(sheet.errors, [])
      XCTAssertNotNil(sheet.authorisationBlocker(driver.configuration))
      _ = sheet.take(SheetUpdate(paymentSummaryItems: items), for: pending)
      XCTAssertNil(sheet.updateProblem, "an update that fits is taken")
      XCTAssertEqual(sheet.summaryItems, items)
    }
    // The coupon and contact updates carry shipping methods and errors.
    var sheet = driver.sheet!
    _ = sheet.take(
      SheetUpdate(errors: [], shippingMethods: [Acme.international], paymentSummaryItems: items),
      for: .couponCode)
    XCTAssertNil(sheet.updateProblem)
    XCTAssertEqual(sheet.shippingMethods, [Acme.international])
  }

  func testUnserviceableCountryBlocksAuthorisation() {
    let driver = openedDriver()
    let step = driver.send(.selectShippingContact(Acme.iceland))
    XCTAssertEqual(
      step.events[0].details,
      strings([
        "contact.city": "Reykjavík", "contact.state": "", "contact.postalCode": "101",
        "contact.country": "Iceland", "contact.isoCountryCode": "IS",
      ]))
    let message = "Unable to calculate shipping. Please try again."
    let unserviceable = SheetError(kind: .addressUnserviceable, message: message)
    XCTAssertEqual(driver.sheet?.errors, [unserviceable])
    XCTAssertEqual(driver.sheet?.shippingMethods, [])
    XCTAssertNil(driver.sheet?.shippingMethod)
    // The update has no items: the sheet keeps the ones it showed (PassKit's way), not items for Iceland.
    XCTAssertEqual(driver.sheet?.summaryItems, Acme.janeSummary)
    XCTAssertEqual(driver.sheet?.authorisationBlocker(driver.configuration), message)
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)
    // A card change's update carries items only: the address stays unserviceable.
    driver.send(.selectCard(Acme.visaCredit))
    XCTAssertEqual(driver.sheet?.errors, [unserviceable])
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)
    // Another contact clears it.
    driver.send(.selectShippingContact(Acme.jane))
    XCTAssertEqual(driver.sheet?.errors, [])
    XCTAssertNil(driver.sheet?.authorisationBlocker(driver.configuration))
  }

  func testContactWithoutTheRequiredPhoneBlocks() {
    let driver = openedDriver()
    driver.send(.selectShippingContact(Acme.noPhone))
    XCTAssertEqual(driver.sheet?.errors, [])
    XCTAssertEqual(driver.sheet?.missingContactFields(driver.configuration), [.phoneNumber])
    XCTAssertEqual(driver.sheet?.authorisationBlocker(driver.configuration), "Add Phone Number")
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)
    driver.send(.selectShippingContact(Acme.alex))
    XCTAssertNil(driver.sheet?.authorisationBlocker(driver.configuration))
  }

  func testPOBoxIsRefusedAtPreAuthorisation() {
    let driver = openedDriver()
    driver.send(.selectShippingContact(Acme.poBox))
    XCTAssertEqual(driver.sheet?.errors, [], "the merchant cannot see the street before authorisation")
    XCTAssertNil(driver.sheet?.authorisationBlocker(driver.configuration))
    let payment = driver.authorise()
    XCTAssertEqual(payment.names, [.onSubmit, .onPreAuthorisation])
    assertAllApplePay(payment.events)
    let refusal = "We cannot deliver to a PO box: give a street address"
    XCTAssertEqual(payment.events[1].details, strings(["refused": refusal]))
    XCTAssertTrue(
      driver.effects.contains(.preAuthorise(RequestID(8), shippingContact: Acme.contact(Acme.poBox))))
    XCTAssertEqual(driver.authorisations, [])
    XCTAssertEqual(driver.state.attempts, 0)
    XCTAssertTrue(driver.state.screen.isApplePaySheet)
    XCTAssertEqual(driver.sheet?.phase, .reviewing)
    XCTAssertEqual(
      driver.sheet?.errors,
      [SheetError(kind: .shippingAddressInvalid, field: .postalAddress, message: refusal)])
    XCTAssertEqual(driver.sheet?.authorisationBlocker(driver.configuration), refusal)
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)

    driver.send(.selectShippingContact(Acme.jane))
    XCTAssertEqual(driver.sheet?.errors, [])
    let retry = driver.authorise()
    XCTAssertEqual(
      retry.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess])
    XCTAssertEqual(driver.authorisations, [applePayRequest(number: "4000056655665556", cents: 5411)])
  }

  func testRowsAreLockedWhileAnUpdateIsPending() {
    let driver = openedDriver()
    driver.holding = [.sheetUpdate]
    let step = driver.send(.selectShippingContact(Acme.alex))
    XCTAssertEqual(step.names, [.onShippingContactSelected])
    XCTAssertEqual(driver.sheet?.pendingUpdate, .shippingContact)
    XCTAssertEqual(
      driver.sheet?.authorisationBlocker(driver.configuration), "Waiting for the merchant to update the sheet"
    )
    for action: CheckoutAction in [
      .selectShippingContact(Acme.john), .selectShippingMethod("express"), .selectCard(Acme.visaCredit),
      .enterCouponCode("SAVE10"), .requestAuthorisation, .authenticate(.recognised),
    ] {
      CheckoutTestStore(state: driver.state).send(action)
    }
    driver.holding = []
    driver.release()
    XCTAssertNil(driver.sheet?.pendingUpdate)
    XCTAssertEqual(driver.sheet?.summaryItems.dropLast().last, Acme.line("Tax", 300))
    // The contact's update (#6) again: nothing waits for it any more, and it is dropped.
    CheckoutTestStore(state: driver.state).assertDrops(
      .sheetUpdate(SheetUpdate(paymentSummaryItems: [Acme.total(1)])), for: RequestID(6))
    let unlocked = driver.send(.selectShippingMethod("express"))
    XCTAssertEqual(unlocked.names, [.onShippingMethodSelected, .sheetUpdated])
  }

  func testOpeningLocksTheRowsUntilBothOpeningUpdatesArrive() {
    let driver = SheetDriver()
    driver.holding = [.sheetUpdate]
    let opening = driver.openSheet()
    XCTAssertEqual(opening.names, [.onBeforeSubmit, .onShippingContactSelected])
    CheckoutTestStore(state: driver.state).send(.selectCard(Acme.visaCredit))
    let contact = driver.release()
    XCTAssertEqual(contact.names, [.sheetUpdated, .onPaymentMethodSelected])
    XCTAssertEqual(driver.sheet?.pendingUpdate, .paymentMethod)
    CheckoutTestStore(state: driver.state).send(.requestAuthorisation)
    driver.release()
    XCTAssertNil(driver.sheet?.pendingUpdate)
    XCTAssertEqual(driver.sheet?.summaryItems, Acme.janeSummary)
  }

  func testSelectingACardOutsideTheEligibleOnesIsIgnored() {
    let driver = openedDriver()
    CheckoutTestStore(state: driver.state).send(.selectCard(driver.configuration.eligibleCards.count))
    CheckoutTestStore(state: driver.state).send(.selectCard(-1))
    CheckoutTestStore(state: driver.state).send(
      .selectShippingContact(driver.configuration.wallet.contacts.count))
  }

  // MARK: - Authentication

  func testNotRecognisedThenTryAgainThenRecognised() {
    let driver = openedDriver()
    let events = driver.state.events
    driver.send(.requestAuthorisation)
    XCTAssertEqual(driver.sheet?.phase, .authenticating(.biometric))
    driver.send(.authenticate(.notRecognised))
    XCTAssertEqual(driver.sheet?.phase, .authenticating(.notRecognised))
    CheckoutTestStore(state: driver.state).send(.authenticate(.notRecognised))
    driver.send(.authenticate(.recognised))
    XCTAssertEqual(driver.sheet?.phase, .authenticating(.biometric), "try again shows the prompt again")
    XCTAssertEqual(driver.state.events, events)
    XCTAssertEqual(
      driver.effects.filter { if case .preAuthorise = $0 { return true } else { return false } }, [])
    let step = driver.send(.authenticate(.recognised))
    XCTAssertEqual(
      step.effects,
      [
        .attempt(applePayAttempt().telling(events + [submitEvent(6)])),
        .preAuthorise(RequestID(6), shippingContact: Acme.contact(Acme.jane)),
      ])
    XCTAssertEqual(
      step.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess])
  }

  func testPasscodeAfterNotRecognised() {
    let driver = openedDriver()
    driver.send(.requestAuthorisation)
    driver.send(.authenticate(.notRecognised))
    driver.send(.authenticate(.usePasscode))
    XCTAssertEqual(driver.sheet?.phase, .authenticating(.passcode))
    let step = driver.send(.authenticate(.passcode("1234")))
    XCTAssertEqual(
      step.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess])
  }

  func testPasscodeOfSixDigitsProceedsAndShortOrLetteredOnesAreRefused() {
    let driver = openedDriver()
    let events = driver.state.events
    driver.send(.requestAuthorisation)
    driver.send(.authenticate(.usePasscode))
    XCTAssertEqual(driver.sheet?.phase, .authenticating(.passcode))
    for refused: AuthenticationOutcome in [
      .passcode("12"), .passcode("1234567"), .passcode("12a4"), .passcode(""), .recognised, .usePasscode,
    ] {
      CheckoutTestStore(state: driver.state).send(.authenticate(refused))
    }
    XCTAssertEqual(driver.state.events, events)
    let step = driver.send(.authenticate(.passcode("123456")))
    XCTAssertEqual(
      step.effects,
      [
        .attempt(applePayAttempt().telling(events + [submitEvent(6)])),
        .preAuthorise(RequestID(6), shippingContact: Acme.contact(Acme.jane)),
      ])
    XCTAssertEqual(
      step.names, [.onSubmit, .onPreAuthorisation, .sessionUpdate, .onPostAuthorisation, .onSuccess])
    XCTAssertEqual(driver.authorisations.count, 1)
  }

  func testCancelledAuthenticationReturnsToReviewingWithoutEvents() {
    let driver = openedDriver()
    let events = driver.state.events
    driver.send(.requestAuthorisation)
    var state = driver.state
    let effects = CheckoutReducer.reduce(
      &state, .authenticate(.cancelled), context: ReduceContext(now: fixedNow))
    XCTAssertEqual(effects, [])
    var expected = driver.state
    expected.applePaySheet?.phase = .reviewing
    XCTAssertEqual(state, expected)

    driver.send(.authenticate(.cancelled))
    XCTAssertEqual(driver.sheet?.phase, .reviewing)
    driver.send(.requestAuthorisation)
    driver.send(.authenticate(.usePasscode))
    driver.send(.authenticate(.cancelled))
    XCTAssertEqual(driver.sheet?.phase, .reviewing)
    XCTAssertEqual(driver.state.events, events)
    XCTAssertEqual(driver.authorisations, [])
  }

  func testAuthenticationWithoutThePromptIsIgnored() {
    let driver = openedDriver()
    for outcome: AuthenticationOutcome in [
      .recognised, .notRecognised, .usePasscode, .passcode("1234"), .cancelled,
    ] {
      CheckoutTestStore(state: driver.state).send(.authenticate(outcome))
    }
  }

  // MARK: - Cancel

  func testCancelFiresOnCancelAndChargesNothing() {
    let driver = openedDriver()
    let events = driver.state.events
    let step = driver.send(.cancelSheet)
    XCTAssertEqual(step.effects, [])
    XCTAssertEqual(step.events.map(\.name), [.onCancel])
    XCTAssertEqual(step.events[0].method, .applePay)
    XCTAssertEqual(step.events[0].details, strings(["reason": "User cancelled", "outcome": "canceled"]))
    XCTAssertEqual(driver.state.events, events + step.events)
    XCTAssertEqual(driver.state.screen, .methodList)
    XCTAssertNil(driver.sheet)
    XCTAssertEqual(driver.authorisations, [])
    XCTAssertEqual(driver.state.attempts, 0)
    // The method list is usable again.
    let again = driver.send(.selectMethod(.applePay))
    XCTAssertEqual(again.effects, [.askBeforeSubmit(RequestID(6), .applePay)])
    XCTAssertTrue(driver.state.screen.isApplePaySheet)
  }

  func testCancelDuringAuthenticationFiresOnCancel() {
    let driver = openedDriver()
    driver.send(.requestAuthorisation)
    let step = driver.send(.cancelSheet)
    XCTAssertEqual(step.names, [.onCancel])
    XCTAssertNil(driver.sheet)
    XCTAssertEqual(driver.authorisations, [])
  }

  func testCancelWhileAnUpdateIsPendingDropsTheLateUpdate() {
    let driver = openedDriver()
    driver.holding = [.sheetUpdate]
    driver.send(.enterCouponCode("SAVE10"))
    let cancel = driver.send(.cancelSheet)
    XCTAssertEqual(cancel.names, [.onCancel])
    XCTAssertEqual(cancel.effects, [.cancel(RequestID(7))], "the coupon update's timer stops")
    let closed = driver.state
    let late = driver.release()
    XCTAssertEqual(late.names, [.answerDropped], "the coupon's update (#6) comes for a sheet that closed")
    XCTAssertEqual(late.events.first?["request"], .string("#6"))
    var expected = closed
    expected.events += late.events
    XCTAssertEqual(driver.state, expected, "nothing else changes")
    XCTAssertEqual(driver.state.screen, .methodList)
    XCTAssertNil(driver.sheet)
  }

  func testCancelDuringProcessingIsIgnored() {
    let driver = openedDriver()
    driver.holding = [.preAuthorise, .authorise]
    driver.authorise()
    XCTAssertEqual(driver.sheet?.phase, .processing)
    CheckoutTestStore(state: driver.state).send(.cancelSheet)
    CheckoutTestStore(state: driver.state).send(.backToMethods)
    CheckoutTestStore(state: driver.state).send(.selectShippingContact(Acme.alex))
    driver.release()
    XCTAssertEqual(driver.authorisations.count, 1)
    XCTAssertEqual(driver.sheet?.phase, .processing)
    CheckoutTestStore(state: driver.state).send(.cancelSheet)
    driver.release()
    XCTAssertEqual(driver.state.events.last?.name, .onSuccess)
    XCTAssertFalse(driver.state.events.contains { $0.name == .onCancel })
  }

  func testEscapeDoesNotLeaveTheOpenSheet() {
    let driver = openedDriver()
    CheckoutTestStore(state: driver.state).send(.backToMethods)
    CheckoutTestStore(state: driver.state).send(.selectMethod(.card))
  }

  // MARK: - After the sheet

  func testACardPaymentAfterADeclinedApplePayPaymentShowsTheCardsReceipt() {
    let driver = openedDriver()
    driver.send(.selectCard(Acme.visaDeclining))
    XCTAssertEqual(driver.sheet?.summaryItems.last, Acme.total(5710))
    XCTAssertEqual(driver.authorise().names.last, .onError)
    XCTAssertNil(driver.sheet, "the payment concluded: the sheet is gone")
    driver.send(.tryAgain)
    XCTAssertEqual(driver.state.screen, .methodList)

    driver.send(.selectMethod(.card))
    for (text, field) in [
      ("4242424242424242", CardField.number), ("1234", .expiry), ("123", .securityCode),
      ("Jane Doe", .holderName),
    ] {
      driver.send(.type(text, into: field))
    }
    let payment = driver.send(.submitCard)
    XCTAssertEqual(payment.names, [.onBeforeSubmit, .onSubmit, .onSuccess])
    XCTAssertEqual(driver.authorisations.map(\.method), [.applePay, .card])
    let result = DropInSubmitResult(systemTransactionId: "tx-1", merchantTransactionId: Acme.transactionId)
    XCTAssertEqual(
      driver.state.screen,
      .result(
        .success(Receipt(result: result, method: .card, paidWith: "Visa •••• 4242", amount: .usd(4999)))))
    XCTAssertNil(driver.state.applePaySheet)
    XCTAssertEqual(driver.state.paidAmount, .usd(4999), "the order's total the card paid, not the sheet's")
    XCTAssertEqual(driver.state.paidMethodName, "Card")
    XCTAssertEqual(driver.state.events.last?["amount"], .string("49.99"))
  }
}
