import Foundation

/// Evaluates the scenario's merchant rules into the sheet's updates: summary items (goods, shipping, tax,
/// fees, rewards, discount, then the total, never below zero, labelled as the sheet labels it), shipping
/// methods and errors.
/// Pure and exact: every amount is integer minor units.
public struct MerchantPricing: Sendable {
  public let configuration: ApplePayConfiguration
  /// The locale of the amounts in messages ("Minimum purchase of $100.00 required").
  public let locale: String

  public init(configuration: ApplePayConfiguration, locale: String = "en-US") {
    self.configuration = configuration
    self.locale = locale
  }

  private var currency: Currency { configuration.currencyCode }
  private var rules: MerchantRules { configuration.rules }

  /// The sum of items; overflow keeps the running sum (scenarios are validated not to overflow).
  public static func sum(_ items: [SummaryItem], currency: Currency) -> Money {
    items.reduce(Money.zero(currency)) { $0.adding($1.amount) ?? $0 }
  }

  /// The shipping methods for a destination, or nil when none of the rules mention it.
  public func shippingMethods(for address: PostalAddress?) -> [ShippingMethod] {
    guard let address, let rate = rules.shippingRates.first(where: { $0.matches(address) }) else {
      return configuration.shippingMethods
    }
    return rate.unserviceable ? [] : rate.methods
  }

  /// The seed's message for an address the merchant cannot serve (`paymentShippingAddressUnserviceableError`
  /// in its `onShippingContactSelected` example), when the rule names none of its own.
  public static let unserviceableMessage = "Unable to calculate shipping. Please try again."

  /// Errors the merchant can see in a shipping contact before authorisation, when it has only the city,
  /// region, country and public postal code: destinations it does not serve, in the rule's words or the
  /// seed's.
  public func contactErrors(_ contact: Contact?) -> [SheetError] {
    guard let address = contact?.postalAddress,
      let rate = rules.shippingRates.first(where: { $0.matches(address) }), rate.unserviceable
    else { return [] }
    return [SheetError(kind: .addressUnserviceable, message: rate.message ?? Self.unserviceableMessage)]
  }

  /// Errors in the full contact, which the merchant receives once the shopper has authorised: PO boxes
  /// when the rules refuse them, and a phone number or email address it cannot use.
  public func authorisationErrors(_ contact: Contact?) -> [SheetError] {
    var errors: [SheetError] = []
    if rules.refusePOBoxes, let street = contact?.postalAddress?.street, Self.isPOBox(street) {
      errors.append(
        SheetError(
          kind: .shippingAddressInvalid, field: .postalAddress,
          message: "We cannot deliver to a PO box: give a street address"))
    }
    if let phone = contact?.phoneNumber, Self.numberCount(phone) < 7 {
      errors.append(
        SheetError(kind: .contactInvalid, field: .phoneNumber, message: "Enter a valid phone number"))
    }
    if let email = contact?.emailAddress, !Self.looksLikeEmail(email) {
      errors.append(
        SheetError(kind: .contactInvalid, field: .emailAddress, message: "Enter a valid email address"))
    }
    return errors
  }

  /// `text.filter(\.isNumber).count`. ASCII text, the usual phone number, is counted on its bytes: its only
  /// numbers are 0 to 9, and no ASCII character joins another into one that is a number.
  private static func numberCount(_ text: String) -> Int {
    let bytes = text.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return text.filter(\.isNumber).count }
    return bytes.count { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  private static func looksLikeEmail(_ text: String) -> Bool {
    let bytes = text.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      let parts = text.split(separator: "@", omittingEmptySubsequences: false)
      return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
    }
    // The same test on the bytes of ASCII text, without Foundation's search (a third of a payment's
    // pre-authorisation): in ASCII, "@", "." and " " are characters of their own.
    let parts = bytes.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(UInt8(ascii: "."))
      && !bytes.contains(UInt8(ascii: " "))
  }

  /// "PO Box 12", "P.O. Box 12", "Post Office Box 12"; not "Tempo Box Lane".
  private static func isPOBox(_ street: String) -> Bool {
    // Every match has "box" in it (no other letters fold to b, o and x): most streets are told apart
    // without compiling the expression, which Foundation does on every call.
    guard containsBox(street) else { return false }
    return street.range(
      of: #"\b(p\.?\s*o\.?\s*box|post\s+office\s+box)\b"#, options: [.regularExpression, .caseInsensitive])
      != nil
  }

  private static func containsBox(_ text: String) -> Bool {
    let bytes = Array(text.utf8).map { $0 | 0x20 }
    return bytes.count >= 3
      && bytes.indices.dropLast(2).contains {
        bytes[$0] == UInt8(ascii: "b") && bytes[$0 + 1] == UInt8(ascii: "o")
          && bytes[$0 + 2] == UInt8(ascii: "x")
      }
  }

  /// Whether a coupon applies, and its discount on the goods.
  public func couponResult(_ code: String, goods: Money) -> Result<(Coupon, Money)?, SheetError> {
    let trimmed = code.trimmingWhitespace()
    guard !trimmed.isEmpty else { return .success(nil) }
    guard let coupon = rules.coupons.first(where: { $0.code.equalsIgnoringCase(trimmed) })
    else {
      return .failure(SheetError(kind: .couponCodeInvalid, message: "Invalid coupon code"))
    }
    if coupon.expired {
      // The seed's example answers an expired coupon with the same error as an unknown one
      // (`paymentCouponCodeInvalidError`), in its own words.
      return .failure(SheetError(kind: .couponCodeInvalid, message: "This coupon code has expired"))
    }
    if let minimum = coupon.minimumPurchase, goods.minorUnits < minimum.minorUnits {
      return .failure(
        SheetError(
          kind: .couponCodeInvalid,
          message: "Minimum purchase of \(MoneyFormatter(locale: locale).string(for: minimum)) required"))
    }
    var discount = coupon.amountOff?.minorUnits ?? 0
    if let basisPoints = coupon.percentOffBasisPoints {
      discount = Self.share(of: goods.minorUnits, basisPoints: basisPoints)
    }
    if let cap = coupon.maximumDiscount { discount = min(discount, cap.minorUnits) }
    return .success((coupon, Money(minorUnits: discount, currency: currency)))
  }

  /// The answer to `onPreAuthorisation`: the rules' transaction data, or the errors of the full contact.
  public func preAuthorisationAnswer(shippingContact: Contact?) -> PreAuthorisationAnswer {
    let errors = authorisationErrors(shippingContact)
    return PreAuthorisationAnswer(data: errors.isEmpty ? rules.preAuthorisation : nil, errors: errors)
  }

  /// `basisPoints` of an amount, rounded half up to whole minor units, without overflowing: the whole
  /// ten-thousands and the remainder are taken apart.
  static func share(of minorUnits: Int64, basisPoints: Int) -> Int64 {
    let points = Int64(basisPoints)
    let (whole, remainder) = minorUnits.quotientAndRemainder(dividingBy: 10_000)
    return whole * points + (remainder * points + 5_000) / 10_000
  }

  /// The total of the lines above it as the seed's examples compute it: their sum, never below zero
  /// (`max(0, baseAmount + tax − discount)`): a reward or a discount larger than the order shows whole and
  /// leaves nothing to pay.
  public static func total(of items: [SummaryItem], currency: Currency) -> Money {
    let sum = Self.sum(items, currency: currency)
    return sum.minorUnits < 0 ? Money.zero(currency) : sum
  }

  /// The update for the callback that asks, shaped as the seed's update objects are: a shipping method or
  /// payment method update carries summary items only; an address the merchant cannot serve answers its
  /// errors with no shipping methods and no items, as the seed's `onShippingContactSelected` does.
  public func update(for selections: SheetSelections, answering kind: ApplePaySheet.PendingUpdate)
    -> SheetUpdate
  {
    var update = update(for: selections)
    switch kind {
    case .shippingContact:
      let refusals = contactErrors(selections.shippingContact)
      if !refusals.isEmpty {
        update = SheetUpdate(errors: refusals, shippingMethods: [], paymentSummaryItems: [])
      }
    case .couponCode:
      break
    case .shippingMethod, .paymentMethod:
      update = SheetUpdate(paymentSummaryItems: update.paymentSummaryItems)
    }
    return update
  }

  /// A negative line (a reward, a discount), whole: the total, not the line, stops at zero.
  private func credit(_ label: String, _ amount: Money) -> SummaryItem {
    SummaryItem(label: label, amount: Money(minorUnits: -amount.minorUnits, currency: currency))
  }

  /// The full update for what the sheet holds now.
  public func update(for selections: SheetSelections) -> SheetUpdate {
    let address = selections.shippingContact?.postalAddress
    let methods = shippingMethods(for: address)
    var errors = contactErrors(selections.shippingContact)
    let goods = Self.sum(configuration.paymentItems, currency: currency)
    var items = configuration.paymentItems
    let method =
      selections.shippingMethod.flatMap { chosen in methods.first { $0.identifier == chosen.identifier } }
      ?? methods.first
    if let method, !configuration.shippingMethods.isEmpty || !rules.shippingRates.isEmpty {
      items.append(
        SummaryItem(label: "\(configuration.shippingType.wording) (\(method.label))", amount: method.amount))
    }
    if let address, let tax = rules.taxRates.first(where: { $0.matches(address) }), tax.basisPoints > 0 {
      items.append(
        SummaryItem(
          label: "Tax",
          amount: Money(
            minorUnits: Self.share(of: goods.minorUnits, basisPoints: tax.basisPoints), currency: currency)))
    }
    if let card = selections.card {
      // The seed's example: a credit card pays the credit fee, a debit card the debit fee, any other
      // (prepaid) nothing.
      let fee: (label: String, amount: Money?)? =
        switch card.type {
        case .credit: ("Credit Fee", rules.creditCardFee)
        case .debit: ("Debit Fee", rules.debitCardFee)
        case .prepaid: nil
        }
      if let fee, let amount = fee.amount, amount.minorUnits > 0 {
        items.append(SummaryItem(label: fee.label, amount: amount))
      }
      if let reward = rules.networkRewards[card.network], reward.minorUnits > 0 {
        items.append(credit("\(card.network.displayName) Reward", reward))
      }
    }
    switch couponResult(selections.couponCode, goods: goods) {
    case .success(let applied?):
      // The seed's example labels the line with the code as the customer typed it: "Discount (\(couponCode))".
      items.append(credit("Discount (\(selections.couponCode.trimmingWhitespace()))", applied.1))
    case .success(nil): break
    case .failure(let error): errors.append(error)
    }
    items.append(
      SummaryItem(
        label: selections.totalLabel ?? configuration.totalLabel,
        amount: Self.total(of: items, currency: currency)))
    return SheetUpdate(errors: errors, shippingMethods: methods, paymentSummaryItems: items)
  }
}
