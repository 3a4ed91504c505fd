import Foundation

/// A postal address as the Wallet holds it (`CNPostalAddress`).
public struct PostalAddress: Equatable, Sendable, Codable {
  public var street: String
  public var city: String
  public var state: String
  public var postalCode: String
  public var country: String
  /// ISO 3166-1 alpha-2 ("US", "GB", "CA").
  public var isoCountryCode: String

  /// The postal code cut to its public part, as PassKit hands it to the merchant before authorisation:
  /// a US ZIP to 5 digits, UK and Canadian codes without their last 3 characters.
  public var publicPostalCode: String {
    let code = postalCode.trimmingWhitespace()
    switch isoCountryCode.uppercased() {
    case "US": return String(code.prefix(5))
    case "GB", "CA":
      let compact = code.filter { !$0.isWhitespace }
      return String(compact.dropLast(min(3, max(0, compact.count - 1))))
    default: return code
    }
  }

  /// One line for the sheet.
  public var singleLine: String {
    [street, city, [state, postalCode].filter { !$0.isEmpty }.joined(separator: " "), isoCountryCode]
      .filter { !$0.isEmpty }.joined(separator: ", ")
  }
}

/// A contact from the Wallet (`PKContact`): name, address, phone, email. Any part may be missing.
public struct Contact: Equatable, Sendable, Codable {
  public var name: String?
  public var postalAddress: PostalAddress?
  public var phoneNumber: String?
  public var emailAddress: String?

  /// What `onShippingContactSelected` receives before authorisation: no name, street, phone or email; city,
  /// state, country and the public part of the postal code only.
  public var redacted: Contact {
    Contact(
      postalAddress: postalAddress.map {
        PostalAddress(
          street: "", city: $0.city, state: $0.state, postalCode: $0.publicPostalCode, country: $0.country,
          isoCountryCode: $0.isoCountryCode)
      })
  }

  /// The contact's fields as event payload details, under the keys' prefix (`contact.city=…`).
  public func eventDetails(keys: EventKeys) -> [EventDetail] {
    var details: [EventDetail] = []
    let address = postalAddress
    let count =
      (name == nil ? 0 : 1) + (phoneNumber == nil ? 0 : 1) + (emailAddress == nil ? 0 : 1)
      + (address.map { $0.street.isEmpty ? 5 : 6 } ?? 0)
    details.reserveCapacity(count)
    if let name { details.append(EventDetail(keys.name, .string(name))) }
    if let address {
      if !address.street.isEmpty { details.append(EventDetail(keys.street, .string(address.street))) }
      details.append(EventDetail(keys.city, .string(address.city)))
      details.append(EventDetail(keys.state, .string(address.state)))
      details.append(EventDetail(keys.postalCode, .string(address.postalCode)))
      details.append(EventDetail(keys.country, .string(address.country)))
      details.append(EventDetail(keys.isoCountryCode, .string(address.isoCountryCode)))
    }
    if let phoneNumber { details.append(EventDetail(keys.phoneNumber, .string(phoneNumber))) }
    if let emailAddress { details.append(EventDetail(keys.emailAddress, .string(emailAddress))) }
    return details
  }

  /// The payload keys of a contact's fields under a prefix (`contact.city`), made once for each prefix the
  /// engine records: a key past 15 bytes is a string of its own on the heap, and the sheet records the
  /// contact every time the shopper changes it, in a log that is kept for the whole session.
  public struct EventKeys: Sendable {
    let name, street, city, state, postalCode, country, isoCountryCode, phoneNumber, emailAddress: String

    public init(prefix: String) {
      name = prefix + ".name"
      street = prefix + ".street"
      city = prefix + ".city"
      state = prefix + ".state"
      postalCode = prefix + ".postalCode"
      country = prefix + ".country"
      isoCountryCode = prefix + ".isoCountryCode"
      phoneNumber = prefix + ".phoneNumber"
      emailAddress = prefix + ".emailAddress"
    }

    /// `onShippingContactSelected`'s: the contact the shopper chose.
    public static let contact = EventKeys(prefix: "contact")
    /// `onPostAuthorisation`'s: the contact the payment ships to.
    public static let shippingContact = EventKeys(prefix: "shippingContact")
  }
}

extension PostalAddress {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case street, city, state, postalCode, country, isoCountryCode
  }
}

extension Contact {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, postalAddress, phoneNumber, emailAddress
  }
}
