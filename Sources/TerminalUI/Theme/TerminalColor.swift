/// A colour as a theme writes it: the terminal's default, one of the 256 indexed colours, or `#rrggbb`.
/// Backends resolve it to what the terminal has (256, 16 or the 8 basic colours).
public enum TerminalColor: Equatable, Sendable {
  case terminalDefault
  case indexed(Int)
  case rgb(red: Int, green: Int, blue: Int)

  /// The names of the first 16 indexed colours.
  public static let names = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "brightblack", "brightred", "brightgreen", "brightyellow", "brightblue", "brightmagenta", "brightcyan",
    "brightwhite",
  ]

  /// What a theme file may write, for error messages.
  public static let expectation =
    "a colour name (default, black, red, green, yellow, blue, magenta, cyan, white, gray, bright…), "
    + "an index 0-255 or \"#rrggbb\""

  /// Parses a colour name or `#rrggbb`.
  public init?(name: String) {
    let folded = name.lowercased().filter { $0 != "_" && $0 != "-" }
    if folded == "default" {
      self = .terminalDefault
    } else if folded == "gray" || folded == "grey" {
      self = .indexed(8)
    } else if let index = Self.names.firstIndex(of: folded) {
      self = .indexed(index)
    } else if folded.hasPrefix("#"), folded.count == 7, let value = Int(folded.dropFirst(), radix: 16) {
      self = .rgb(red: value >> 16 & 0xFF, green: value >> 8 & 0xFF, blue: value & 0xFF)
    } else {
      return nil
    }
  }

  /// The colour number for a terminal with `colorCount` colours; -1 is the terminal's default.
  public func resolved(colorCount: Int) -> Int {
    switch self {
    case .terminalDefault:
      return -1
    case .indexed(let index):
      if index < colorCount { return index }
      if index < 16 { return index - 8 }
      return Self.nearest(Self.rgbOf(index: index), among: min(colorCount, 16))
    case .rgb(let red, let green, let blue):
      if colorCount >= 256 { return Self.nearest256(red, green, blue) }
      return Self.nearest((red, green, blue), among: min(colorCount, 16))
    }
  }

  /// The foreground and background numbers of a style for a terminal with `colorCount` colours, kept apart:
  /// when both fall on the same basic colour (a light grey on a lighter grey with 8 colours), the text turns
  /// black or white, whichever stands out from the background. With 256 colours the theme's choice stands.
  public static func readablePair(foreground: TerminalColor, background: TerminalColor, colorCount: Int)
    -> (foreground: Int, background: Int)
  {
    let front = foreground.resolved(colorCount: colorCount)
    let back = background.resolved(colorCount: colorCount)
    guard colorCount < 256, front == back, back >= 0, back < 16 else { return (front, back) }
    let (red, green, blue) = basic[back]
    let isDark = red * 299 + green * 587 + blue * 114 < 128_000
    return (isDark ? (colorCount >= 16 ? 15 : 7) : 0, back)
  }

  /// The colour's red, green and blue (0-255), as xterm shows an indexed colour; nil for the terminal's
  /// default, which only the terminal knows.
  public var rgbComponents: (red: Int, green: Int, blue: Int)? {
    switch self {
    case .terminalDefault: return nil
    case .indexed(let index):
      let (red, green, blue) = Self.rgbOf(index: index)
      return (red, green, blue)
    case .rgb(let red, let green, let blue): return (red, green, blue)
    }
  }

  /// The RGB of an xterm colour index.
  static func rgbOf(index: Int) -> (Int, Int, Int) {
    if index < 16 { return basic[index] }
    if index >= 232 {
      let level = 8 + (index - 232) * 10
      return (level, level, level)
    }
    let cube = index - 16
    let steps = [0, 95, 135, 175, 215, 255]
    return (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
  }

  private static let basic: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
    (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
    (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let red = a.0 - b.0
    let green = a.1 - b.1
    let blue = a.2 - b.2
    return red * red + green * green + blue * blue
  }

  /// The nearest of the first `count` (8 or 16) colours. Greys go to black, grey or white by lightness,
  /// never to a hue that happens to be closer in RGB (mid grey is nearer yellow than white).
  private static func nearest(_ color: (Int, Int, Int), among count: Int) -> Int {
    let chroma = max(color.0, color.1, color.2) - min(color.0, color.1, color.2)
    if chroma < 48 {
      let level = (color.0 + color.1 + color.2) / 3
      let greys = count >= 16 ? [0, 8, 7, 15] : [0, 7]
      return greys.min { abs(basic[$0].0 - level) < abs(basic[$1].0 - level) } ?? 7
    }
    let candidates = 0..<max(1, min(count, 16))
    return candidates.min { distance(basic[$0], color) < distance(basic[$1], color) } ?? 7
  }

  private static func nearest256(_ red: Int, _ green: Int, _ blue: Int) -> Int {
    (16..<256).min {
      distance(rgbOf(index: $0), (red, green, blue)) < distance(rgbOf(index: $1), (red, green, blue))
    }
      ?? 7
  }
}

extension TerminalColor: Codable {
  public init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let index = try? container.decode(Int.self) {
      guard (0...255).contains(index) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "colour index \(index) is out of range (expected \(Self.expectation))")
      }
      self = .indexed(index)
      return
    }
    guard let name = try? container.decode(String.self) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected \(Self.expectation)")
    }
    guard let color = TerminalColor(name: name) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "unknown colour \"\(name)\" (expected \(Self.expectation))")
    }
    self = color
  }

  public func encode(to encoder: Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .terminalDefault: try container.encode("default")
    case .indexed(let index):
      if index < 16 { try container.encode(Self.names[index]) } else { try container.encode(index) }
    case .rgb(let red, let green, let blue):
      try container.encode("#" + [red, green, blue].map { hex2($0) }.joined())
    }
  }

  private func hex2(_ value: Int) -> String {
    let text = String(value, radix: 16)
    return text.count == 1 ? "0" + text : text
  }
}
