import Foundation
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
      failure("SUMMER23"), SheetError(kind: .couponCodeExpired, message: "This coupon code has expired"))
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
    XCTAssertEqual(eighty.1, .usd(4999), "never more than the goods")
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
      [SheetError(kind: .addressUnserviceable, message: "We do not ship to Iceland")])
    for contact in [Acme.jane, Acme.alex, Acme.john, Acme.poBox, Acme.noPhone] {
      XCTAssertEqual(pricing.contactErrors(Acme.contact(contact).redacted), [], "contact \(contact)")
    }
    XCTAssertEqual(pricing.contactErrors(nil), [])
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
            switch coupon {
            case "SUMMER23": errors.append(.couponCodeExpired)
            case "BIGSPENDER", "NOPE": errors.append(.couponCodeInvalid)
            default: break
            }

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

  func testDebitFeeAppliesToDebitAndPrepaidCards() {
    let pricing = MerchantPricing(configuration: configuration { $0.rules.debitCardFee = .usd(50) })
    for card in [Acme.visaDebit, Acme.masterCardPrepaid] {
      let items = pricing.update(for: selections(card: card)).paymentSummaryItems
      XCTAssertEqual(items.dropLast().last, Acme.line("Debit Fee", 50))
      XCTAssertEqual(items.last, Acme.total(5461))
    }
    let credit = pricing.update(for: selections(card: Acme.visaCredit)).paymentSummaryItems
    XCTAssertFalse(credit.contains { $0.label == "Debit Fee" })
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
