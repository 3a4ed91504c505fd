/// A theme: how each style role looks. Decoded from `Themes/*.json`; `light` and `dark` are built in.
public struct Theme: Equatable, Sendable {
  /// Whether the theme is a light or a dark appearance.
  public enum Appearance: String, Codable, Sendable {
    case light
    case dark
  }

  public var name: String
  public var appearance: Appearance
  /// The style of each role; a role the theme leaves out looks like `normal`.
  public var roles: [StyleRole: TextStyle]

  /// The style of a role.
  public func style(for role: StyleRole) -> TextStyle {
    roles[role] ?? roles[.normal] ?? TextStyle()
  }

  /// The theme as `NO_COLOR` asks for it: attributes only. Roles that colour alone set apart (the selected
  /// row, the focused button, the header) are shown in reverse video instead.
  public var withoutColors: Theme {
    var plain = roles.mapValues(\.withoutColors)
    for role in [StyleRole.selected, .buttonFocused, .header, .applePayButton, .buttonBlack] {
      plain[role, default: TextStyle()].reverse = true
    }
    return Theme(name: name, appearance: appearance, roles: plain)
  }

  /// The built-in themes by name.
  public static let builtIn: [String: Theme] = [
    "light": .light, "dark": .dark, "high-contrast": .highContrast,
  ]
}

extension Theme: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case name, appearance, roles
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    appearance = try container.decodeIfPresent(Appearance.self, forKey: .appearance) ?? .dark
    let rolesContainer = try container.nestedContainer(keyedBy: RoleKey.self, forKey: .roles)
    var roles: [StyleRole: TextStyle] = [:]
    for key in rolesContainer.allKeys {
      guard let role = StyleRole(rawValue: key.stringValue) else {
        let known = StyleRole.allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: rolesContainer.codingPath + [key],
            debugDescription: "unknown style role \"\(key.stringValue)\" (expected one of \(known))"))
      }
      roles[role] = try rolesContainer.decode(TextStyle.self, forKey: key)
    }
    self.roles = roles
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(appearance, forKey: .appearance)
    var rolesContainer = container.nestedContainer(keyedBy: RoleKey.self, forKey: .roles)
    for role in StyleRole.allCases {
      if let style = roles[role] {
        try rolesContainer.encode(style, forKey: RoleKey(stringValue: role.rawValue))
      }
    }
  }

  struct RoleKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
