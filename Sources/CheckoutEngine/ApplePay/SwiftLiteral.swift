/// Text written as a Swift string literal, for the snippets a developer pastes into an app.
enum SwiftLiteral {
  /// `text` in double quotes, with backslashes, quotes and line breaks escaped.
  static func quoted(_ text: String) -> String {
    var literal = "\""
    for character in text {
      switch character {
      case "\\": literal += "\\\\"
      case "\"": literal += "\\\""
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      default: literal.append(character)
      }
    }
    return literal + "\""
  }
}
