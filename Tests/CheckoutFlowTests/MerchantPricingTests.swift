import Foundation
import PayDrillApp
import PayDrillLoop
import XCTest

@testable import CheckoutEngine
@testable import CheckoutTestSupport

/// The scenario's merchant rules evaluated into the sheet's updates, without the reducer: every amount exact.
final class MerchantPricingTests: XCTestCase {
  private typealias Acme = AcmeApplePay

  private let pricing = MerchantPricing(configuration: AcmeApplePay.configuration)

  private func selections(
    contact: Int? = AcmeApplePay.jane, method: ShippingMethod? = AcmeApplePay.standard,
    card: Int? = AcmeApplePay.visaDebit, coupon: String = ""
  ) -> SheetSelections {
    SheetSelections(
      shippingContact: contact.map { Acme.contact($0).redacted }, shippingMethod: method,
      card: card.map { Acme.card($0) }, couponCode: coupon)
  }

  /// The demo's configuration with its goods and rules changed.
  private func configuration(_ change: (inout ApplePayConfiguration) -> Void) -> ApplePayConfiguration {
    var configuration = Acme.configuration
    change(&configuration)
    return configuration
  }

  // MARK: - Rounding

  func testShareRoundsHalfUpToWholeMinorUnits() {
    XCTAssertEqual(MerchantPricing.share(of: 4, basisPoints: 1000), 0)  // 0.4
    XCTAssertEqual(MerchantPricing.share(of: 5, basisPoints: 1000), 1)  // 0.5
    XCTAssertEqual(MerchantPricing.share(of: 14, basisPoints: 1000), 1)  // 1.4
    XCTAssertEqual(MerchantPricing.share(of: 15, basisPoints: 1000), 2)  // 1.5
    XCTAssertEqual(MerchantPricing.share(of: 25, basisPoints: 1000), 3)  // 2.5: half up, not to even
    XCTAssertEqual(MerchantPricing.share(of: 4999, basisPoints: 1000), 500)  // 499.9
    XCTAssertEqual(MerchantPricing.share(of: 4999, basisPoints: 825), 412)  // 412.4175
    XCTAssertEqual(MerchantPricing.share(of: 4999, basisPoints: 2000), 1000)  // 999.8
    XCTAssertEqual(MerchantPricing.share(of: 1235, basisPoints: 1500), 185)  // 185.25
    XCTAssertEqual(MerchantPricing.share(of: 12348, basisPoints: 1250), 1544)  // 1543.5
    XCTAssertEqual(MerchantPricing.share(of: 0, basisPoints: 1000), 0)
    XCTAssertEqual(MerchantPricing.share(of: 4999, basisPoints: 10_000), 4999)
  }

  func testCouponPercentRoundsHalfUpInMinorUnits() {
    let tenPercent = configuration {
      $0.rules.coupons = [Coupon(code: "TEN", percentOffBasisPoints: 1000)]
    }
    let pricing = MerchantPricing(configuration: tenPercent)
    for (goods, discount): (Int64, Int64) in [(4, 0), (5, 1), (25, 3), (24, 2), (4999, 500), (4995, 500)] {
      guard case .success(let applied?) = pricing.couponResult("TEN", goods: .usd(goods)) else {
        XCTFail("TEN does not apply to \(goods)")
        continue
      }
      XCTAssertEqual(applied.1, .usd(discount), "10 % of \(goods) cents")
    }
  }

  // MARK: - Coupons

  func testCouponResults() {
    func discount(_ code: String, goods: Int64 = 4999) -> Money? {
      guard case .success(let applied) = pricing.couponResult(code, goods: .usd(goods)) else { return nil }
      return applied?.1
    }
    func failure(_ code: String, goods: Int64 = 4999) -> SheetError? {
      guard case .failure(let error) = pricing.couponResult(code, goods: .usd(goods)) else { return nil }
      return error
    }
    XCTAssertEqual(discount("SAVE10"), .usd(500))
    XCTAssertEqual(discount("save10"), .usd(500))
    XCTAssertEqual(discount("  SAVE10 "), .usd(500))
    XCTAssertEqual(discount("BIGSPENDER", goods: 10_000), .usd(2000))
    if case .success(let none) = pricing.couponResult("", goods: .usd(4999)) {
      XCTAssertNil(none)
    } else {
      XCTFail("an empty code is no coupon")
    }
    XCTAssertEqual(
      failure("SUMMER23"), SheetError(kind: .couponCodeInvalid, message: "This coupon code has expired"))
    XCTAssertEqual(
      failure("BIGSPENDER", goods: 9999),
      SheetError(kind: .couponCodeInvalid, message: "Minimum purchase of $100.00 required"))
    XCTAssertEqual(failure("NOPE"), SheetError(kind: .couponCodeInvalid, message: "Invalid coupon code"))
  }

  func testCouponCapAndFloor() {
    let pricing = MerchantPricing(
      configuration: configuration {
        $0.rules.coupons = [
          Coupon(code: "HALF", percentOffBasisPoints: 5000, maximumDiscount: .usd(1000)),
          Coupon(code: "EIGHTY", amountOff: .usd(8000)),
        ]
      })
    guard case .success(let half?) = pricing.couponResult("HALF", goods: .usd(4999)),
      case .success(let eighty?) = pricing.couponResult("EIGHTY", goods: .usd(4999))
    else { return XCTFail("the coupons do not apply") }
    XCTAssertEqual(half.1, .usd(1000), "capped by maximumDiscount")
    XCTAssertEqual(eighty.1, .usd(8000), "whole: the total, not the discount, stops at zero")
  }

  /// Events, onCouponCodeChanged: `paymentCouponCodeInvalidError(localizedDescription: errorMessage)` for an
  /// invalid or an expired coupon alike, the message telling them apart.
  func testOnCouponCodeChangedExpiredCouponIsTheInvalidCouponError() {
    let update = pricing.update(for: selections(coupon: "SUMMER23"))
    XCTAssertEqual(
      update.errors, [SheetError(kind: .couponCodeInvalid, message: "This coupon code has expired")])
    XCTAssertFalse(update.errors[0].blocksAuthorisation, "a coupon error never stops the payment")
  }

  /// Events, onCouponCodeChanged: `newTotal = max(0, baseAmount + tax - discountAmount)`, the discount line
  /// whole. A $100 coupon on a $0.25 order leaves nothing to pay, not the tax.
  func testOnCouponCodeChangedTotalIsTheSeedsMaxOfZero() {
    let pricing = MerchantPricing(
      configuration: configuration {
        $0.paymentItems = [Acme.line("Cable tie", 25)]
        $0.rules.coupons = [Coupon(code: "HUNDRED", amountOff: .usd(10_000))]
      })
    // Goods 0.25: tax 8.25 % = 0.020625 → 0.02.
    XCTAssertEqual(
      pricing.update(for: selections(coupon: "HUNDRED")).paymentSummaryItems,
      [
        Acme.line("Cable tie", 25), Acme.line("Shipping (Standard Shipping)", 0), Acme.line("Tax", 2),
        Acme.line("Discount (HUNDRED)", -10_000), Acme.total(0),
      ])
  }

  /// Events, onCouponCodeChanged: the line is `"Discount (\(couponCode))"`, the code as the customer typed
  /// it (trimmed); the code is matched whatever its case.
  func testOnCouponCodeChangedLabelsTheDiscountWithTheCodeAsTyped() {
    for typed in ["save10", "SAVE10", "Save10 "] {
      let items = pricing.update(for: selections(coupon: typed)).paymentSummaryItems
      XCTAssertEqual(
        items.dropLast().last, Acme.line("Discount (\(typed.trimmingWhitespace()))", -500), typed)
    }
  }

  // MARK: - Destinations

  func testShippingMethodsByDestination() {
    func methods(_ contact: Int) -> [ShippingMethod] {
      pricing.shippingMethods(for: Acme.contact(contact).redacted.postalAddress)
    }
    XCTAssertEqual(methods(Acme.jane), [Acme.standard, Acme.express])
    XCTAssertEqual(methods(Acme.alex), [Acme.standard, Acme.express])
    XCTAssertEqual(methods(Acme.john), [Acme.international])
    XCTAssertEqual(methods(Acme.iceland), [])
    XCTAssertEqual(pricing.shippingMethods(for: nil), Acme.configuration.shippingMethods)
  }

  func testOnlyUnserviceableDestinationsAreContactErrors() {
    XCTAssertEqual(
      pricing.contactErrors(Acme.contact(Acme.iceland).redacted),
      [SheetError(kind: .addressUnserviceable, message: "Unable to calculate shipping. Please try again.")])
    for contact in [Acme.jane, Acme.alex, Acme.john, Acme.poBox, Acme.noPhone] {
      XCTAssertEqual(pricing.contactErrors(Acme.contact(contact).redacted), [], "contact \(contact)")
    }
    XCTAssertEqual(pricing.contactErrors(nil), [])
  }

  /// Events, error handling in events (and onShippingContactSelected's example): an address the merchant
  /// cannot serve is answered `paymentShippingAddressUnserviceableError(withLocalizedDescription: "Unable to
  /// calculate shipping. Please try again.")` with `shippingMethods: []` and `paymentSummaryItems: []`, not
  /// with items recomputed for it.
  func testErrorHandlingInEventsUnserviceableAddressGetsTheSeedsErrorAndNoItems() throws {
    let iceland = selections(contact: Acme.iceland, method: nil)
    let update = try XCTUnwrap(
      ScenarioMerchantHooks(scenario: Acme.scenario).sheetUpdate(.shippingContact, selections: iceland)
        .decided
    ).get()
    XCTAssertEqual(
      update,
      SheetUpdate(
        errors: [
          SheetError(kind: .addressUnserviceable, message: "Unable to calculate shipping. Please try again.")
        ],
        shippingMethods: [], paymentSummaryItems: []))
  }

  /// Error handling in events: the words are the merchant's to choose; a rule may give its own.
  func testErrorHandlingInEventsAScenarioMayChooseItsOwnWords() throws {
    var object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(Acme.scenario)) as? [String: Any])
    var applePay = try XCTUnwrap(object["applePay"] as? [String: Any])
    var rules = try XCTUnwrap(applePay["rules"] as? [String: Any])
    var rates = try XCTUnwrap(rules["shippingRates"] as? [[String: Any]])
    let index = try XCTUnwrap(rates.firstIndex { $0["unserviceable"] as? Bool == true })
    rates[index]["message"] = "We cannot ship to this address"
    rules["shippingRates"] = rates
    applePay["rules"] = rules
    object["applePay"] = applePay
    let scenario = try JSONDecoder().decode(
      Scenario.self, from: JSONSerialization.data(withJSONObject: object))
    let pricing = MerchantPricing(configuration: try XCTUnwrap(scenario.applePay))
    XCTAssertEqual(
      pricing.contactErrors(Acme.contact(Acme.iceland).redacted),
      [SheetError(kind: .addressUnserviceable, message: "We cannot ship to this address")])
  }

  /// Events, update response objects: the scenario's rules answer `onShippingMethodSelected` and
  /// `onPaymentMethodSelected` with summary items only, as `PKPaymentRequestShippingMethodUpdate` and
  /// `PKPaymentRequestPaymentMethodUpdate` carry; the contact and coupon updates keep their methods and errors.
  func testUpdateResponseObjectsScenarioRulesAnswerMethodUpdatesWithItemsOnly() throws {
    let hooks = ScenarioMerchantHooks(scenario: Acme.scenario)
    let chosen = selections(coupon: "NOPE")
    for kind in [ApplePaySheet.PendingUpdate.shippingMethod, .paymentMethod] {
      let update = try XCTUnwrap(hooks.sheetUpdate(kind, selections: chosen).decided).get()
      XCTAssertEqual(update, SheetUpdate(paymentSummaryItems: Acme.janeSummary), "\(kind)")
    }
    for kind in [ApplePaySheet.PendingUpdate.shippingContact, .couponCode] {
      let update = try XCTUnwrap(hooks.sheetUpdate(kind, selections: chosen).decided).get()
      XCTAssertEqual(update, pricing.update(for: chosen), "\(kind)")
    }
  }

  func testPOBoxesAreRefusedOnlyInTheFullContact() {
    func errors(_ street: String, pricing: MerchantPricing? = nil) -> [SheetError] {
      var contact = Acme.contact(Acme.jane)
      contact.postalAddress?.street = street
      return (pricing ?? self.pricing).authorisationErrors(contact)
    }
    let refusal = SheetError(
      kind: .shippingAddressInvalid, field: .postalAddress,
      message: "We cannot deliver to a PO box: give a street address")
    for street in ["PO Box 1234", "P.O. Box 12", "po box 9", "POBox 7", "Post Office Box 55"] {
      XCTAssertEqual(errors(street), [refusal], street)
    }
    for street in ["1 Infinite Loop", "12 Boxwood Lane", "Pope Street 3"] {
      XCTAssertEqual(errors(street), [], street)
    }
    XCTAssertEqual(
      pricing.authorisationErrors(Acme.contact(Acme.poBox).redacted), [], "the street is redacted")
    let lenient = MerchantPricing(configuration: configuration { $0.rules.refusePOBoxes = false })
    XCTAssertEqual(errors("PO Box 1234", pricing: lenient), [])
  }

  // MARK: - Updates

  func testUpdateForTheDemoDefaults() {
    let update = pricing.update(for: selections())
    XCTAssertEqual(update.paymentSummaryItems, Acme.janeSummary)
    XCTAssertEqual(update.shippingMethods, [Acme.standard, Acme.express])
    XCTAssertEqual(update.errors, [])
  }

  /// Every contact, chosen method, eligible card and coupon of the demo: the lines each rule adds, computed
  /// here from the rules' numbers, and the total as their sum.
  func testEveryRuleCombination() {
    let coupons = ["", "SAVE10", "SUMMER23", "BIGSPENDER", "NOPE"]
    let chosenMethods: [ShippingMethod?] = [nil, Acme.standard, Acme.express, Acme.international]
    var checked = 0
    for contactIndex in Acme.configuration.wallet.contacts.indices {
      let address = Acme.contact(contactIndex).postalAddress!
      let available: [ShippingMethod]
      switch address.isoCountryCode {
      case "US": available = [Acme.standard, Acme.express]
      case "GB", "CA": available = [Acme.international]
      default: available = []
      }
      let tax: Int64? =
        address.isoCountryCode == "US"
        ? (address.state == "CA" ? 412 : 300)
        : address.isoCountryCode == "GB" ? 1000 : nil
      for chosen in chosenMethods {
        let method = available.first { $0.identifier == chosen?.identifier } ?? available.first
        for cardIndex in Acme.configuration.eligibleCards.indices {
          let card = Acme.card(cardIndex)
          for coupon in coupons {
            var lines = [Acme.line("Wireless Headphones", 4999)]
            if let method {
              lines.append(SummaryItem(label: "Shipping (\(method.label))", amount: method.amount))
            }
            if let tax { lines.append(Acme.line("Tax", tax)) }
            if card.type == .credit { lines.append(Acme.line("Credit Fee", 299)) }
            if card.network == .amex { lines.append(Acme.line("Amex Reward", -100)) }
            if coupon == "SAVE10" { lines.append(Acme.line("Discount (SAVE10)", -500)) }
            lines.append(Acme.total(lines.reduce(0) { $0 + $1.amount.minorUnits }))
            var errors: [SheetError.Kind] = available.isEmpty ? [.addressUnserviceable] : []
            if ["SUMMER23", "BIGSPENDER", "NOPE"].contains(coupon) { errors.append(.couponCodeInvalid) }

            let update = pricing.update(
              for: selections(contact: contactIndex, method: chosen, card: cardIndex, coupon: coupon))
            let name = "\(address.city) \(chosen?.identifier ?? "-") \(card.displayName) \(coupon)"
            XCTAssertEqual(update.paymentSummaryItems, lines, name)
            XCTAssertEqual(update.shippingMethods, available, name)
            XCTAssertEqual(update.errors.map(\.kind), errors, name)
            SheetDriver.assertTotalIsTheSum(update.paymentSummaryItems, label: "Total")
            checked += 1
          }
        }
      }
    }
    XCTAssertEqual(
      checked, Acme.configuration.wallet.contacts.count * 4 * Acme.configuration.eligibleCards.count * 5)
  }

  /// Events, onPaymentMethodSelected's example: `.credit` pays 2.99 ("Credit Fee"), `.debit` 0.99 ("Debit
  /// Fee"), any other type (a prepaid card) nothing.
  func testOnPaymentMethodSelectedExampleFeesByCardType() {
    let pricing = MerchantPricing(
      configuration: configuration {
        $0.rules.creditCardFee = .usd(299)
        $0.rules.debitCardFee = .usd(99)
      })
    func items(_ card: Int) -> [SummaryItem] {
      pricing.update(for: selections(card: card)).paymentSummaryItems
    }
    XCTAssertEqual(items(Acme.visaDebit).suffix(2), [Acme.line("Debit Fee", 99), Acme.total(5510)])
    XCTAssertEqual(items(Acme.visaCredit).suffix(2), [Acme.line("Credit Fee", 299), Acme.total(5710)])
    XCTAssertEqual(Acme.card(Acme.masterCardPrepaid).type, .prepaid)
    XCTAssertEqual(items(Acme.masterCardPrepaid), Acme.janeSummary, "a prepaid card pays no fee")
  }

  /// Events, onPaymentMethodSelected's example: the reward line is the whole reward (`-reward`) and the
  /// total `max(0, baseAmount + tax + processingFee - reward)`: a reward larger than the order is not cut to
  /// fit, and the sheet takes a total that stops at zero.
  func testOnPaymentMethodSelectedExampleRewardIsWholeAndTheTotalStopsAtZero() {
    let pricing = MerchantPricing(
      configuration: configuration { $0.rules.networkRewards = [.visa: .usd(6000)] })
    let items = pricing.update(for: selections(card: Acme.visaDebit)).paymentSummaryItems
    XCTAssertEqual(items, Acme.janeSummary.dropLast() + [Acme.line("Visa Reward", -6000), Acme.total(0)])
    XCTAssertNil(CheckoutReducer.totalProblem(of: items, from: "onPaymentMethodSelected"))
    XCTAssertNotNil(
      CheckoutReducer.totalProblem(
        of: Array(items.dropLast()) + [Acme.total(1)], from: "onPaymentMethodSelected"),
      "a total above zero is still the sum of the lines")
  }

  func testZeroFeesAndRewardsAddNoLine() {
    let pricing = MerchantPricing(
      configuration: configuration {
        $0.rules.creditCardFee = .usd(0)
        $0.rules.networkRewards = [.amex: .usd(0)]
      })
    XCTAssertEqual(
      pricing.update(for: selections(card: Acme.amexCredit)).paymentSummaryItems, Acme.janeSummary)
  }

  func testNoCardAndNoContact() {
    let update = pricing.update(for: selections(contact: nil, method: nil, card: nil))
    XCTAssertEqual(
      update.paymentSummaryItems,
      [
        Acme.line("Wireless Headphones", 4999), Acme.line("Shipping (Standard Shipping)", 0),
        Acme.total(4999),
      ])
    XCTAssertEqual(update.shippingMethods, Acme.configuration.shippingMethods)
    XCTAssertEqual(update.errors, [])
  }

  func testShippingTypeNamesTheShippingLine() {
    for (type, label) in [
      (ShippingType.delivery, "Delivery (Express Shipping)"),
      (.storePickup, "Store Pickup (Express Shipping)"),
      (.servicePickup, "Service Pickup (Express Shipping)"),
    ] {
      let pricing = MerchantPricing(configuration: configuration { $0.shippingType = type })
      let items = pricing.update(for: selections(method: Acme.express)).paymentSummaryItems
      XCTAssertEqual(items[1], Acme.line(label, 1299))
    }
  }

  func testNoShippingLineWithoutMethodsOrRates() {
    let pricing = MerchantPricing(
      configuration: configuration {
        $0.shippingMethods = []
        $0.rules.shippingRates = []
      })
    let update = pricing.update(for: selections(method: nil))
    XCTAssertEqual(
      update.paymentSummaryItems,
      [Acme.line("Wireless Headphones", 4999), Acme.line("Tax", 412), Acme.total(5411)])
    XCTAssertEqual(update.shippingMethods, [])
  }

  func testSeveralGoodsAreTaxedAndDiscountedTogether() {
    let pricing = MerchantPricing(
      configuration: configuration {
        $0.paymentItems = [Acme.line("Headphones", 4999), Acme.line("Case", 1501)]
      })
    // Goods 65.00: tax 8.25 % = 5.3625 → 5.36; SAVE10 = 6.50.
    let items = pricing.update(for: selections(coupon: "SAVE10")).paymentSummaryItems
    XCTAssertEqual(
      items,
      [
        Acme.line("Headphones", 4999), Acme.line("Case", 1501), Acme.line("Shipping (Standard Shipping)", 0),
        Acme.line("Tax", 536), Acme.line("Discount (SAVE10)", -650), Acme.total(6386),
      ])
  }
}
