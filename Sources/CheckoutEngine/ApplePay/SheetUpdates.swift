/// An error the merchant returns for a row of the sheet (`PKPaymentRequest.payment…Error`).
public struct SheetError: Error, Equatable, Sendable {
  public enum Kind: String, Sendable, Equatable {
    /// PassKit's errors; an expired coupon is `couponCodeInvalid`, as in the seed's example (PassKit has no
    /// error of its own for it).
    case shippingAddressInvalid, addressUnserviceable, contactInvalid, billingAddressInvalid,
      couponCodeInvalid
  }

  public var kind: Kind
  /// The contact field at fault, for the address and contact errors.
  public var field: ContactField?
  public var message: String

  public init(kind: Kind, field: ContactField? = nil, message: String) {
    self.kind = kind
    self.field = field
    self.message = message
  }

  /// Contact and address errors stop the shopper from paying until fixed; coupon errors do not.
  public var blocksAuthorisation: Bool {
    kind != .couponCodeInvalid
  }
}

/// What the sheet currently holds, as the merchant sees it: the basis of every answer it computes.
public struct SheetSelections: Equatable, Sendable {
  /// The shipping contact, redacted as PassKit hands it over before authorisation.
  public var shippingContact: Contact?
  public var shippingMethod: ShippingMethod?
  public var card: WalletCard?
  public var couponCode: String
  /// The label of the sheet's total line; nil leaves it to the configuration (`totalLabel`).
  public var totalLabel: String?
}

/// The answer to one of the sheet's update callbacks. Every kind carries summary items; the shipping contact
/// and coupon kinds may also carry errors and new shipping methods (`nil` keeps the current ones), the
/// shipping method and payment method kinds nothing else (`refusal(answering:)`).
public struct SheetUpdate: Equatable, Sendable {
  public var errors: [SheetError]
  public var shippingMethods: [ShippingMethod]?
  public var paymentSummaryItems: [SummaryItem]

  /// Why the update cannot answer `pending`, naming the update and what it carries that the SDK's type
  /// cannot: `PKPaymentRequestShippingMethodUpdate` and `PKPaymentRequestPaymentMethodUpdate` carry summary
  /// items only (events, "Update response objects"). Nil when it fits.
  public func refusal(answering pending: ApplePaySheet.PendingUpdate) -> String? {
    let type: String
    switch pending {
    case .shippingMethod: type = "PKPaymentRequestShippingMethodUpdate"
    case .paymentMethod: type = "PKPaymentRequestPaymentMethodUpdate"
    case .shippingContact, .couponCode: return nil
    }
    let extra = [shippingMethods == nil ? nil : "shippingMethods", errors.isEmpty ? nil : "errors"]
      .compactMap { $0 }
    guard !extra.isEmpty else { return nil }
    return
      "Configuration error: \(pending.callbackName.rawValue) returned \(extra.joined(separator: " and ")), "
      + "but \(type) carries paymentSummaryItems only"
  }

  /// The update as the event pane shows it after the callback it answers: the total first, then the items,
  /// the shipping methods offered and the errors.
  func eventDetails(for pending: ApplePaySheet.PendingUpdate) -> [EventDetail] {
    var details = [EventDetail("callback", .string(pending.callbackName.rawValue))]
    // Exactly as many as it holds: the event stays in the log for the whole session.
    details.reserveCapacity(
      1 + (paymentSummaryItems.isEmpty ? 0 : 2) + (paymentSummaryItems.count > 1 ? 1 : 0)
        + (shippingMethods == nil ? 0 : 1) + (errors.isEmpty ? 0 : 1))
    if let total = paymentSummaryItems.last {
      details.append(EventDetail("total", .string(total.amount.plainString)))
      details.append(EventDetail("currency", .string(total.amount.currency.code)))
    }
    let items = paymentSummaryItems.dropLast()
    if !items.isEmpty {
      details.append(EventDetail("items", .string(Self.listing(items) { ($0.label, $0.amount) })))
    }
    if let shippingMethods {
      let offered = Self.listing(shippingMethods) { ($0.identifier, $0.amount) }
      details.append(EventDetail("shippingMethods", .string(offered)))
    }
    if !errors.isEmpty {
      let listed = errors.map { error in
        error.kind.rawValue + (error.field.map { "(\($0.rawValue))" } ?? "") + ": " + error.message
      }
      details.append(EventDetail("errors", .string(listed.joined(separator: "; "))))
    }
    return details
  }

  /// Entries written "name amount", separated by "; ", into one string of exactly their length: the sheet's
  /// callbacks answer several times a payment, and a string for each entry and each amount, then another
  /// for their join, cost more than the rest of the answer.
  private static func listing<Entries: Collection>(
    _ entries: Entries, _ entry: (Entries.Element) -> (name: String, amount: Money)
  ) -> String {
    var capacity = 0
    for element in entries {
      capacity += entry(element).name.utf8.count + 3 + Money.plainUTF8Capacity
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var end = 0
      func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + end).initialize(from: source, count: bytes.count)
        end += bytes.count
      }
      func write(_ byte: UInt8) {
        buffer[end] = byte
        end += 1
      }
      for (index, element) in entries.enumerated() {
        let (label, amount) = entry(element)
        var name = label
        if index > 0 {
          write(UInt8(ascii: ";"))
          write(UInt8(ascii: " "))
        }
        name.withUTF8 { write($0) }
        write(UInt8(ascii: " "))
        amount.withPlainUTF8 { write($0) }
      }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<end]), as: UTF8.self)
    }
  }

  public init(
    errors: [SheetError] = [], shippingMethods: [ShippingMethod]? = nil, paymentSummaryItems: [SummaryItem]
  ) {
    self.errors = errors
    self.shippingMethods = shippingMethods
    self.paymentSummaryItems = paymentSummaryItems
  }
}

/// The merchant's answer to `onPreAuthorisation`: the transaction data to send, or errors that send the
/// shopper back to the sheet (a PO box it will not deliver to, say) with nothing charged.
public struct PreAuthorisationAnswer: Equatable, Sendable {
  public var data: ApplePayTransactionInitData?
  public var errors: [SheetError]

  public init(data: ApplePayTransactionInitData?, errors: [SheetError] = []) {
    self.data = data
    self.errors = errors
  }
}
