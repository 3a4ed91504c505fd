/// Reads JSON text into a `JSONValue` that keeps each number as written and each key's line, and refuses a
/// key written twice in one object (Foundation's parsers keep one of the two silently).
///
/// It reads what RFC 8259 allows, one value with whitespace around it, and nothing else: no comments, no
/// trailing commas. Nesting is limited, so no input can exhaust the stack.
public struct JSONReader {
  /// The deepest nesting of objects and lists read.
  public static let maximumDepth = 512
  /// The most entries a list, or keys an object, may have: a real order has a few items, a theme a few dozen
  /// roles. Counted while reading, so that a 4 MB list of zeros is refused before it takes 130 MB.
  public static let maximumEntries = 1000
  /// The most values (numbers, strings, literals, lists and objects) one text may hold: far more than a
  /// scenario of a thousand items needs, and few enough that a 4 MB file of small lists (two million values
  /// within the limits above) is refused after a tenth of a megabyte instead of taking 114 MB and 11 s.
  public static let maximumValues = 100_000

  private let bytes: [UInt8]
  /// The deepest nesting this read takes (at most `maximumDepth`).
  private let depthLimit: Int
  private var offset = 0
  private var line = 1
  private var lineStart = 0
  /// Where the reader is, for errors: kept as keys and indices, made text only for an error (a list's
  /// `[index]` written for each element cost more than reading it).
  private var path: [PathStep] = []
  private var values = 0

  private init(_ bytes: [UInt8], depthLimit: Int) {
    self.bytes = bytes
    self.depthLimit = min(depthLimit, Self.maximumDepth)
  }

  /// The value of a JSON text, or a `JSONReadError`; objects and lists nested deeper than `maximumDepth`
  /// are a syntax error (a request body takes fewer levels than a file).
  public static func read<Bytes: Sequence>(_ text: Bytes, maximumDepth: Int = JSONReader.maximumDepth)
    throws -> JSONValue
  where Bytes.Element == UInt8 {
    var reader = JSONReader(Array(text), depthLimit: maximumDepth)
    reader.skipWhitespace()
    let value = try reader.value(depth: 0)
    reader.skipWhitespace()
    guard reader.offset == reader.bytes.count else { throw reader.syntax("unexpected text after the value") }
    return value
  }

  /// The value of a JSON string.
  public static func read(_ text: String) throws -> JSONValue { try read(Array(text.utf8)) }

  private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  private func syntax(_ problem: String) -> JSONReadError {
    .syntax(line: line, column: offset - lineStart + 1, problem: problem)
  }

  private mutating func skipWhitespace() {
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\n"):
        line += 1
        offset += 1
        lineStart = offset
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): offset += 1
      default: return
      }
    }
  }

  private mutating func value(depth: Int) throws -> JSONValue {
    guard let byte = current else { throw syntax("the text ends where a value was expected") }
    values += 1
    guard values <= Self.maximumValues else {
      throw JSONReadError.tooManyValues(path: Self.pathText(of: path), limit: Self.maximumValues)
    }
    switch byte {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw syntax("expected a value")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONValue {
    for expected in word.utf8 {
      guard current == expected else { throw syntax("expected \(word)") }
      offset += 1
    }
    return value
  }

  private mutating func object(depth: Int) throws -> JSONValue {
    guard depth <= depthLimit else {
      throw syntax("nested more than \(depthLimit) levels deep")
    }
    offset += 1
    var members: [JSONMember] = []
    // The line of each key, to find one written twice: a search of the members while they are few (most
    // objects), a dictionary from then on.
    var lines: [String: Int] = [:]
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      offset += 1
      return .object([])
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw syntax("expected a key in quotes") }
      let keyLine = line
      let key = try string()
      if members.count == Self.keysSearched {
        for member in members { lines[member.key] = member.line }
      }
      let first =
        members.count < Self.keysSearched ? members.first(where: { $0.key == key })?.line : lines[key]
      if let first {
        throw JSONReadError.duplicateKey(
          path: Self.pathText(of: path + [.key(key)]), firstLine: first, secondLine: keyLine)
      }
      if members.count >= Self.keysSearched { lines[key] = keyLine }
      guard members.count < Self.maximumEntries else {
        throw JSONReadError.tooManyEntries(
          path: Self.pathText(of: path), isList: false, limit: Self.maximumEntries)
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw syntax("expected : after a key") }
      offset += 1
      skipWhitespace()
      path.append(.key(key))
      let value = try value(depth: depth)
      path.removeLast()
      members.append(JSONMember(key: key, value: value, line: keyLine))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return .object(members)
      default: throw syntax("expected , or } in an object")
      }
    }
  }

  private mutating func array(depth: Int) throws -> JSONValue {
    guard depth <= depthLimit else {
      throw syntax("nested more than \(depthLimit) levels deep")
    }
    offset += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      offset += 1
      return .array([])
    }
    while true {
      guard elements.count < Self.maximumEntries else {
        throw JSONReadError.tooManyEntries(
          path: Self.pathText(of: path), isList: true, limit: Self.maximumEntries)
      }
      skipWhitespace()
      path.append(.index(elements.count))
      elements.append(try value(depth: depth))
      path.removeLast()
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return .array(elements)
      default: throw syntax("expected , or ] in a list")
      }
    }
  }

  /// A number's text, checked against JSON's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func number() throws -> String {
    let start = offset
    if current == UInt8(ascii: "-") { offset += 1 }
    guard let first = current, isDigit(first) else { throw syntax("expected a digit") }
    offset += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if current == UInt8(ascii: ".") {
      offset += 1
      guard let digit = current, isDigit(digit) else {
        throw syntax("expected a digit after the decimal point")
      }
      skipDigits()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      offset += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
      guard let digit = current, isDigit(digit) else { throw syntax("expected a digit in the exponent") }
      skipDigits()
    }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  private mutating func skipDigits() {
    while let byte = current, isDigit(byte) { offset += 1 }
  }

  private mutating func string() throws -> String {
    offset += 1
    // Most strings have no escape: they are made from their bytes at once, not a byte at a time.
    let start = offset
    while let byte = current, byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
      offset += 1
    }
    if current == UInt8(ascii: "\"") {
      offset += 1
      return String(decoding: bytes[start..<offset - 1], as: UTF8.self)
    }
    var text = Array(bytes[start..<offset])
    while true {
      guard let byte = current else { throw syntax("the text ends inside a string") }
      offset += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &text)
      case 0..<0x20:
        offset -= 1
        throw syntax("a control character inside a string (write it as an escape such as \\n)")
      default:
        text.append(byte)
      }
    }
  }

  private mutating func escape(into text: inout [UInt8]) throws {
    guard let byte = current else { throw syntax("the text ends inside a string") }
    offset += 1
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
      UInt8(ascii: "/"): UInt8(ascii: "/"), UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
      UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let replacement = simple[byte] {
      text.append(replacement)
      return
    }
    guard byte == UInt8(ascii: "u") else { throw syntax("an unknown escape in a string") }
    var scalar = try hexQuad()
    if (0xD800...0xDBFF).contains(scalar), current == UInt8(ascii: "\\"),
      offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
    {
      offset += 2
      let low = try hexQuad()
      guard (0xDC00...0xDFFF).contains(low) else { throw syntax("a lone surrogate in a \\u escape") }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let unicode = Unicode.Scalar(scalar) else { throw syntax("a lone surrogate in a \\u escape") }
    text.append(contentsOf: Array(String(Character(unicode)).utf8))
  }

  private mutating func hexQuad() throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Self.hexValue(byte) else {
        throw syntax("expected four hexadecimal digits after \\u")
      }
      value = value * 16 + digit
      offset += 1
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// A step of the reader's path: a key of an object, or the index of a list's element.
  private enum PathStep {
    case key(String)
    case index(Int)
  }

  /// How many keys of an object are searched one by one for a key written twice, before a dictionary.
  private static let keysSearched = 16

  /// `pathText` of the reader's path.
  private static func pathText(of steps: [PathStep]) -> String {
    pathText(
      steps.map { step in
        switch step {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
      })
  }

  /// `items[0].unitPrice` from path components (keys and `[index]`).
  static func pathText(_ components: [String]) -> String {
    var text = ""
    for component in components {
      if component.hasPrefix("[") {
        text += component
      } else {
        text += text.isEmpty ? component : "." + component
      }
    }
    return text.isEmpty ? "the top level" : text
  }
}
