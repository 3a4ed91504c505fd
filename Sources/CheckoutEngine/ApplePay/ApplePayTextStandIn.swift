/// What a scenario gives for an object of the app's that PayDrill cannot run: the button's `customContent`
/// (`(() -> AnyView)?`, a SwiftUI view) and its `applePayConsentComponent` ("Consent component for data
/// processing"). A terminal runs neither, so the scenario gives the text each shows
/// (`{"text": "Subscribe with Apple Pay"}`): the custom content is drawn in the button's place, the consent is
/// shown under the highlighted Apple Pay method. The seed gives the consent no behaviour, so PayDrill does not
/// hold the payment back on it.
public struct ApplePayTextStandIn: Equatable, Sendable, Codable {
  /// What the object shows.
  public var text: String

  public init(text: String) {
    self.text = text
  }

  enum CodingKeys: String, CodingKey, CaseIterable { case text }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    text = try container.decode(String.self, forKey: .text)
    guard !text.trimmingWhitespace().isEmpty else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: container.codingPath + [CodingKeys.text],
          debugDescription: "expected the text it shows, not a blank"))
    }
  }
}

/// The button's `customContent`, as the text its view shows.
public typealias ApplePayCustomContent = ApplePayTextStandIn
/// The button's `applePayConsentComponent`, as its wording.
public typealias ApplePayConsentComponent = ApplePayTextStandIn
