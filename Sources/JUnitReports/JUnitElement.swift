import Foundation

/// One element of a JUnit XML report (`testsuites`, `testsuite`, `testcase`, `failure`, …): its name, its
/// attributes in order, its child elements and its text.
///
/// `paydrill play --junit` builds its report from these, and `paydrill merge-junit` reads reports into them
/// and writes the merged one with the same code, so a merged report looks like one `play` wrote. Writing
/// needs no XML library: only reading does (`JUnitMerge`), and that stays out of the interactive program.
public struct JUnitElement: Equatable, Sendable {
  /// An attribute: `name="value"`, kept in the order it was written or read.
  public struct Attribute: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  public var name: String
  public var attributes: [Attribute]
  public var children: [JUnitElement]
  /// The character data directly inside the element (a failure's report, a `system-out`'s output), as read:
  /// entities resolved, whitespace kept. Whitespace between child elements is not text.
  public var text: String
  /// The line of the start tag in the file it was read from, for error messages; nil when built.
  public var line: Int?

  public init(
    _ name: String, _ attributes: [Attribute] = [], children: [JUnitElement] = [], text: String = "",
    line: Int? = nil
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.text = text
    self.line = line
  }

  /// The value of the attribute `name`, if the element has it.
  public func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// The child elements called `name`, in order.
  public func children(named name: String) -> [JUnitElement] {
    children.filter { $0.name == name }
  }

  /// A whole XML document with this element as its root: the declaration, the element, a final newline.
  public var document: String {
    ([#"<?xml version="1.0" encoding="UTF-8"?>"#] + lines(depth: 0)).joined(separator: "\n") + "\n"
  }

  /// The element as lines, indented two spaces a level from `depth`. Text is written as it is (a failure's
  /// report keeps its own lines); an element with neither text nor children is written `<name …/>`.
  public func lines(depth: Int) -> [String] {
    let indent = String(repeating: "  ", count: depth)
    let start =
      "<\(name)" + attributes.map { " \($0.name)=\"\(Self.escaped($0.value, quotes: true))\"" }.joined()
    let text = Self.escaped(text, quotes: false)
    if children.isEmpty {
      return [indent + start + (text.isEmpty ? "/>" : ">\(text)</\(name)>")]
    }
    let inner = (text.isEmpty ? [] : [indent + "  " + text]) + children.flatMap { $0.lines(depth: depth + 1) }
    return [indent + start + ">"] + inner + [indent + "</\(name)>"]
  }

  /// Text as XML 1.0 takes it: markup characters as entities, and control characters it cannot hold as "?".
  /// In an attribute (`quotes`), the characters a parser would turn into spaces are character references, so
  /// that a value reads back as it was written.
  public static func escaped(_ text: String, quotes: Bool) -> String {
    // Most text has nothing to escape (a failure's report, thousands of characters, is read scalar by
    // scalar otherwise): it is written as it is.
    guard needsEscaping(text, quotes: quotes) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      case "\n" where quotes: result += "&#10;"
      case "\t" where quotes: result += "&#9;"
      case "\r": result += "&#13;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "?"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `escaped` changes anything in the text: a markup character, a control character it does not
  /// keep, U+FFFE or U+FFFF (`EF BF BE` and `EF BF BF` in UTF-8).
  static func needsEscaping(_ text: String, quotes: Bool) -> Bool {
    var (twoBefore, before): (UInt8, UInt8) = (0, 0)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\r"): return true
      case UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\t"): if quotes { return true }
      case 0xBE, 0xBF: if twoBefore == 0xEF, before == 0xBF { return true }
      case ..<0x20: return true
      default: break
      }
      (twoBefore, before) = (before, byte)
    }
    return false
  }

  /// Seconds as JUnit writes a `time`: three decimals, a point whatever the locale.
  public static func seconds(_ seconds: Double) -> String {
    String(format: "%.3f", seconds)
  }
}
