import Foundation

/// The seed's Paze rules, each with its code: the service is unavailable (SDK1122), the transaction is not
/// in USD (SDK1213) or not e-commerce (SDK1124), the session lacks a client id (SDK0118) or a merchant
/// category code (SDK1202A), the merchant's display configuration is too long (SDK1203 the display name,
/// SDK1204 the co-brand name, SDK1205 the transaction description: the seed groups the three codes under one
/// message, and which field each stands for is PayDrill's reading), or the shopper's details are invalid
/// (SDK1209 email, SDK1210 phone, SDK1211 first name, SDK1212 last name).
public enum PazeRules {
  /// The longest merchant display name Paze takes.
  public static let maximumDisplayName = 64
  /// The longest co-brand name Paze takes.
  public static let maximumCobrandName = 64
  /// The longest transaction description Paze takes.
  public static let maximumTransactionDescription = 100

  /// The first rule the checkout breaks, as the error Drop-in reports; nil when Paze can go ahead.
  public static func violation(in scenario: Scenario) -> SdkError? {
    guard let paze = scenario.session.allowedFundingTypes.wallets.paze else {
      return SdkError(errorCode: "SDK1122", errorMessage: "Paze is not enabled in this session")
    }
    if paze.available == false {
      return SdkError(errorCode: "SDK1122", errorMessage: "The Paze service is unavailable")
    }
    if scenario.currency.code != "USD" {
      return SdkError(
        errorCode: "SDK1213",
        errorMessage: "Paze supports USD only; this transaction is in \(scenario.currency.code)")
    }
    if scenario.entryType != "ecom" {
      return SdkError(
        errorCode: "SDK1124",
        errorMessage: "Paze needs entryType ecom; this transaction is \(scenario.entryType)")
    }
    if (paze.clientId ?? "").isEmpty {
      return SdkError(errorCode: "SDK0118", errorMessage: "The session has no Paze clientId")
    }
    if (paze.merchantCategoryCode ?? "").isEmpty {
      return SdkError(errorCode: "SDK1202A", errorMessage: "The session has no Paze merchantCategoryCode")
    }
    let displayFields: [(code: String, name: String, text: String?, maximum: Int)] = [
      (
        "SDK1203", "merchant display name", paze.merchantDisplayName ?? scenario.merchantName,
        maximumDisplayName
      ),
      ("SDK1204", "co-brand name", paze.cobrandName, maximumCobrandName),
      ("SDK1205", "transaction description", paze.transactionDescription, maximumTransactionDescription),
    ]
    for field in displayFields {
      guard let text = field.text, text.count > field.maximum else { continue }
      return SdkError(
        errorCode: field.code,
        errorMessage: "The Paze \(field.name) is \(text.count) characters; at most \(field.maximum)")
    }
    return shopperViolation(paze.shopper)
  }

  private static func shopperViolation(_ shopper: PazeShopper?) -> SdkError? {
    guard let shopper else { return nil }
    if let email = shopper.email, email.split(separator: "@").count != 2 || !email.contains(".") {
      return SdkError(
        errorCode: "SDK1209", errorMessage: "The shopper's email \"\(email)\" is not valid for Paze")
    }
    if let phone = shopper.phone, phone.filter(\.isNumber).count < 10 {
      return SdkError(errorCode: "SDK1210", errorMessage: "The shopper's phone number is not valid for Paze")
    }
    if let first = shopper.firstName, first.trimmingWhitespace().isEmpty || first.count > 35 {
      return SdkError(
        errorCode: "SDK1211", errorMessage: "The shopper's first name is empty or longer than 35 characters")
    }
    if let last = shopper.lastName, last.trimmingWhitespace().isEmpty || last.count > 35 {
      return SdkError(
        errorCode: "SDK1212", errorMessage: "The shopper's last name is empty or longer than 35 characters")
    }
    return nil
  }
}
