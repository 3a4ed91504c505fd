extension CallbackEvent {
  /// A field of the payload that PassKit withholds, or cuts, until the shopper authorises.
  public struct Redaction: Equatable, Sendable {
    /// The field as the payload would name it (`contact.street`).
    public var field: String
    /// What PassKit does to it, in a few words.
    public var note: String
  }

  /// What PassKit redacts from this callback's payload before authorisation: the inspector marks it, so
  /// that a developer does not take a missing street or phone number for PayDrill's bug.
  public var redactedByPassKit: [Redaction] {
    switch name {
    case .onShippingContactSelected:
      let withheld = ["contact.name", "contact.street", "contact.phoneNumber", "contact.emailAddress"]
      return withheld.map { Redaction(field: $0, note: "withheld until authorisation") }
        + [
          Redaction(
            field: "contact.postalCode", note: "its public part only (US 5 digits, UK and CA outward code)")
        ]
    case .onPaymentMethodSelected:
      return [Redaction(field: "billingAddress", note: "withheld until authorisation")]
    default:
      return []
    }
  }
}
