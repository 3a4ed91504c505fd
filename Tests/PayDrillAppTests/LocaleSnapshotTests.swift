import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

/// Golden screens of what the shopper reads in German, Japanese (double-width) and French: the method list,
/// the Apple Pay sheet and both result screens, at the sizes DESIGN.md names; and the developer's event pane,
/// which stays in English whatever the shopper's locale.
final class LocaleSnapshotTests: XCTestCase {
  static let locales = ["de-DE", "ja-JP", "fr-FR"]

  /// The demo in a locale.
  private static func scenario(_ locale: String) -> Scenario {
    var scenario = Scenario.acmeElectronics
    scenario.locale = locale
    return scenario
  }

  /// The demo's model in a locale after `actions`, with every answer due delivered (`/init` included) and the
  /// gateway answering with `gateway`.
  private static func model(
    _ locale: String, _ size: Size, _ actions: [AppAction],
    gateway: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)? = nil
  ) -> AppModel {
    var model = Fixture.model(size, scenario: scenario(locale))
    Fixture.settle(actions, in: &model, gateway: gateway)
    return model
  }

  private func check(
    _ name: String, _ actions: [AppAction],
    gateway: (@Sendable (AuthorisationRequest) -> AuthorisationOutcome)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    for locale in Self.locales {
      for size in ScreenSnapshotTests.sizes {
        Snapshot.assert(
          RootView.render(Self.model(locale, size, actions, gateway: gateway)),
          named: "locale-\(locale)-\(name)-\(size.columns)x\(size.rows)", file: file, line: line)
      }
    }
  }

  static let approve: @Sendable (AuthorisationRequest) -> AuthorisationOutcome = { _ in
    .approved(systemTransactionId: "7f3e9c2a-5b1d-4e8f-a6c4-2d9b8e1f0a37")
  }
  static let decline: @Sendable (AuthorisationRequest) -> AuthorisationOutcome = { _ in
    .declined(SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."))
  }

  func testMethodList() {
    check("method-list", [])
  }

  func testApplePaySheet() {
    check("sheet", ApplePaySheetSnapshotTests.open)
  }

  func testSuccess() {
    check("success", Fixture.fillCard(number: "4242424242424242") + [.key(.enter)], gateway: Self.approve)
  }

  func testFailure() {
    check("failure", Fixture.fillCard(number: "4000000000000002") + [.key(.enter)], gateway: Self.decline)
  }

  func testTheSheetsPromptsSpeakTheShoppersLanguage() {
    let size = Size(columns: 100, rows: 32)
    let pay = ApplePaySheetSnapshotTests.open + [.key(.enter)]
    let prompt = RootView.render(Self.model("de-DE", size, pay)).text
    XCTAssertTrue(prompt.contains("Mit Face ID bestätigen"), prompt)
    XCTAssertTrue(prompt.contains("Esc    zurück"), prompt)
    let passcode = RootView.render(
      Self.model("ja-JP", size, pay + [.key(.character("p")), .key(.character("1")), .key(.enter)])
    ).text
    XCTAssertTrue(passcode.contains("iPhoneのパスコードを入力"), passcode)
    XCTAssertTrue(passcode.contains("4桁以上入力してEnter"), passcode)
  }

  /// The event pane is the developer's: under any locale it shows what it shows in English, cell for cell,
  /// and the events themselves are the same.
  func testTheEventPaneStaysInEnglish() {
    let size = Size(columns: 100, rows: 32)
    let decline = Fixture.fillCard(number: "4000000000000002") + [.key(.enter)]
    let english = Self.model("en-US", size, decline, gateway: Self.decline)
    let englishScreen = RootView.render(english)
    for locale in Localisation.builtInLocales where locale != "en-US" {
      let model = Self.model(locale, size, decline, gateway: Self.decline)
      XCTAssertEqual(model.checkout.events, english.checkout.events, locale)
      let screen = RootView.render(model)
      // The pane is the right two fifths of the body, between the header and the footer.
      let paneX = size.columns - size.columns * 2 / 5
      for y in 1..<(size.rows - 1) {
        let pane = (paneX..<size.columns).map { screen.grapheme(atX: $0, y: y) }
        let expected = (paneX..<size.columns).map { englishScreen.grapheme(atX: $0, y: y) }
        XCTAssertEqual(pane.joined(), expected.joined(), "\(locale), line \(y)")
      }
      // The checkout beside it is not in English: the test would see a pane that followed the locale.
      XCTAssertNotEqual(screen.text, englishScreen.text, locale)
      XCTAssertTrue(screen.text.contains("onError"), locale)
    }
  }
}
