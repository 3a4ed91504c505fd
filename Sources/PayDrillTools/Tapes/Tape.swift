import CheckoutEngine
import Foundation
import PayDrillFiles
import TerminalUI

/// A tape: keys, pauses and waits in VHS syntax, replayed against the checkout with no terminal needed.
///
/// Supported: `Type "…"`, `Enter`, `Up`, `Down`, `Left`, `Right`, `Tab`, `Shift+Tab`, `Escape`, `Backspace`,
/// `Delete`, `Space`, `Ctrl+C`, `Ctrl+E`, `Ctrl+S` (each with an optional count: `Down 2`), `Sleep 100ms` (`s`, `ms`,
/// or bare seconds), `Wait /regex/` with an optional timeout (`Wait@5s /re/` or `Wait /re/ @5s`),
/// `Expect event NAME [key=value…]`, `Expect screen /regex/`, `Expect total "…"` (with the same timeout
/// syntax), `Caption "…"`, and `#` comments. A comment `# paydrill: --scenario NAME --size 100x32 …` is the
/// tape's header: the options it was recorded with. VHS's recording settings (`Output`, `Set`, `Require`,
/// `Hide`, `Show`) are accepted and ignored, so a tape written for VHS plays here too.
public struct Tape: Equatable, Sendable {
  public var file: String
  public var steps: [TapeStep]
  /// The options of the header comment (`# paydrill: --scenario harbour-books --seed 7`), which the command
  /// line may override.
  public var headerArguments: [String] = []

  /// How long a `Wait` waits when the tape gives no timeout (VHS's default).
  public static let defaultWaitTimeout = Duration.seconds(15)
  /// How long an `Expect` gives the checkout to get there when the tape gives no timeout.
  public static let defaultExpectTimeout = Duration.seconds(5)
  /// The comment that starts a header.
  public static let headerPrefix = "# paydrill:"

  /// Reads and parses a tape file.
  public static func load(path: String) throws -> Tape {
    try parse(try text(path: path), file: path)
  }

  /// The largest tape PayDrill reads (a long hand-written tape is a few KB).
  static let maximumBytes = 1024 * 1024
  /// The most keys a tape presses in all: `Down 1000` on every line of a 1 MB tape would press a hundred
  /// million and play for minutes. A recorded session of an hour presses a few thousand.
  public static let maximumKeys = 100_000

  /// A tape file's text, or a `TapeError` when it cannot be read, is too large or is not UTF-8.
  package static func text(path: String) throws -> String {
    let data: Data
    switch BoundedFile.read(path, limit: maximumBytes) {
    case .success(let contents): data = contents
    case .failure(.missing), .failure(.unreadable):
      throw TapeError(file: path, line: 0, problem: "no such file or it cannot be read")
    case .failure(let failure): throw TapeError(file: path, line: 0, problem: failure.problem)
    }
    if let problem = UTF8Text.problem(in: data) {
      throw TapeError(file: path, line: problem.line, problem: problem.text)
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Parses a tape's text; throws the first bad line.
  public static func parse(_ text: String, file: String) throws -> Tape {
    let (tape, problems) = scan(text, file: file)
    if let first = problems.first { throw first }
    return tape
  }

  /// Parses a tape's text line by line, going on past bad lines: the steps of the good lines, and a
  /// problem for every bad one (what `paydrill check` reports).
  public static func scan(_ text: String, file: String) -> (tape: Tape, problems: [TapeError]) {
    var steps: [TapeStep] = []
    var header: [String] = []
    var problems: [TapeError] = []
    var keys = 0
    // A tape saved on Windows ends its lines with CR LF, which Swift holds as one Character.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, rawLine) in lines.enumerated() {
      let line = rawLine.trimmingWhitespace()
      if line.hasPrefix(headerPrefix) {
        do {
          header += try arguments(String(line.dropFirst(headerPrefix.count)))
        } catch let problem as Problem {
          problems.append(TapeError(file: file, line: index + 1, problem: problem.text))
        } catch {
          problems.append(TapeError(file: file, line: index + 1, problem: "\(error)"))
        }
        continue
      }
      if line.isEmpty || line.hasPrefix("#") { continue }
      do {
        guard let command = try parseLine(line) else { continue }
        let before = keys
        keys += command.keyCount
        if before <= maximumKeys, keys > maximumKeys {
          throw Problem(
            text: "the tape presses more than \(maximumKeys) keys in all (Type counts its characters); "
              + "split it into several tapes")
        }
        steps.append(TapeStep(line: index + 1, command: command))
      } catch let problem as Problem {
        problems.append(TapeError(file: file, line: index + 1, problem: problem.text))
      } catch {
        problems.append(TapeError(file: file, line: index + 1, problem: "\(error)"))
      }
    }
    return (Tape(file: file, steps: steps, headerArguments: header), problems)
  }

  /// A header's options, split like a shell would split them (double quotes group words).
  static func arguments(_ text: String) throws -> [String] {
    var arguments: [String] = []
    var current = ""
    var quoted = false
    var started = false
    for character in text {
      if character == "\"" {
        quoted.toggle()
        started = true
      } else if character.isWhitespace && !quoted {
        if started { arguments.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
        started = true
      }
    }
    guard !quoted else { throw Problem(text: "the header has an unclosed quote") }
    if started { arguments.append(current) }
    return arguments
  }

  struct Problem: Error {
    var text: String
  }

  /// The keys a tape presses by name, spelt as `record` writes them (`TapeRecorder.name(of:)` reads this table
  /// the other way); a tape may write them in any case, and `Esc` for Escape.
  static let namedKeys: [(name: String, key: KeyEvent)] = [
    ("Enter", .enter), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right), ("Tab", .tab),
    ("Shift+Tab", .backTab), ("Escape", .escape), ("Backspace", .backspace), ("Delete", .delete),
    ("Space", .character(" ")), ("Ctrl+C", .interrupt), ("Ctrl+E", .character("\u{05}")),
    ("Ctrl+S", .character("\u{13}")), ("Home", .home), ("End", .end), ("PageUp", .pageUp),
    ("PageDown", .pageDown),
  ]

  /// `namedKeys` by lower-cased name, with `esc`.
  static let keys: [String: KeyEvent] = Dictionary(
    uniqueKeysWithValues: namedKeys.map { ($0.name.lowercased(), $0.key) } + [("esc", .escape)])

  static let ignored: Set<String> = [
    "output", "set", "require", "hide", "show", "source", "screenshot", "env",
  ]

  private static func parseLine(_ line: String) throws -> TapeCommand? {
    let word = String(line.prefix { !$0.isWhitespace })
    let rest = line.dropFirst(word.count).trimmingWhitespace()
    let name = String(word.prefix { $0 != "@" }).lowercased()
    if ignored.contains(name) { return nil }
    switch name {
    case "type":
      let text = try quoted(rest)
      if text.contains(TapeRecorder.withheldDigit) {
        throw Problem(text: TapeRecorder.withheldProblem)
      }
      return .type(text)
    case "sleep":
      return .sleep(try duration(rest, defaultUnit: "s"))
    case "wait", "wait+screen", "wait+line":
      let (pattern, timeout) = try patternAndTimeout(
        word: word, rest: rest, defaultTimeout: defaultWaitTimeout)
      return .wait(pattern: pattern, timeout: timeout)
    case "expect":
      return try expect(word: word, rest: rest)
    case "caption":
      return .caption(try quoted(rest))
    case "click":
      let numbers = rest.split(separator: " ").compactMap { Int($0) }
      guard numbers.count == 2, numbers.allSatisfy({ (0...10_000).contains($0) }) else {
        throw Problem(text: "expected Click COLUMN ROW (from 0, the top left cell), found \"\(rest)\"")
      }
      return .press(.click(x: numbers[0], y: numbers[1]), count: 1)
    default:
      guard let key = keys[name] else {
        throw Problem(
          text:
            "unknown command \"\(word)\" (expected Type, Enter, Up, Down, Tab, Escape, Backspace, Sleep, Wait, …)"
        )
      }
      var count = 1
      if !rest.isEmpty {
        guard let number = Int(rest), (1...1000).contains(number) else {
          throw Problem(text: "expected a repeat count from 1 to 1000 after \(word), found \"\(rest)\"")
        }
        count = number
      }
      return .press(key, count: count)
    }
  }

  private static func expect(word: String, rest: String) throws -> TapeCommand {
    let kind = String(rest.prefix { !$0.isWhitespace })
    let argument = rest.dropFirst(kind.count).trimmingWhitespace()
    let usage = "expected Expect event NAME [key=value…], Expect screen /regex/ or Expect total \"…\""
    switch kind.lowercased() {
    case "screen":
      let (pattern, timeout) = try patternAndTimeout(
        word: word, rest: argument, defaultTimeout: defaultExpectTimeout)
      return .expect(.screen(pattern: pattern), timeout: timeout)
    case "total":
      return .expect(
        .total(try quoted(argument)), timeout: try timeout(in: word, default: defaultExpectTimeout))
    case "event":
      var words = try arguments(argument)
      guard !words.isEmpty else { throw Problem(text: usage) }
      let name = words.removeFirst()
      guard CallbackName(rawValue: name) != nil else {
        let names = CallbackName.allCases.map(\.rawValue).joined(separator: ", ")
        throw Problem(text: "unknown event \"\(name)\" (expected one of \(names))")
      }
      var details: [String: String] = [:]
      for pair in words {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
          throw Problem(text: "expected key=value after Expect event \(name), found \"\(pair)\"")
        }
        details[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      return .expect(
        .event(name: name, details: details), timeout: try timeout(in: word, default: defaultExpectTimeout))
    default:
      throw Problem(text: usage)
    }
  }

  /// The timeout written after `@` in the command's word (`Expect@2s`), or the default.
  private static func timeout(in word: String, default fallback: Duration) throws -> Duration {
    guard let at = word.firstIndex(of: "@") else { return fallback }
    return try duration(String(word[word.index(after: at)...]), defaultUnit: "s")
  }

  private static func patternAndTimeout(word: String, rest: String, defaultTimeout: Duration) throws -> (
    String, Duration
  ) {
    var timeout = try timeout(in: word, default: defaultTimeout)
    var body = rest
    if let at = body.range(of: "@", options: .backwards),
      body[at.upperBound...].allSatisfy({ !$0.isWhitespace && $0 != "/" }),
      body[..<at.lowerBound].hasSuffix(" ") || body[..<at.lowerBound].hasSuffix("/")
    {
      timeout = try duration(String(body[at.upperBound...]), defaultUnit: "s")
      body = body[..<at.lowerBound].trimmingCharacters(in: .whitespaces)
    }
    guard body.count >= 2, body.hasPrefix("/"), body.hasSuffix("/") else {
      throw Problem(text: "expected \(word.prefix { $0 != "@" }) /regex/, found \"\(rest)\"")
    }
    let pattern = String(body.dropFirst().dropLast())
    do {
      _ = try NSRegularExpression(pattern: pattern)
    } catch {
      throw Problem(text: "the regular expression /\(pattern)/ is not valid")
    }
    return (pattern, timeout)
  }

  private static func quoted(_ text: String) throws -> String {
    guard let quote = text.first, ["\"", "'", "`"].contains(quote), text.count >= 2, text.last == quote else {
      throw Problem(text: "expected Type followed by quoted text, like Type \"4242 4242 4242 4242\"")
    }
    var result = ""
    var escaped = false
    for character in text.dropFirst().dropLast() {
      if escaped {
        result.append(character == "n" ? "\n" : character)
        escaped = false
      } else if character == "\\" && quote == "\"" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// The longest `Sleep`, `Wait` or `Expect` timeout, in milliseconds: an hour.
  static let longestDuration: Double = 3_600_000

  private static func duration(_ text: String, defaultUnit: String) throws -> Duration {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    let unit: String
    let number: Substring
    if trimmed.hasSuffix("ms") {
      unit = "ms"
      number = trimmed.dropLast(2)
    } else if trimmed.hasSuffix("s") {
      unit = "s"
      number = trimmed.dropLast()
    } else if trimmed.hasSuffix("m") {
      unit = "m"
      number = trimmed.dropLast()
    } else {
      unit = defaultUnit
      number = Substring(trimmed)
    }
    // The limit is an hour whatever the unit (a recorded pause is written in milliseconds).
    let scale: Double = unit == "ms" ? 1 : unit == "s" ? 1000 : 60_000
    guard let value = Double(number), value >= 0, value * scale <= Self.longestDuration else {
      throw Problem(text: "expected a duration like 500ms or 2s (at most an hour), found \"\(text)\"")
    }
    return .milliseconds(Int((value * scale).rounded()))
  }
}
