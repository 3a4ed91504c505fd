import Foundation
import TerminalUI
import XCTest

@testable import CheckoutEngine
@testable import PayDrillApp
@testable import PayDrillCLI
@testable import PayDrillCommandLine

/// The reference pages say what the program does: every command and option of `CommandTable` is in
/// `docs/reference/cli.md`, every option that page writes is a real one, and every mode the keys can be in
/// has its section in `docs/reference/keys.md` (which `KeyReferenceTests` keeps equal to the key tables).
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

  /// Events, onCouponCodeChanged: the discount line is `"Discount (\(couponCode))"`, the code as the shopper
  /// typed it. The README's tour and the Apple Pay guide type `save10` and show the line the demo's rules
  /// then give.
  func testOnCouponCodeChangedDiscountLineInTheDocsIsTheProgramsForTheCodeTyped() throws {
    let configuration = try XCTUnwrap(Scenario.acmeElectronics.applePay)
    func label(typing code: String) -> String? {
      MerchantPricing(configuration: configuration).update(
        for: SheetSelections(
          shippingContact: configuration.wallet.contacts.first?.redacted,
          shippingMethod: configuration.shippingMethods.first, card: configuration.eligibleCards.first,
          couponCode: code)
      ).paymentSummaryItems.first { $0.label.hasPrefix("Discount") }?.label
    }
    let readme = try Self.page("README.md")
    let tour = try XCTUnwrap(
      readme.range(
        of: #"type `([^`]+)`, \*\*Enter\*\*\. The merchant answers\s+"#
          + #"`onCouponCodeChanged`: a line `(Discount \([^)]*\))"#,
        options: .regularExpression))
    let sentence = String(readme[tour])
    let typed = try XCTUnwrap(sentence.split(separator: "`").dropFirst().first).description
    XCTAssertEqual(typed, "save10")
    XCTAssertTrue(sentence.hasSuffix("`\(try XCTUnwrap(label(typing: typed)))"), sentence)
    let guide = try Self.page("docs/guides/apple-pay.md")
    XCTAssertTrue(guide.contains(#"`Type "save10"`"#))
    XCTAssertTrue(guide.contains("│ \(try XCTUnwrap(label(typing: "save10"))) "), "the guide's sheet")
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
    case .applePaySheet: return nil  // reached by keys: see `tablesByScreen`
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

  /// The key table of every checkout screen, both results, and the panels, overlays and the gallery over the
  /// method list, each with where it is.
  static func tablesByScreen() -> [(String, KeyTable)] {
    var list: [(String, KeyTable)] = kinds.compactMap { kind in
      screen(kind).map { ("\(kind)", KeyTable.screen($0, methodCount: 4)) }
    }
    let receipt = Receipt(
      result: DropInSubmitResult(systemTransactionId: "s", merchantTransactionId: "m"), method: .card,
      paidWith: "Visa •••• 4242", amount: Money(minorUnits: 4999, currency: Currency(code: "USD")!))
    list.append(("result(.success)", KeyTable.screen(.result(.success(receipt)), methodCount: 4)))
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
      list.append((name, KeyTable.current(for: model)))
    }
    return list
  }

  /// (c) Every mode reached here (every checkout screen, the sheet's parts, the panels and overlays) is
  /// documented: its table is one of the reference's, and keys.md has its section.
  func testEveryModeOfTheKeysHasItsSectionInTheKeysReference() throws {
    let page = try Self.page("docs/reference/keys.md")
    let documented = KeyReference.tables.map(\.mode)
    let screens = Self.tablesByScreen()
    XCTAssertEqual(screens.count, Self.kinds.count + 12, "a screen could not be reached")
    for (screen, table) in screens {
      XCTAssertFalse(table.entries.isEmpty, "\(screen): no key")
      XCTAssertTrue(documented.contains(table.mode), "\(screen): add its table to KeyReference.tables")
      XCTAssertTrue(
        page.contains("\n## \(table.mode)\n"), "docs/reference/keys.md has no section for \(screen)")
    }
  }
}
