import GatewaySimulator
import TerminalUI
import XCTest

@testable import CheckoutEngine
@testable import PayDrillApp
@testable import PayDrillFiles
@testable import StrictJSON

/// Broken files get one message: the file, the path inside it, and what was expected.
final class ConfigurationFileTests: XCTestCase {
  private func error<T: Decodable>(_ type: T.Type, _ json: String) -> String {
    do {
      _ = try ConfigurationFile.decode(type, from: Data(json.utf8), file: "x.json")
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  private let session = """
    "session": {"sessionId": "s", "hmacKey": "k", "encryptionKey": "e", "sessionExpiry": "2030-01-01T00:00:00Z",
      "allowedFundingTypes": {"cardSchemes": ["Visa"]}}
    """

  private func scenario(currency: String = "USD", price: String = "\"1.00\"", extra: String = "") -> String {
    """
    {"merchant": {"name": "M"}, "transaction": {"currency": "\(currency)", "merchantTransactionId": "t", "merchantShopperId": "s-1"},
     "items": [{"name": "A", "unitPrice": \(price)}], \(session)\(extra)}
    """
  }

  func testScenarioErrors() {
    XCTAssertEqual(error(Scenario.self, scenario()), "no error")
    XCTAssertEqual(
      error(Scenario.self, scenario(price: "\"1.234\"", currency: "GBP")),
      "x.json: at items[0].unitPrice: GBP 1.234 has more decimals than GBP allows (2)")
    XCTAssertEqual(
      error(Scenario.self, scenario(currency: "JPY", price: "\"1.0\"")),
      "x.json: at items[0].unitPrice: JPY 1.0 has a decimal point but JPY takes no decimals")
    XCTAssertEqual(
      error(Scenario.self, scenario(currency: "ZZZ")),
      "x.json: at transaction.currency: unknown currency \"ZZZ\" (expected an ISO 4217 code such as USD, EUR, JPY)"
    )
    XCTAssertEqual(
      error(Scenario.self, scenario(price: "true")),
      "x.json: at items[0].unitPrice: expected a number, found true or false")
    XCTAssertEqual(
      error(Scenario.self, "{\"transaction\": {}}"), "x.json: at merchant: missing (this field is required)")
    XCTAssertEqual(
      error(Scenario.self, scenario(extra: ", \"onBeforeSubmit\": {\"message\": \"m\"}")),
      "x.json: at onBeforeSubmit.allow: missing (this field is required)")
    XCTAssertTrue(
      error(Scenario.self, "{\"merchant\": \n [,]}").hasPrefix(
        "x.json: not valid JSON (expected a value at line 2, column 3)"))
    // Hardening: an empty file and a lone surrogate say what and where (they gave no line or column).
    XCTAssertEqual(error(Scenario.self, " \n"), "x.json: the file is empty (expected a JSON object)")
    XCTAssertEqual(
      error(Scenario.self, "{\"merchant\": {\"name\": \"\\ud800\"}}"),
      "x.json: not valid JSON (a lone surrogate in a \\u escape at line 1, column 30)")
  }

  /// drop-in-implementation.md, Session request parameters (`amounts.transactionValue`): the amount is
  /// checked as written, "rejected if a decimal is supplied when the currency does not require it", whether
  /// a scenario writes it as a string or as a JSON number (Foundation's decoder read JPY 1.0 as 1).
  func testSessionRequestParameters_anAmountIsCheckedAsWrittenInAScenario() {
    for price in ["1.0", "\"1.0\""] {
      XCTAssertEqual(
        error(Scenario.self, scenario(currency: "JPY", price: price)),
        "x.json: at items[0].unitPrice: JPY 1.0 has a decimal point but JPY takes no decimals", price)
    }
    for price in ["1.230", "\"1.230\""] {
      XCTAssertEqual(
        error(Scenario.self, scenario(currency: "GBP", price: price)),
        "x.json: at items[0].unitPrice: GBP 1.230 has more decimals than GBP allows (2)", price)
    }
    for price in ["1e2", "1.2345e2", "\"1e2\""] {
      XCTAssertTrue(
        error(Scenario.self, scenario(price: price)).hasSuffix(
          "is written with an exponent; write the amount "
            + "in plain digits with the currency's decimals (like 123.45)"), price)
    }
    XCTAssertEqual(error(Scenario.self, scenario(currency: "GBP", price: "1.1")), "no error")
    XCTAssertEqual(error(Scenario.self, scenario(currency: "BHD", price: "1.300")), "no error")
  }

  /// drop-in-implementation.md, Session request parameters (`amounts.currencyCode`, "in ISO 4217 format"):
  /// codes are upper case; `usd` is refused with its spelling.
  func testSessionRequestParameters_aCurrencyCodeIsWrittenInCapitals() {
    XCTAssertEqual(
      error(Scenario.self, scenario(currency: "usd")),
      "x.json: at transaction.currency: currency \"usd\" is written USD (ISO 4217 codes are upper case)")
  }

  /// An unknown key is refused with its path and the nearest known key, at any depth; a key written twice
  /// is refused with its path and lines (Foundation kept one of the two values silently).
  func testAnUnknownOrDuplicatedKeyIsRefusedWithItsPath() {
    XCTAssertEqual(
      error(Scenario.self, scenario(extra: ", \"merchnt\": 1")),
      "x.json: at merchnt: unknown key \"merchnt\" (did you mean `merchant`?)")
    XCTAssertEqual(
      error(Scenario.self, scenario(price: "\"1.00\", \"quantty\": 2")),
      "x.json: at items[0].quantty: unknown key \"quantty\" (did you mean `quantity`?)")
    XCTAssertEqual(
      error(
        Scenario.self,
        scenario(extra: ", \"gateway\": {\"latency\": {\"authorise\": {\"meanMs\": 5, \"jitter\": 1}}}")),
      "x.json: at gateway.latency.authorise.jitter: unknown key \"jitter\" (did you mean `jitterPercent`?)")
    XCTAssertEqual(
      error(Theme.self, "{\"name\": \"t\", \"roles\": {\"title\": {\"fg\": \"red\", \"blod\": true}}}"),
      "x.json: at roles.title.blod: unknown key \"blod\" (did you mean `bold`?)")
    XCTAssertEqual(
      error(Scenario.self, scenario(extra: ",\n \"locale\": \"en-GB\",\n \"locale\": \"fr-FR\"")),
      "x.json: at locale: the key is written twice (lines 4 and 5); readers disagree on which value counts, "
        + "so keep one")
    XCTAssertEqual(error(Scenario.self, "{\"$schema\": \"s.json\", " + scenario().dropFirst()), "no error")
  }

  /// Every shipped scenario and theme decodes strictly, and every object in them is read by a type that
  /// lists its keys (only dictionaries, such as `roles` and `localisation`, take any key).
  func testEveryShippedFileDecodesStrictlyAndEachTypeListsItsKeys() throws {
    let root = TapeTests.root
    var open: Set<String> = []
    let decoder = StrictJSONDecoder(ignoredTopLevelKeys: ["$schema"])
    for folder in ["Scenarios", "Themes"] {
      let names = try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)
      XCTAssertFalse(names.isEmpty)
      for name in names {
        let data = try Data(contentsOf: root.appendingPathComponent("\(folder)/\(name)"))
        if folder == "Themes" {
          open.formUnion(try decoder.decodeListingOpenKeyTypes(Theme.self, from: data).1)
        } else {
          let (scenario, types) = try decoder.decodeListingOpenKeyTypes(Scenario.self, from: data)
          XCTAssertEqual(
            scenario, try JSONDecoder().decode(Scenario.self, from: data), "\(name): as JSONDecoder")
          open.formUnion(types)
        }
      }
    }
    // A theme's roles are named by `RoleKey`, and `Theme` refuses a name that is not a role itself.
    XCTAssertEqual(
      open, ["Swift._DictionaryCodingKey", "StrictJSON.PathKey", "TerminalUI.Theme.RoleKey"])
  }

  private func scenario(price: String, currency: String) -> String {
    scenario(currency: currency, price: price)
  }

  func testThemeErrors() {
    XCTAssertEqual(
      error(Theme.self, "{\"name\": \"t\", \"roles\": {\"title\": {\"fg\": \"chartreuse\"}}}"),
      "x.json: at roles.title.fg: unknown colour \"chartreuse\" (expected \(TerminalColor.expectation))")
    XCTAssertEqual(
      error(Theme.self, "{\"name\": \"t\", \"roles\": {\"titel\": {}}}").prefix(62),
      "x.json: at roles.titel: unknown style role \"titel\" (expected o")
    XCTAssertEqual(
      error(Theme.self, "{\"name\": \"t\", \"roles\": {\"title\": {\"bg\": 300}}}"),
      "x.json: at roles.title.bg: colour index 300 is out of range (expected \(TerminalColor.expectation))")
  }

  func testMissingFile() {
    XCTAssertThrowsError(try ConfigurationFile.load(Theme.self, from: "/nonexistent/t.json")) { error in
      XCTAssertEqual("\(error)", "/nonexistent/t.json: no such file")
    }
  }

  /// The files in Scenarios/ and Themes/ are the built-in values written out. Recording rewrites the themes, and fails.
  func testShippedFilesMatchTheBuiltIns() throws {
    let root = TapeTests.root
    let scenario = try ConfigurationFile.load(
      Scenario.self, from: root.appendingPathComponent("Scenarios/acme-electronics.json").path)
    XCTAssertEqual(scenario, .acmeElectronics)
    for (name, theme) in Theme.builtIn {
      let path = root.appendingPathComponent("Themes/\(name).json").path
      if Snapshot.isRecording {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        Snapshot.record(
          String(decoding: try encoder.encode(theme), as: UTF8.self) + "\n", to: URL(fileURLWithPath: path))
      }
      XCTAssertEqual(try ConfigurationFile.load(Theme.self, from: path), theme, name)
      XCTAssertEqual(try ThemeLocator.theme(named: path), theme)
    }
    for path in try FileManager.default.contentsOfDirectory(
      atPath: root.appendingPathComponent("Scenarios").path)
    {
      XCTAssertNoThrow(
        try ConfigurationFile.load(
          Scenario.self, from: root.appendingPathComponent("Scenarios/\(path)").path), path)
    }
  }

  /// A name is looked for in the working directory, the user's data folder, then beside the executable,
  /// where `make install` puts its copies (`PREFIX/share/paydrill/themes`).
  func testAThemeNameIsLookedForWhereMakeInstallPutsThemes() {
    let files = ThemeLocator.candidates(
      for: "sepia", workingDirectory: URL(fileURLWithPath: "/work"),
      executable: URL(fileURLWithPath: "/opt/paydrill/bin/paydrill"),
      environment: ["HOME": "/home/jane"]
    ).map(\.path)
    XCTAssertEqual(
      Array(files.prefix(6)),
      [
        "/work/Themes/sepia.json", "/home/jane/.local/share/paydrill/themes/sepia.json",
        "/opt/paydrill/bin/Themes/sepia.json", "/opt/paydrill/bin/share/paydrill/themes/sepia.json",
        "/opt/paydrill/Themes/sepia.json", "/opt/paydrill/share/paydrill/themes/sepia.json",
      ])
    XCTAssertEqual(
      ThemeLocator.candidates(
        for: "sepia", workingDirectory: URL(fileURLWithPath: "/work"),
        executable: URL(fileURLWithPath: "/opt/paydrill/bin/paydrill"),
        environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/jane"])[1].path,
      "/data/paydrill/themes/sepia.json")
  }

  func testUnknownThemeName() {
    XCTAssertThrowsError(try ThemeLocator.theme(named: "sepia")) { error in
      XCTAssertEqual(
        "\(error)", "sepia: no such theme (expected dark, high-contrast, light, or the path of a theme file)")
    }
  }
}

final class ReadableDecodingMessageTests: XCTestCase {
  func testFoundationsEnumMessageIsRewordedWithoutSwiftTypeNames() {
    XCTAssertEqual(
      DecodingFailure.readable("Cannot initialize PaymentNetwork from invalid String value unionPay"),
      "unknown value \"unionPay\" (not one of the values the README lists for this field)")
    XCTAssertEqual(DecodingFailure.readable("expected 0 to 24 points"), "expected 0 to 24 points")
  }
}
