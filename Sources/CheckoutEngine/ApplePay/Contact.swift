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

  public init(
    street: String, city: String, state: String, postalCode: String, country: String, isoCountryCode: String
  ) {
    self.street = street
    self.city = city
    self.state = state
    self.postalCode = postalCode
    self.country = country
    self.isoCountryCode = isoCountryCode
  }

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

  public init(
    name: String? = nil, postalAddress: PostalAddress? = nil, phoneNumber: String? = nil,
    emailAddress: String? = nil
  ) {
    self.name = name
    self.postalAddress = postalAddress
    self.phoneNumber = phoneNumber
    self.emailAddress = emailAddress
  }

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

  /// The contact's fields as event payload details, prefixed (`contact.city=…`).
  public func eventDetails(prefix: String) -> [EventDetail] {
    var details: [EventDetail] = []
    if let name { details.append(EventDetail("\(prefix).name", .string(name))) }
    if let address = postalAddress {
      if !address.street.isEmpty { details.append(EventDetail("\(prefix).street", .string(address.street))) }
      details.append(EventDetail("\(prefix).city", .string(address.city)))
      details.append(EventDetail("\(prefix).state", .string(address.state)))
      details.append(EventDetail("\(prefix).postalCode", .string(address.postalCode)))
      details.append(EventDetail("\(prefix).isoCountryCode", .string(address.isoCountryCode)))
    }
    if let phoneNumber { details.append(EventDetail("\(prefix).phoneNumber", .string(phoneNumber))) }
    if let emailAddress { details.append(EventDetail("\(prefix).emailAddress", .string(emailAddress))) }
    return details
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
