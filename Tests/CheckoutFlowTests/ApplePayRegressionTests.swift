import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// Problems found in review, kept from coming back.
final class ApplePayRegressionTests: XCTestCase {
  private typealias Acme = AcmeApplePay

  /// The seed's `max(0, …)`: the reward and the discount show whole, and the total stops at zero (it is no
  /// longer the sum of the lines, and the sheet takes it).
  func testRewardsAndDiscountsNeverTakeTheTotalBelowZero() {
    var configuration = Acme.configuration
    configuration.paymentItems = [SummaryItem(label: "Sticker", amount: Money.usd(50))]
    configuration.totalPaymentItem = nil
    configuration.rules.networkRewards = [.visa: Money.usd(100)]
    let update = MerchantPricing(configuration: configuration).update(
      for: SheetSelections(
        shippingContact: Acme.contact(Acme.jane).redacted, shippingMethod: Acme.standard,
        card: Acme.card(Acme.visaDebit), couponCode: "SAVE10"))
    let items = update.paymentSummaryItems
    XCTAssertEqual(items.last?.amount, Money.usd(0))
    XCTAssertEqual(MerchantPricing.sum(Array(items.dropLast()), currency: .usd), Money.usd(-51))
    XCTAssertEqual(items.first { $0.label == "Visa Reward" }?.amount, Money.usd(-100), "whole")
    XCTAssertEqual(items.first { $0.label.hasPrefix("Discount") }?.amount, Money.usd(-5), "10 % of 0.50")
    XCTAssertNil(CheckoutReducer.totalProblem(of: items, from: "onPaymentMethodSelected"))
  }

  func testTaxOnTheLargestAmountDoesNotOverflow() {
    XCTAssertEqual(
      MerchantPricing.share(of: AmountParser.maximumMinorUnits * 9, basisPoints: 10_000),
      AmountParser.maximumMinorUnits * 9)
    XCTAssertEqual(MerchantPricing.share(of: 4999, basisPoints: 825), 412)
    XCTAssertEqual(MerchantPricing.share(of: 19_999, basisPoints: 2_500), 5000, "4999.75 rounds half up")
  }

  func testPOBoxMatchingNeedsTheWholeWords() {
    var configuration = Acme.configuration
    configuration.rules.refusePOBoxes = true
    let pricing = MerchantPricing(configuration: configuration)
    func refused(_ street: String) -> Bool {
      var contact = Acme.contact(Acme.jane)
      contact.postalAddress?.street = street
      return !pricing.authorisationErrors(contact).isEmpty
    }
    XCTAssertTrue(refused("PO Box 1234"))
    XCTAssertTrue(refused("P.O. Box 77"))
    XCTAssertTrue(refused("Post Office Box 9"))
    XCTAssertFalse(refused("12 Tempo Box Lane"))
    XCTAssertFalse(refused("1 Infinite Loop"))
  }

  func testARefusedPOBoxStillBlocksAfterTheCardChanges() {
    let driver = SheetDriver()
    driver.send(.selectMethod(.applePay))
    driver.send(.selectShippingContact(Acme.poBox))
    driver.send(.requestAuthorisation)
    driver.send(.authenticate(.recognised))
    XCTAssertEqual(driver.sheet?.errors.map(\.kind), [.shippingAddressInvalid])
    driver.send(.selectCard(Acme.visaCredit))
    XCTAssertEqual(driver.sheet?.errors.map(\.kind), [.shippingAddressInvalid])
    XCTAssertNotNil(driver.sheet?.authorisationBlocker(Acme.configuration))
    driver.send(.selectShippingContact(Acme.jane))
    XCTAssertEqual(driver.sheet?.errors, [])
    XCTAssertTrue(driver.authorisations.isEmpty)
  }

  /// Found by the fuzzer's gateway plugin: a plugin that answered an Apple Pay payment with a 3-D Secure
  /// challenge got onPostAuthorisation's failure, then a threeDSecure event and the challenge page after it.
  /// The payment fails there, with the gateway's processing error, and nothing follows but onError.
  func testAGatewayThatChallengesAnApplePayPaymentFailsItWithoutAChallengePage() {
    let driver = SheetDriver()
    driver.gateway = { request in
      .challengeRequired(ThreeDSecureChallenge(acsTransactionId: "acs-1", scheme: .visa, request: request))
    }
    driver.openSheet()
    let payment = driver.authorise()
    let names = payment.names.filter { $0 != .methodStateChanged }
    XCTAssertEqual(Array(names.suffix(2)), [.onPostAuthorisation, .onError])
    XCTAssertFalse(names.contains(.threeDSecure))
    let post = payment.events.first { $0.name == .onPostAuthorisation }
    XCTAssertEqual(post?["submitResultType"], .string("Exception"))
    XCTAssertEqual(post?["outcome"], .string("failed"))
    XCTAssertEqual(payment.events.last { $0.name == .onError }?["errorCode"], .string("PROCESSING_ERROR"))
    guard case .result(.failure(.applePay, let error, _)) = driver.state.screen else {
      return XCTFail("\(driver.state.screen)")
    }
    XCTAssertTrue(error.errorMessage.hasPrefix("unexpected 3-D Secure challenge"), error.errorMessage)
  }

  func testPaymentItemsThatOverflowAreRefusedWhenTheScenarioLoads() throws {
    var object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(PackageResources.acme_electronics_json)) as? [String: Any])
    var applePay = try XCTUnwrap(object["applePay"] as? [String: Any])
    applePay["paymentItems"] = Array(
      repeating: ["label": "Gold", "amount": "10000000000000.00"], count: 9_300)
    applePay["totalPaymentItem"] = nil
    object["applePay"] = applePay
    XCTAssertThrowsError(
      try JSONDecoder().decode(Scenario.self, from: JSONSerialization.data(withJSONObject: object))
    ) { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(context.codingPath.map(\.stringValue), ["applePay", "paymentItems"])
      XCTAssertTrue(context.debugDescription.contains("the most an amount can be"), context.debugDescription)
    }
  }
}

/// A phone number or email address the merchant cannot use is refused once it sees them, at
/// pre-authorisation, and blocks until the contact changes.
final class ApplePayContactValidationTests: XCTestCase {
  func testAnUnusablePhoneAndEmailAreRefusedAtPreAuthorisation() {
    let driver = SheetDriver()
    driver.send(.selectMethod(.applePay))
    driver.send(.selectShippingContact(AcmeApplePay.kimTypo))
    XCTAssertNil(
      driver.sheet?.authorisationBlocker(AcmeApplePay.configuration), "redacted, nothing to refuse yet")
    driver.send(.requestAuthorisation)
    driver.send(.authenticate(.recognised))
    XCTAssertEqual(driver.sheet?.errors.map(\.kind), [.contactInvalid, .contactInvalid])
    XCTAssertEqual(driver.sheet?.errors.map(\.field), [.phoneNumber, .emailAddress])
    XCTAssertEqual(driver.sheet?.phase, .reviewing)
    XCTAssertTrue(driver.authorisations.isEmpty)
    driver.send(.selectCard(AcmeApplePay.visaCredit))
    XCTAssertEqual(driver.sheet?.errors.count, 2, "still refused after a card change")
    driver.send(.selectShippingContact(AcmeApplePay.alex))
    XCTAssertEqual(driver.sheet?.errors, [])
  }
}
