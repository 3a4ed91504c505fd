import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp

/// The reference pages say what the program does: every command and option of `CommandTable` is in
/// `docs/reference/cli.md`, every option that page writes is a real one, and every key the `?` overlay lists is
/// in `docs/reference/keys.md`.
final class DocsDriftTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func page(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The words of cli.md that look like options of paydrill but are none, on purpose: an example of a
  /// misspelt option, a tape whose name starts with `-` (after `--`), and `man -l` and `ulimit -f` (other
  /// programs').
  static let notOptions: Set<String> = ["--scenaro", "-odd-name", "-l", "-f"]

  /// The option tokens of a text (`--seed`, `-h`): a `-` or `--` that does not follow a letter, a digit or a
  /// `-`, then a letter and letters, digits or `-`. `Ctrl-S` and `high-contrast` hold none.
  static func optionTokens(in text: String) -> Set<String> {
    let pattern = #"(?<![\p{L}\p{N}_-])--?\p{L}[\p{L}\p{N}-]*"#
    let regex = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return Set(
      regex.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } })
  }

  /// (a) Every command, and every spelling of every option, is in cli.md.
  func testEveryCommandAndOptionOfTheTableIsInTheCLIReference() throws {
    let cli = try Self.page(CommandTable.reference)
    let tokens = Self.optionTokens(in: cli)
    for command in CommandTable.commands {
      guard let word = command.name.word else { continue }
      XCTAssertTrue(
        cli.contains("paydrill \(word)"),
        "\(CommandTable.reference) does not mention the command `paydrill \(word)`")
    }
    for spelling in Set(CommandTable.options.flatMap(\.spellings)).sorted() {
      XCTAssertTrue(
        tokens.contains(spelling),
        "\(CommandTable.reference) does not mention the option \(spelling) "
          + "(of \(CommandTable.commands(taking: spelling).map(\.spoken).joined(separator: ", ")))")
    }
  }

  /// (b) Every option cli.md writes is one of the table's, so a removed or renamed option cannot stay documented.
  func testEveryOptionInTheCLIReferenceIsReal() throws {
    let cli = try Self.page(CommandTable.reference)
    let real = Set(CommandTable.options.flatMap(\.spellings))
    for token in Self.optionTokens(in: cli).subtracting(Self.notOptions).sorted() {
      XCTAssertTrue(
        real.contains(token),
        "\(CommandTable.reference) writes \(token), which is no option of the command table "
          + "(if it is not meant as an option of paydrill, add it to DocsDriftTests.notOptions)")
    }
    for token in Self.notOptions {
      XCTAssertFalse(real.contains(token), "\(token) is a real option now: remove it from notOptions")
      XCTAssertTrue(cli.contains(token), "\(token) is no longer in cli.md: remove it from notOptions")
    }
  }

  /// The token rule itself, so that (a) and (b) can fail.
  func testOptionTokensAreWholeOptions() {
    XCTAssertEqual(
      Self.optionTokens(in: "`--screen FILE`, --screens DIR, -h, Ctrl-S, high-contrast, 2026-12-01, --"),
      ["--screen", "--screens", "-h"])
    XCTAssertFalse(Self.optionTokens(in: "--screenshot-dir").contains("--screen"))
  }

  // MARK: - Keys

  /// A screen of each kind, each built without a runtime. A new kind of screen does not compile here until it
  /// has one.
  static func screen(_ kind: CheckoutScreen.Kind) -> CheckoutScreen? {
    let usd = Currency(code: "USD")!
    let amount = Money(minorUnits: 4999, currency: usd)
    let declined = SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined.")
    switch kind {
    case .methodList: return .methodList
    case .cardForm: return .cardForm
    case .processing:
      return .processing(
        Submission(
          method: .card, paidWith: "Visa •••• 4242", amount: amount, since: Date(timeIntervalSince1970: 0)))
    case .result: return .result(.failure(method: .card, error: declined, amount: amount))
    case .initialisationFailed: return .initialisationFailed(declined)
    case .applePaySheet: return nil  // reached by keys: see `entriesByScreen`
    case .applePaySetUp: return .applePaySetUp
    case .payPalApproval:
      return .payPalApproval(PayPalOrder(orderId: "PAYID-1", intent: "Authorisation", amount: amount))
    case .pazeCheckout: return .pazeCheckout
    case .threeDSChallenge:
      return .threeDSChallenge(
        ThreeDSecureChallenge(
          acsTransactionId: "acs", scheme: .visa,
          request: AuthorisationRequest(
            method: .card, card: nil, amount: amount, intent: "Authorisation", merchantTransactionId: "m",
            idempotencyKey: "k")))
    case .methodUnavailable: return .methodUnavailable(.paypal)
    }
  }

  static let kinds: [CheckoutScreen.Kind] = [
    .methodList, .cardForm, .processing, .result, .initialisationFailed, .applePaySheet, .applePaySetUp,
    .payPalApproval, .pazeCheckout, .threeDSChallenge, .methodUnavailable,
  ]

  /// The `?` overlay's entries of every checkout screen, both results, and the panels, overlays and the
  /// gallery over the method list, each with where it is.
  static func entriesByScreen() -> [(String, [KeyHelp.Entry])] {
    var list: [(String, [KeyHelp.Entry])] = kinds.compactMap { kind in
      screen(kind).map { ("\(kind)", KeyHelp.entries(for: $0)) }
    }
    let receipt = Receipt(
      result: DropInSubmitResult(systemTransactionId: "s", merchantTransactionId: "m"), method: .card,
      paidWith: "Visa •••• 4242", amount: Money(minorUnits: 4999, currency: Currency(code: "USD")!))
    list.append(("result(.success)", KeyHelp.entries(for: .result(.success(receipt)))))
    // The rest through the keys that open them, over a checkout whose Apple Pay element is ready.
    func key(_ character: Character) -> AppAction { .key(.character(character)) }
    let sheet = key("3")
    let keyed: [(String, [AppAction], (AppModel) -> Bool)] = [
      ("applePaySheet", [sheet], { $0.checkout.screen.isApplePaySheet }),
      ("coupon entry", [sheet, .key(.up), .key(.enter)], { $0.couponDraft != nil }),
      (
        "Face ID prompt", [sheet, .key(.enter)],
        { $0.checkout.applePaySheet?.phase == .authenticating(.biometric) }
      ),
      (
        "passcode", [sheet, .key(.enter), key("p")],
        { $0.checkout.applePaySheet?.phase == .authenticating(.passcode) }
      ),
      ("event pane", [key("v")], { $0.eventList.isFocused && !$0.eventList.isEditingFilter }),
      ("event filter", [key("v"), key("/")], { $0.eventList.isEditingFilter }),
      ("event inspector", [key("v"), .key(.enter)], { $0.inspector != nil }),
      ("whole order", [key("o")], { if case .order = $0.overlay { true } else { false } }),
      ("history panel", [key("H")], { $0.history != nil }),
      ("gateway panel", [key("g")], { $0.gatewayPanel != nil }),
      ("device panel", [key("d")], { $0.devicePanel != nil }),
      ("button gallery", [key("b")], { $0.gallery != nil }),
    ]
    for (name, actions, isOpen) in keyed {
      var model = Fixture.model(Size(columns: 100, rows: 32))
      Fixture.settle([.checkout(.createCheckout)] + actions, in: &model)
      XCTAssertTrue(isOpen(model), "the \(name) did not open with \(actions)")
      list.append((name, KeyHelp.entries(for: model)))
    }
    return list
  }

  /// How keys.md writes a key of the overlay: `Esc` is Escape, `S-Tab` Shift-Tab, `↑↓` is ↑ and ↓, a range of
  /// digits (`1-4`, `0-9`) starts with its first digit, and a one-character ASCII key is in back-quotes (`q`).
  static func spellings(ofKeys keys: String) -> [String] {
    keys.split(separator: " ").flatMap { part -> [String] in
      let key = String(part)
      switch key {
      case "Esc": return ["Escape"]
      case "S-Tab": return ["Shift-Tab"]
      default: break
      }
      if key.range(of: #"^[0-9]-[0-9]+$"#, options: .regularExpression) != nil {
        return ["`\(key.first!)`"]
      }
      if key.count > 1, key.allSatisfy({ "←↑→↓".contains($0) }) { return key.map { String($0) } }
      if key.count == 1, key.first!.isASCII { return ["`\(key)`"] }
      return [key]
    }
  }

  /// A row of a table of keys.md: the section it is in, where it applies (nil in a table without a "Where"
  /// column: the whole section), and its keys.
  struct KeyRow: Equatable {
    var section: String
    var place: String?
    var keys: String
  }

  /// The rows of keys.md's tables.
  static func keyRows(of page: String) -> [KeyRow] {
    var rows: [KeyRow] = []
    var section = ""
    var hasPlaces = false
    for line in page.split(separator: "\n") {
      if line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
      guard line.hasPrefix("| ") else { continue }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if cells.first == "Where" || cells.first == "Key" {
        hasPlaces = cells.first == "Where"
        continue
      }
      guard cells.count >= 2, cells[0] != "---" else { continue }
      rows.append(
        hasPlaces
          ? KeyRow(section: section, place: cells[0], keys: cells[1])
          : KeyRow(section: section, place: nil, keys: cells[0]))
    }
    return rows
  }

  /// Where keys.md documents each screen's keys: rows whose place names one of these, or a whole section;
  /// rows for "anywhere" or "everywhere" apply to every screen.
  static let documentedAt: [String: (places: [String], section: String?)] = [
    "methodList": (["method list"], nil), "cardForm": (["card form"], nil),
    "processing": (["processing"], nil),
    "result": (["failure"], nil), "result(.success)": (["success"], nil),
    "initialisationFailed": (["Unable to load checkout"], nil), "applePaySetUp": (["Set up Apple Pay"], nil),
    "methodUnavailable": (["not available"], nil), "payPalApproval": (["PayPal approval page"], nil),
    "pazeCheckout": (["Paze checkout"], nil), "threeDSChallenge": (["3-D Secure challenge"], nil),
    "applePaySheet": (["sheet", "chooser", "prompt"], nil), "coupon entry": (["coupon entry"], nil),
    "Face ID prompt": (["prompt"], nil), "passcode": (["passcode"], nil), "event pane": (["event pane"], nil),
    "event filter": (["event filter", "event pane"], nil), "event inspector": (["event inspector"], nil),
    "whole order": (["whole order"], nil), "history panel": (["history panel"], nil),
    "gateway panel": (["gateway panel"], nil), "device panel": (["device panel"], nil),
    "button gallery": ([], "The Apple Pay button gallery"),
  ]

  /// (c) Every key the `?` overlay lists, on every screen built here, is in keys.md in a row for that
  /// screen (or for anywhere).
  func testEveryKeyOfTheKeyHelpIsInTheKeysReference() throws {
    let rows = Self.keyRows(of: try Self.page("docs/reference/keys.md"))
    let screens = Self.entriesByScreen()
    XCTAssertEqual(screens.count, Self.kinds.count + 12, "a screen could not be reached")
    for (screen, entries) in screens {
      XCTAssertFalse(entries.isEmpty, "\(screen): no key")
      guard let documented = Self.documentedAt[screen] else {
        XCTFail("\(screen): say in documentedAt where keys.md documents its keys")
        continue
      }
      let screenRows = rows.filter { row in
        guard let place = row.place else { return row.section == documented.section }
        return place.hasPrefix("anywhere") || place.hasPrefix("everywhere")
          || documented.places.contains { place.contains($0) }
      }
      for entry in entries {
        for spelling in Self.spellings(ofKeys: entry.keys) {
          XCTAssertTrue(
            screenRows.contains { $0.keys.contains(spelling) },
            "docs/reference/keys.md has no row for \(spelling) on the \(screen) (\"\(entry.keys)\": \(entry.action))"
          )
        }
      }
    }
  }

  /// The table reader itself, so that (c) can fail.
  func testKeyRowsAreReadWithTheirPlaceOrSection() {
    let page = """
      ## Everywhere
      | Where | Key | Does |
      | --- | --- | --- |
      | method list | `q` | quits |
      ## The gallery
      | Key | Does |
      | --- | --- |
      | `+` `-` | radius |
      """
    XCTAssertEqual(
      Self.keyRows(of: page),
      [
        KeyRow(section: "Everywhere", place: "method list", keys: "`q`"),
        KeyRow(section: "The gallery", place: nil, keys: "`+` `-`"),
      ])
  }

  func testKeySpellings() {
    XCTAssertEqual(Self.spellings(ofKeys: "Esc v"), ["Escape", "`v`"])
    XCTAssertEqual(Self.spellings(ofKeys: "↑↓ j k"), ["↑", "↓", "`j`", "`k`"])
    XCTAssertEqual(Self.spellings(ofKeys: "1-4"), ["`1`"])
    XCTAssertEqual(Self.spellings(ofKeys: "S-Tab ↑"), ["Shift-Tab", "↑"])
    XCTAssertEqual(Self.spellings(ofKeys: "PgUp PgDn"), ["PgUp", "PgDn"])
    XCTAssertEqual(Self.spellings(ofKeys: ""), [])
  }
}
