import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillCLI
@testable import PayDrillCommandLine

/// The Apple Pay button gallery: keys, golden screens of both views, the printout.
final class ButtonGalleryTests: XCTestCase {
  private let size = Size(columns: 100, rows: 32)

  private func gallery(_ keys: [AppAction], dark: Bool = true) -> AppModel {
    var model = Fixture.model(size)
    model.darkAppearance = dark
    Fixture.send([.key(.character("b"))] + keys, to: &model)
    return model
  }

  func testOpensOnTheScenariosButtonAndEscapeReturns() {
    var model = gallery([])
    XCTAssertEqual(model.gallery?.appearance, ApplePayButtonAppearance(type: .buy, style: .black, radius: 8))
    Fixture.send([.key(.escape)], to: &model)
    XCTAssertNil(model.gallery)
    XCTAssertEqual(model.checkout.screen, .methodList)
  }

  func testKeysStepTypesAndStylesWithWrapAndClampTheRadius() {
    let model = gallery(
      [.key(.left), .key(.left), .key(.up)] + Array(repeating: .key(.character("+")), count: 30))
    XCTAssertEqual(model.gallery?.appearance.type, .tip, "buy ← plain ← tip (wraps)")
    XCTAssertEqual(model.gallery?.appearance.style, .automatic, "black ↑ wraps to automatic")
    XCTAssertEqual(model.gallery?.appearance.radius, 24)
    let narrowed = gallery(Array(repeating: .key(.character("-")), count: 30))
    XCTAssertEqual(narrowed.gallery?.appearance.radius, 0)
    XCTAssertEqual(gallery([.key(.tab)]).gallery?.view, .types)
    var quitting = gallery([])
    XCTAssertEqual(Fixture.send([.key(.character("q"))], to: &quitting), [.quit])
  }

  func testEveryTypeHasPassKitsWordsAndNoPrivateUseGlyph() {
    XCTAssertEqual(ApplePayButtonType.allCases.count, 16)
    XCTAssertEqual(ApplePayButtonType.checkout.label, "Check out with Apple Pay")
    XCTAssertEqual(ApplePayButtonType.setUp.label, "Set up Apple Pay")
    XCTAssertEqual(ApplePayButtonType.plain.label, "Apple Pay")
    XCTAssertEqual(ApplePayButtonType.buy.useCases, "E-commerce, Retail")
    for type in ApplePayButtonType.allCases {
      XCTAssertFalse(
        type.label.unicodeScalars.contains { (0xE000...0xF8FF).contains($0.value) }, type.rawValue)
    }
  }

  /// apple-pay-customisation.md, Default button types: the table lists 16 types; the gallery offered a
  /// 17th, PassKit's `.continue`, and `photovault-trial` used it. The types are the table's, in its order; a
  /// scenario asking for `continue` is refused, and every built-in scenario's button is one of the table's.
  func testDefaultButtonTypes_areTheSixteenOfTheSeedsTable() throws {
    let table = [
      "plain", "buy", "setUp", "inStore", "donate", "checkout", "book", "subscribe", "reload", "addMoney",
      "topUp", "order", "rent", "support", "contribute", "tip",
    ]
    XCTAssertEqual(ApplePayButtonType.allCases.map(\.rawValue), table)
    XCTAssertThrowsError(try JSONDecoder().decode(ApplePayButtonType.self, from: Data(#""continue""#.utf8)))
    for scenario in Scenario.builtIn {
      let type = scenario.applePay?.button.type.rawValue ?? "plain"
      XCTAssertTrue(table.contains(type), "\(scenario.name): \(type)")
    }
    XCTAssertEqual(Scenario.builtIn(named: "photovault-trial")?.applePay?.button.type, .subscribe)
  }

  func testGoldenStylesViewAtRadiusZeroAndTwelve() {
    Snapshot.assert(
      RootView.render(gallery(Array(repeating: .key(.character("-")), count: 8))),
      named: "gallery-styles-r0-100x32")
    Snapshot.assert(
      RootView.render(gallery(Array(repeating: .key(.character("+")), count: 4))),
      named: "gallery-styles-r12-100x32")
  }

  func testGoldenTypesViewInEveryStyle() {
    for (offset, style) in ApplePayButtonStyle.allCases.enumerated() {
      let model = gallery([.key(.tab)] + Array(repeating: .key(.pageDown), count: offset))
      XCTAssertEqual(model.gallery?.appearance.style, style)
      Snapshot.assert(RootView.render(model), named: "gallery-types-\(style.rawValue)-100x32")
    }
    Snapshot.assert(
      RootView.render(gallery([.key(.tab), .key(.pageUp)], dark: false)),
      named: "gallery-types-automatic-light-100x32")
  }

  func testPrintout() {
    let text = ButtonPrintout.text(
      ApplePayButtonAppearance(type: .buy, style: .whiteOutline, radius: 8), darkAppearance: true)
    XCTAssertEqual(
      text,
      """
      ╭──────────────────────────────────╮
      │        Buy with Apple Pay        │
      ╰──────────────────────────────────╯

      type .buy ("Buy with Apple Pay"): Standard purchase button.
      style whiteOutline: White background with a black border and text.
      radius 8.0 (rounded corners)
      use cases: E-commerce, Retail

      config.buttonType = .buy
      config.buttonStyle = .whiteOutline
      config.buttonRadius = 8.0
      """)
    let square = ButtonPrintout.text(
      ApplePayButtonAppearance(type: .plain, style: .automatic, radius: 0), darkAppearance: false)
    XCTAssertTrue(square.hasPrefix("┌"), square)
    XCTAssertTrue(
      square.contains("style automatic → black (light theme): Adapts to the system's appearance (iOS 13+)."),
      square)
  }

  /// Customisation, ApplePayButtonComponentConfig: `customContent` and `applePayConsentComponent` are shown
  /// and pasted; `buttonRadius` is any CGFloat from 0 (the drawing is rounded from 2 on, whatever the value).
  func testCustomisation_CustomContentConsentAndAnyRadiusAreShownAndPasted() {
    let appearance = ApplePayButtonAppearance(
      type: .subscribe, style: .black, radius: 100,
      customContent: ApplePayCustomContent(text: "Join \"Premium\""),
      consent: ApplePayConsentComponent(text: "I agree to data processing"))
    let text = ButtonPrintout.text(appearance, darkAppearance: true)
    XCTAssertTrue(text.contains("│          Join \"Premium\"          │"), text)
    XCTAssertTrue(text.contains("radius 100.0 (rounded corners)"), text)
    XCTAssertTrue(
      text.contains("custom content: \"Join \"Premium\"\" (drawn instead of PassKit's label)"), text)
    XCTAssertTrue(text.contains("consent component: \"I agree to data processing\""), text)
    XCTAssertTrue(
      text.hasSuffix(
        """
        config.buttonRadius = 100.0
        config.customContent = { AnyView(Text("Join \\"Premium\\"")) }
        config.applePayConsentComponent = consentComponent  // "I agree to data processing"
        """), text)
    var gallery = ButtonGallery(appearance: appearance)
    gallery.stepRadius(by: 1)
    XCTAssertEqual(gallery.appearance.radius, 100, "the gallery does not clamp a configured radius up")
    gallery.stepRadius(by: -1)
    XCTAssertEqual(gallery.appearance.radius, 99)
    XCTAssertEqual(ApplePayButtonAppearance.radiusText(1e20), "1e+20")
  }

  func testCommandLine() throws {
    let options = try CommandLineOptions.parse([
      "buttons", "--type", "donate", "--style", "white", "--radius", "12", "--print",
    ])
    XCTAssertEqual(options.command, .buttons(print: true))
    XCTAssertEqual(options.button, ApplePayButtonAppearance(type: .donate, style: .white, radius: 12))
    XCTAssertEqual(try CommandLineOptions.parse(["buttons", "--radius", "40"]).button.radius, 40)
    XCTAssertThrowsError(try CommandLineOptions.parse(["buttons", "--radius", "-1"]))
    XCTAssertThrowsError(try CommandLineOptions.parse(["buttons", "--radius", "inf"]))
    XCTAssertThrowsError(try CommandLineOptions.parse(["buttons", "--style", "pink"]))
  }

  /// The consent component shows under the highlighted Apple Pay method, and the custom content is the
  /// button the method list draws.
  func testTheMethodListShowsTheConsentAndTheCustomContent() {
    var scenario = Scenario.acmeElectronics
    scenario.applePay?.button.customContent = ApplePayCustomContent(text: "Acme Pay")
    scenario.applePay?.button.consent = ApplePayConsentComponent(text: "I agree to data processing")
    var model = Fixture.model(Size(columns: 100, rows: 32), scenario: scenario)
    model.checkout.applePayState = nil
    let index = model.checkout.methods.firstIndex(of: .applePay)!
    XCTAssertFalse(RootView.render(model).text.contains("Consent:"), "only while Apple Pay is highlighted")
    model.highlightedMethod = index
    let text = RootView.render(model).text
    XCTAssertTrue(text.contains("Consent: I agree to data processing"), text)
    XCTAssertTrue(text.contains("Acme Pay"), text)
  }
}
