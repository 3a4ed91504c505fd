/// What the shopper has typed into the card form, and the field errors currently shown.
///
/// Input rules live here, not in the terminal: the number and the security code take digits only, the expiry
/// takes four digits (shown as MM/YY), and each field stops at the length its scheme allows.
public struct CardForm: Equatable, Sendable {
  /// Card number digits, without spaces.
  public var number: String = ""
  /// Expiry digits, MMYY, without the slash.
  public var expiry: String = ""
  public var securityCode: String = ""
  public var holderName: String = ""
  /// The billing postcode (letters, digits, spaces and hyphens), when the form asks for it.
  public var postalCode: String = ""
  /// The error shown under each field, if any.
  public var errors: [CardField: String] = [:]

  public init() {}

  /// The detected scheme of the number typed so far.
  public var scheme: CardScheme? { CardScheme.detect(number) }

  /// The raw value of a field.
  public func value(of field: CardField) -> String {
    switch field {
    case .number: return number
    case .expiry: return expiry
    case .securityCode: return securityCode
    case .holderName: return holderName
    case .postalCode: return postalCode
    }
  }

  /// The value as it is shown: the number grouped, the expiry with its slash.
  public func displayValue(of field: CardField) -> String {
    switch field {
    case .number: return CardNumber.grouped(number)
    case .expiry: return expiry.count > 2 ? "\(expiry.prefix(2))/\(expiry.dropFirst(2))" : expiry
    case .securityCode: return String(repeating: "•", count: securityCode.count)
    case .holderName, .postalCode: return value(of: field)
    }
  }

  /// Types text into a field; characters the field cannot take are ignored. Editing a field clears its error.
  public mutating func type(_ text: String, into field: CardField) {
    switch field {
    case .number:
      let maxLength = (CardScheme.detect(number + digits(of: text)) ?? .visa).validLengths.max() ?? 19
      number = String((number + digits(of: text)).prefix(maxLength))
    case .expiry:
      expiry = String((expiry + digits(of: text)).prefix(4))
    case .securityCode:
      securityCode = String((securityCode + digits(of: text)).prefix(scheme?.securityCodeLength ?? 4))
    case .holderName:
      let printable = text.filter { character in
        character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
      }
      holderName = String((holderName + printable).prefix(40))
    case .postalCode:
      let allowed = text.uppercased().filter {
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " " || $0 == "-")
      }
      postalCode = String((postalCode + allowed).prefix(10))
    }
    errors[field] = nil
  }

  /// Deletes the last character of a field.
  public mutating func deleteBackward(in field: CardField) {
    switch field {
    case .number: number = String(number.dropLast())
    case .expiry: expiry = String(expiry.dropLast())
    case .securityCode: securityCode = String(securityCode.dropLast())
    case .holderName: holderName = String(holderName.dropLast())
    case .postalCode: postalCode = String(postalCode.dropLast())
    }
    errors[field] = nil
  }

  private func digits(of text: String) -> String { text.filter { $0.isASCII && $0.isNumber } }
}
