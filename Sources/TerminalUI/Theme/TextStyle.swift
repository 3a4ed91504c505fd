/// How one style role looks: colours and attributes.
public struct TextStyle: Equatable, Sendable, Codable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var bold: Bool
  public var dim: Bool
  public var underline: Bool
  public var reverse: Bool

  public init(
    foreground: TerminalColor = .terminalDefault, background: TerminalColor = .terminalDefault,
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case foreground = "fg"
    case background = "bg"
    case bold, dim, underline, reverse
  }

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
