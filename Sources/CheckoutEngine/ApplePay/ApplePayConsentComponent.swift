/// The button's `applePayConsentComponent` ("Consent component for data processing", in the seed): the
/// consent the app asks beside the Apple Pay button. The seed gives no behaviour for it, so PayDrill shows
/// its text under the highlighted Apple Pay method and in the gallery, and does not gate the payment on it.
public struct ApplePayConsentComponent: Equatable, Sendable, Codable {
  /// The consent's wording, as the shopper reads it.
  public var text: String

  public init(text: String) {
    self.text = text
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    text = try container.decode(String.self, forKey: .text)
    guard !text.trimmingWhitespace().isEmpty else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.text],
          debugDescription: "expected the consent's wording, not a blank"))
    }
  }

  /// The line a developer pastes: the component is an object of the app's, assigned to the configuration.
  public var snippet: String {
    "config.applePayConsentComponent = consentComponent  // \(SwiftLiteral.quoted(text))"
  }
}

extension ApplePayConsentComponent {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case text
  }
}
