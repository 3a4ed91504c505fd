import Foundation

/// The simulated Apple Pay sheet: what it shows, what is chosen, and where it is in its life.
///
/// Its fields (`Fields`, read and changed as the sheet's own: `sheet.phase`) sit behind one reference: the
/// sheet rides in `CheckoutScreen`, which is copied and switched over on every action, and held inline they
/// made each copy move 400 bytes and retain every array and string (docs/benchmarks.md, issue 27).
@dynamicMemberLookup
public struct ApplePaySheet: Equatable, Sendable {
  /// The sheet's phases, as PassKit's sheet moves through them.
  public enum Phase: Equatable, Sendable {
    /// The shopper reviews and changes rows.
    case reviewing
    /// "Confirm with Face ID" (or Touch ID, passcode) is showing.
    case authenticating(AuthenticationStep)
    /// Authorised: pre-authorisation and the gateway are working.
    case processing
  }

  /// The steps of the simulated biometric prompt.
  public enum AuthenticationStep: Equatable, Sendable {
    case biometric
    case notRecognised
    case passcode
  }

  /// Which update callback the sheet is waiting for; rows are locked meanwhile.
  public enum PendingUpdate: String, Equatable, Sendable, CaseIterable {
    case shippingContact, shippingMethod, paymentMethod, couponCode

    /// The callback that is waited for.
    public var callbackName: CallbackName {
      switch self {
      case .shippingContact: return .onShippingContactSelected
      case .shippingMethod: return .onShippingMethodSelected
      case .paymentMethod: return .onPaymentMethodSelected
      case .couponCode: return .onCouponCodeChanged
      }
    }
  }

  /// What the sheet shows and holds.
  public struct Fields: Equatable, Sendable {
    public var summaryItems: [SummaryItem]
    public var shippingMethods: [ShippingMethod]
    public var shippingMethod: ShippingMethod?
    /// The full contact from the Wallet; the merchant gets it redacted until authorisation.
    public var shippingContact: Contact?
    public var card: WalletCard?
    public var couponCode = ""
    public var errors: [SheetError] = []
    public var pendingUpdate: PendingUpdate?
    /// After the sheet opens, the payment method callback still to fire once the contact's update arrives.
    public var needsInitialCardUpdate = false
    public var phase: Phase = .reviewing
    /// When the payment went to the gateway (after `onPreAuthorisation`); nil before.
    public var authorisingSince: Date?
    /// How the simulated device confirms: Face ID, Touch ID or passcode.
    public var authentication: AuthenticationKind = .faceID
    /// A mistake in the merchant's configuration (a total that is not the sum of the items), shown to the
    /// developer and never fixed silently. Authorisation is blocked while it stands.
    public var configurationProblem: String?
    /// The same kind of mistake in the merchant's last update (its total is not the sum of its items).
    public var updateProblem: String?
    /// The total line's label the sheet opened with (the configured total's, else the merchant the plugin
    /// knows): the merchant's updates price under it.
    public var totalLabel: String?
  }

  @usableFromInline var fields: CopyOnWrite<Fields>

  /// A field, read where it lies and changed in place (copied first only while another sheet shares them).
  @inlinable
  public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
    _read { yield fields.value[keyPath: field] }
    _modify { yield &fields.value[keyPath: field] }
  }

  public init(
    summaryItems: [SummaryItem], shippingMethods: [ShippingMethod], shippingMethod: ShippingMethod?,
    shippingContact: Contact?, card: WalletCard?
  ) {
    fields = CopyOnWrite(
      Fields(
        summaryItems: summaryItems, shippingMethods: shippingMethods, shippingMethod: shippingMethod,
        shippingContact: shippingContact, card: card))
  }

  /// The total: the last summary item.
  public var total: SummaryItem? { self.summaryItems.last }

  /// Why the shopper cannot authorise now, or nil when they can: in the shopper's words, except a mistake in
  /// the merchant's configuration, which is the developer's and stays in English.
  public func authorisationBlocker(
    _ configuration: ApplePayConfiguration, localisation: Localisation = .english
  ) -> String? {
    if let problem = self.configurationProblem ?? self.updateProblem { return problem }
    if self.pendingUpdate != nil { return localisation.text(.waitingForSheetUpdate) }
    if self.card == nil { return localisation.text(.addCardToApplePay) }
    if let missing = missingContactFields(configuration).first {
      return Self.prompt(for: missing, localisation: localisation)
    }
    if let billing = billingProblem(configuration, localisation: localisation) { return billing }
    if let blocking = self.errors.first(where: \.blocksAuthorisation) { return blocking.message }
    return nil
  }

  /// The required shipping contact fields the chosen contact lacks. PassKit itself asks for these before it
  /// lets the shopper pay; the merchant is not involved.
  public func missingContactFields(_ configuration: ApplePayConfiguration) -> [ContactField] {
    let required = configuration.requiredShippingContactFields
    guard !required.isEmpty else { return [] }
    return required.filter { field in
      switch field {
      case .postalAddress: return self.shippingContact?.postalAddress == nil
      case .name: return self.shippingContact?.name?.isEmpty ?? true
      case .phoneNumber: return self.shippingContact?.phoneNumber?.isEmpty ?? true
      case .emailAddress: return self.shippingContact?.emailAddress?.isEmpty ?? true
      }
    }
  }

  /// PassKit's own check of the chosen card: a merchant that requires a billing address, name or email
  /// address gets none from a card whose billing contact has none; the sheet asks for the first missing,
  /// in the order of `requiredBillingContactFields`.
  public func billingProblem(
    _ configuration: ApplePayConfiguration, localisation: Localisation = .english
  ) -> String? {
    guard let card = self.card else { return nil }
    for field in configuration.requiredBillingContactFields {
      switch field {
      case .postalAddress where card.billingAddress == nil:
        return localisation.text(.addBillingAddressPrompt, card.displayName)
      case .name where card.billingName?.trimmingWhitespace().isEmpty ?? true:
        return localisation.text(.addBillingNamePrompt, card.displayName)
      case .emailAddress where card.billingEmailAddress?.trimmingWhitespace().isEmpty ?? true:
        return localisation.text(.addBillingEmailAddressPrompt, card.displayName)
      default: continue
      }
    }
    return nil
  }

  /// The sheet's prompt for a missing field ("Add Phone Number").
  public static func prompt(for field: ContactField, localisation: Localisation = .english) -> String {
    switch field {
    case .postalAddress: return localisation.text(.addShippingAddressPrompt)
    case .name: return localisation.text(.addNamePrompt)
    case .phoneNumber: return localisation.text(.addPhoneNumberPrompt)
    case .emailAddress: return localisation.text(.addEmailAddressPrompt)
    }
  }

  /// What the merchant sees of the sheet now.
  public var selectionsForMerchant: SheetSelections { fields.value.selectionsForMerchant }
}

extension ApplePaySheet.Fields {
  /// What the merchant is told of the sheet (`ApplePaySheet.selectionsForMerchant`).
  var selectionsForMerchant: SheetSelections {
    SheetSelections(
      shippingContact: shippingContact?.redacted, shippingMethod: shippingMethod, card: card,
      couponCode: couponCode, totalLabel: totalLabel)
  }
}
