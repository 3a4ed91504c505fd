import Foundation

/// The simulated Apple Pay sheet: what it shows, what is chosen, and where it is in its life.
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

  /// What the sheet holds, behind one shared reference: the sheet rides in `CheckoutScreen` and the checkout
  /// state, which are copied on every action, and copying the fields inline moved over 400 bytes and retained
  /// every array and string each time. A copy now retains one box; a change copies the box only when another
  /// sheet still shares it, so sheets keep value semantics.
  private var storage: Storage

  /// The sheet's fields: read in place, and changed in place when this sheet alone holds the box (else in a
  /// new box, so a copy of the sheet never sees the change).
  private var contents: Contents {
    _read { yield storage.contents }
    _modify {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.contents) }
      yield &storage.contents
    }
  }

  public var summaryItems: [SummaryItem] {
    _read { yield contents.summaryItems }
    _modify { yield &contents.summaryItems }
  }
  public var shippingMethods: [ShippingMethod] {
    _read { yield contents.shippingMethods }
    _modify { yield &contents.shippingMethods }
  }
  public var shippingMethod: ShippingMethod? {
    _read { yield contents.shippingMethod }
    _modify { yield &contents.shippingMethod }
  }
  /// The full contact from the Wallet; the merchant gets it redacted until authorisation.
  public var shippingContact: Contact? {
    _read { yield contents.shippingContact }
    _modify { yield &contents.shippingContact }
  }
  public var card: WalletCard? {
    _read { yield contents.card }
    _modify { yield &contents.card }
  }
  public var couponCode: String {
    _read { yield contents.couponCode }
    _modify { yield &contents.couponCode }
  }
  public var errors: [SheetError] {
    _read { yield contents.errors }
    _modify { yield &contents.errors }
  }
  public var pendingUpdate: PendingUpdate? {
    _read { yield contents.pendingUpdate }
    _modify { yield &contents.pendingUpdate }
  }
  /// After the sheet opens, the payment method callback still to fire once the contact's update arrives.
  public var needsInitialCardUpdate: Bool {
    _read { yield contents.needsInitialCardUpdate }
    _modify { yield &contents.needsInitialCardUpdate }
  }
  public var phase: Phase {
    _read { yield contents.phase }
    _modify { yield &contents.phase }
  }
  /// When the payment went to the gateway (after `onPreAuthorisation`); nil before.
  public var authorisingSince: Date? {
    _read { yield contents.authorisingSince }
    _modify { yield &contents.authorisingSince }
  }
  /// How the simulated device confirms: Face ID, Touch ID or passcode.
  public var authentication: AuthenticationKind {
    _read { yield contents.authentication }
    _modify { yield &contents.authentication }
  }
  /// A mistake in the merchant's configuration (a total that is not the sum of the items), shown to the
  /// developer and never fixed silently. Authorisation is blocked while it stands.
  public var configurationProblem: String? {
    _read { yield contents.configurationProblem }
    _modify { yield &contents.configurationProblem }
  }
  /// The same kind of mistake in the merchant's last update (its total is not the sum of its items).
  public var updateProblem: String? {
    _read { yield contents.updateProblem }
    _modify { yield &contents.updateProblem }
  }
  /// The total line's label the sheet opened with (the configured total's, else the merchant the plugin
  /// knows): the merchant's updates price under it.
  public var totalLabel: String? {
    _read { yield contents.totalLabel }
    _modify { yield &contents.totalLabel }
  }

  public init(
    summaryItems: [SummaryItem], shippingMethods: [ShippingMethod], shippingMethod: ShippingMethod?,
    shippingContact: Contact?, card: WalletCard?
  ) {
    storage = Storage(
      Contents(
        summaryItems: summaryItems, shippingMethods: shippingMethods, shippingMethod: shippingMethod,
        shippingContact: shippingContact, card: card))
  }

  /// Two sheets are equal when they show and hold the same; sharing a box is the quick yes.
  public static func == (lhs: ApplePaySheet, rhs: ApplePaySheet) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.contents == rhs.storage.contents
  }

  /// The total: the last summary item.
  public var total: SummaryItem? { summaryItems.last }

  /// Why the shopper cannot authorise now, or nil when they can: in the shopper's words, except a mistake in
  /// the merchant's configuration, which is the developer's and stays in English.
  public func authorisationBlocker(
    _ configuration: ApplePayConfiguration, localisation: Localisation = .english
  ) -> String? {
    if let problem = configurationProblem ?? updateProblem { return problem }
    if pendingUpdate != nil { return localisation.text(.waitingForSheetUpdate) }
    if card == nil { return localisation.text(.addCardToApplePay) }
    if let missing = missingContactFields(configuration).first {
      return Self.prompt(for: missing, localisation: localisation)
    }
    if let billing = billingProblem(configuration, localisation: localisation) { return billing }
    if let blocking = errors.first(where: \.blocksAuthorisation) { return blocking.message }
    return nil
  }

  /// The required shipping contact fields the chosen contact lacks. PassKit itself asks for these before it
  /// lets the shopper pay; the merchant is not involved.
  public func missingContactFields(_ configuration: ApplePayConfiguration) -> [ContactField] {
    let required = configuration.requiredShippingContactFields
    guard !required.isEmpty else { return [] }
    return required.filter { field in
      switch field {
      case .postalAddress: return shippingContact?.postalAddress == nil
      case .name: return shippingContact?.name?.isEmpty ?? true
      case .phoneNumber: return shippingContact?.phoneNumber?.isEmpty ?? true
      case .emailAddress: return shippingContact?.emailAddress?.isEmpty ?? true
      }
    }
  }

  /// PassKit's own check of the chosen card: a merchant that requires a billing address, name or email
  /// address gets none from a card whose billing contact has none; the sheet asks for the first missing,
  /// in the order of `requiredBillingContactFields`.
  public func billingProblem(
    _ configuration: ApplePayConfiguration, localisation: Localisation = .english
  ) -> String? {
    guard let card else { return nil }
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
  public var selectionsForMerchant: SheetSelections {
    SheetSelections(
      shippingContact: shippingContact?.redacted, shippingMethod: shippingMethod, card: card,
      couponCode: couponCode, totalLabel: totalLabel)
  }

  /// The sheet's fields, held inline in its box.
  private struct Contents: Equatable, Sendable {
    var summaryItems: [SummaryItem]
    var shippingMethods: [ShippingMethod]
    var shippingMethod: ShippingMethod?
    var shippingContact: Contact?
    var card: WalletCard?
    var couponCode = ""
    var errors: [SheetError] = []
    var pendingUpdate: PendingUpdate?
    var needsInitialCardUpdate = false
    var phase: Phase = .reviewing
    var authorisingSince: Date?
    var authentication: AuthenticationKind = .faceID
    var configurationProblem: String?
    var updateProblem: String?
    var totalLabel: String?
  }

  /// The box the sheets share. `@unchecked Sendable` because `contents` is a `var`: it is changed only through
  /// `ApplePaySheet.contents`, after `isKnownUniquelyReferenced` says no other sheet (in any task) holds the
  /// box, and a box that is shared is only read, so no two tasks ever touch a box while one changes it.
  private final class Storage: @unchecked Sendable {
    var contents: Contents

    init(_ contents: Contents) {
      self.contents = contents
    }
  }
}
