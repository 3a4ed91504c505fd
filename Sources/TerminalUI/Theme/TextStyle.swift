/// How one style role looks: colours and attributes.
public struct TextStyle: Equatable, Sendable, Codable {
  public var foreground: TerminalColor = .terminalDefault
  public var background: TerminalColor = .terminalDefault
  public var bold = false
  public var dim = false
  public var underline = false
  public var reverse = false

  enum CodingKeys: String, CodingKey, CaseIterable {
    case foreground = "fg"
    case background = "bg"
    case bold, dim, underline, reverse
  }
}

extension TextStyle {

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    foreground = try container.decodeIfPresent(TerminalColor.self, forKey: .foreground) ?? .terminalDefault
    background = try container.decodeIfPresent(TerminalColor.self, forKey: .background) ?? .terminalDefault
    bold = try container.decodeIfPresent(Bool.self, forKey: .bold) ?? false
    dim = try container.decodeIfPresent(Bool.self, forKey: .dim) ?? false
    underline = try container.decodeIfPresent(Bool.self, forKey: .underline) ?? false
    reverse = try container.decodeIfPresent(Bool.self, forKey: .reverse) ?? false
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if foreground != .terminalDefault { try container.encode(foreground, forKey: .foreground) }
    if background != .terminalDefault { try container.encode(background, forKey: .background) }
    if bold { try container.encode(true, forKey: .bold) }
    if dim { try container.encode(true, forKey: .dim) }
    if underline { try container.encode(true, forKey: .underline) }
    if reverse { try container.encode(true, forKey: .reverse) }
  }

  /// The same attributes without colours, for `NO_COLOR`.
  public var withoutColors: TextStyle {
    TextStyle(bold: bold, dim: dim, underline: underline, reverse: reverse)
  }
}
