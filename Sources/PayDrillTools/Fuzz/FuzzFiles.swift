import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillFiles

/// Hostile files for PayDrill's readers, made from a checkout's seed: a scenario's JSON cut, spliced,
/// nested past the limits, with a key written twice or misspelt, numbers no field can hold, lists past their
/// length, control characters, lone surrogates and bytes that are not UTF-8; and tapes of commands with bad
/// counts, durations, patterns, quotes and headers. Each file is written to a folder and read as `--scenario`
/// and `play` read them and as `paydrill check` reports them: it must load, or be refused with lines that
/// each name the file, and nothing may crash. A file that breaks this is kept, and its path is in the report.
public struct FuzzFiles {
  /// How the command line reads a tape's header and what `paydrill check` reports of a file: the command line
  /// sits above the fuzzer, so it hands its readers in (`FuzzCommand.readers`).
  public struct Readers: Sendable {
    public var tapeHeader: @Sendable (Tape) throws -> Void
    public var check: @Sendable (_ path: String) -> [String]
    /// What `check` reports of a scenario that loads but would be refused once it runs (an Apple Pay total
    /// that is not the sum of its items): the only problems `check` may find in a file that loads.
    public var laterRefusals: @Sendable (_ scenario: Scenario, _ path: String) -> [String]

    public init(
      tapeHeader: @escaping @Sendable (Tape) throws -> Void, check: @escaping @Sendable (String) -> [String],
      laterRefusals: @escaping @Sendable (Scenario, String) -> [String]
    ) {
      self.tapeHeader = tapeHeader
      self.check = check
      self.laterRefusals = laterRefusals
    }
  }

  private var random: SeededRandom
  private let folder: String
  private let readers: Readers

  init(seed: UInt64, folder: String, readers: Readers) {
    random = SeededRandom(seed: seed ^ 0xF11E5)
    self.folder = folder
    self.readers = readers
  }

  /// How many files one call makes.
  static let filesPerCall = 3

  /// Makes and reads a scenario from `scenario`'s JSON and a tape; the first file that is not taken or
  /// refused as it should be.
  mutating func check(from scenario: Scenario) -> FuzzViolation? {
    check(fromJSON: Self.json(of: scenario))
  }

  /// A scenario's JSON, which the scenario files are made from (the fuzzer keeps each scenario's: encoding
  /// it cost more than some of the files it reads).
  static func json(of scenario: Scenario) -> String {
    // Keys sorted: a dictionary's keys come out in the process's hash order, so the same seed mutated other
    // bytes from one run to the next and `--seed` did not repeat a run.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return (try? encoder.encode(scenario)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  /// `check(from:)` with the scenario's JSON at hand.
  mutating func check(fromJSON text: String) -> FuzzViolation? {
    for index in 0..<Self.filesPerCall - 1 {
      var bytes = Array(text.utf8)
      for _ in 0...number(3) { mutate(&bytes) }
      if let violation = read(bytes, name: "scenario-\(index).json", kind: .scenario) { return violation }
    }
    return read(Array(tape().utf8), name: "tape.tape", kind: .tape)
  }

  enum Kind { case scenario, tape }

  /// Writes the file, reads it as PayDrill would, and keeps it when the reading breaks the invariant.
  func read(_ bytes: [UInt8], name: String, kind: Kind) -> FuzzViolation? {
    let path = folder + "/" + name
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return nil }
    var problems: [String] = []
    // What `check` must report besides what loading refuses: a scenario that loads may still be refused
    // once it runs, and `check` says so now.
    var later: [String] = []
    switch kind {
    case .scenario:
      do {
        later = readers.laterRefusals(try ScenarioLocator.scenario(named: path), path)
      } catch {
        problems.append("\(error)")
      }
    case .tape:
      do {
        let tape = try Tape.load(path: path)
        try readers.tapeHeader(tape)
      } catch {
        problems.append("\(error)")
      }
    }
    let reported = readers.check(path)
    // One line each, naming the file, and safe to print: no control character from the file reaches the
    // terminal (a tape's ESC would move its cursor).
    let unclear = (problems + reported).first { problem in
      !problem.hasPrefix(path) || problem.count > 2000
        || problem.unicodeScalars.contains(where: PrintableText.isControl)
    }
    if (problems.isEmpty ? reported != later : reported.isEmpty) || unclear != nil {
      let kept = folder + "/kept-" + UUID().uuidString + "-" + name
      try? FileManager.default.copyItem(atPath: path, toPath: kept)
      let what =
        unclear.map {
          "the message \"\(PrintableText.visible(String($0.prefix(300))))\" is not one safe line naming the file"
        }
        ?? "loading says \(problems.first ?? "ok") but check says \(reported.first ?? "ok")"
      return FuzzViolation(.files, "\(kept): \(what)")
    }
    return nil
  }

  // MARK: - Mutations

  private mutating func number(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }

  private mutating func element<T>(_ items: [T]) -> T { items[number(items.count)] }

  /// One change to the JSON text, at a random place.
  private mutating func mutate(_ bytes: inout [UInt8]) {
    guard !bytes.isEmpty else { return }
    let at = number(bytes.count)
    switch number(11) {
    case 0:
      bytes.removeSubrange(at..<min(bytes.count, at + 1 + number(40)))
    case 1:
      let span = Array(bytes[at..<min(bytes.count, at + 1 + number(60))])
      bytes.insert(contentsOf: span, at: number(bytes.count))
    case 2:
      replaceNumber(
        in: &bytes, with: element(["1e300", "1e-300", "99999999999999999999", "-0", "0.0000001", "-1"]))
    case 3:
      // A key the object has already.
      if let brace = bytes.firstIndex(of: UInt8(ascii: "{")) {
        bytes.insert(contentsOf: Array(#""merchant": {"name": "twice"}, "#.utf8), at: brace + 1)
      }
    case 4:
      let depth = element([63, 64, 65, 600])
      let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      replaceValue(in: &bytes, with: nested)
    case 5:
      bytes.insert(contentsOf: element([[0x00], [0x1B, 0x5B, 0x33, 0x31, 0x6D], [0x07], [0x7F]]), at: at)
    case 6:
      bytes.insert(contentsOf: element([[0xFF], [0xC0, 0x80], [0x80], [0xED, 0xA0, 0x80]]), at: at)
    case 7:
      replaceValue(in: &bytes, with: element([#""\ud800""#, #""\udc00x""#, #""a\u0000b""#, #""\u001b[2J""#]))
    case 8:
      // A misspelt key: a letter doubled inside the first key after this place.
      if let quote = bytes[at...].firstIndex(of: UInt8(ascii: "\"")), quote + 2 < bytes.count {
        bytes.insert(bytes[quote + 1], at: quote + 1)
      }
    case 9:
      bytes.removeSubrange(at..<bytes.count)
    default:
      let items = Array(repeating: #"{"name": "x", "unitPrice": "1.00"}"#, count: 1001).joined(separator: ",")
      replaceValue(in: &bytes, with: "[" + items + "]")
    }
  }

  /// Replaces the first number after a random place.
  private mutating func replaceNumber(in bytes: inout [UInt8], with text: String) {
    let start = number(bytes.count)
    guard let first = bytes[start...].firstIndex(where: { (0x30...0x39).contains($0) }) else { return }
    var end = first
    while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: ".") {
      end += 1
    }
    bytes.replaceSubrange(first..<end, with: Array(text.utf8))
  }

  /// Replaces the value after the first `:` after a random place, up to the next `,` or `}`.
  private mutating func replaceValue(in bytes: inout [UInt8], with text: String) {
    let start = number(bytes.count)
    guard let colon = bytes[start...].firstIndex(of: UInt8(ascii: ":")) else { return }
    let end =
      bytes[(colon + 1)...].firstIndex { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") } ?? bytes.count
    bytes.replaceSubrange((colon + 1)..<end, with: Array(text.utf8))
  }

  /// A tape of random commands, good and bad.
  private mutating func tape() -> String {
    var tapeLines: [String] = []
    if number(3) == 0 {
      tapeLines.append(
        element([
          "# paydrill: --scenario tokyo-yen --size 80x24", "# paydrill: --junit x.xml",
          "# paydrill: --size 1x1",
          "# paydrill: --scenario \"unclosed", "# paydrill: --latency -5",
          "# paydrill: --seed 18446744073709551616",
        ]))
    }
    for _ in 0..<(1 + number(12)) {
      // The numbers are drawn for every line, then the line: only the line drawn is written out.
      let (down, sleep, wait, typed) = (number(2000), number(5000), number(90), number(3000))
      let lines = [
        { "Type \"4242 4242 4242 4242\"" }, { "Type \"unclosed" }, { "Type 4242" }, { "Enter" },
        { "Down \(down)" }, { "Up 0" }, { "Tab -1" }, { "Sleep \(sleep)ms" }, { "Sleep 2h" },
        { "Sleep soon" },
        { "Wait /Paid/" }, { "Wait /(/" }, { "Wait@\(wait)s /Pay/" }, { "Wait@1s /(.*.*)*=xyz/" },
        { "Expect event onSuccess amount=49.99" }, { "Expect screen /[/" }, { "Expect total \"$1\"" },
        { "Expect nothing" }, { "Caption \"\u{1B}[2J\"" }, { "Jump" }, { "Ctrl+C" }, { "Click 3 4" },
        { "Click x" }, { "Set FontSize 20" }, { "\u{0}" },
        { "Type \"\(String(repeating: "x", count: typed))\"" },
      ]
      tapeLines.append(element(lines)())
    }
    return tapeLines.joined(separator: number(4) == 0 ? "\r\n" : "\n")
  }
}
