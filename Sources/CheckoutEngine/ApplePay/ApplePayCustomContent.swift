/// The button's `customContent` (`(() -> AnyView)?` in the SDK): SwiftUI content that replaces PassKit's
/// button. A terminal cannot run SwiftUI, so a scenario gives the text that content reads, and PayDrill
/// draws it in the button's place (`"customContent": {"text": "Subscribe with Apple Pay"}`).
public struct ApplePayCustomContent: Equatable, Sendable, Codable {
  /// What the custom view says, drawn instead of PassKit's words for the type.
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
          debugDescription: "expected the text the custom content shows, not a blank"))
    }
  }

  /// The line a developer pastes, in the seed's form.
  public var snippet: String {
    "config.customContent = { AnyView(Text(\(SwiftLiteral.quoted(text)))) }"
  }
}

extension ApplePayCustomContent {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case text
  }
}
