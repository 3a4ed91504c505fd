import CheckoutEngine
import TerminalUI
import XCTest

@testable import PayDrillApp

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
    {"merchant": {"name": "M"}, "transaction": {"currency": "\(currency)", "merchantTransactionId": "t"},
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
      error(Scenario.self, scenario(price: "true")), "x.json: at items[0].unitPrice: expected a number")
    XCTAssertEqual(
      error(Scenario.self, "{\"transaction\": {}}"), "x.json: at merchant: missing (this field is required)")
    XCTAssertEqual(
      error(Scenario.self, scenario(extra: ", \"onBeforeSubmit\": {\"message\": \"m\"}")),
      "x.json: at onBeforeSubmit.allow: missing (this field is required)")
    XCTAssertTrue(
      error(Scenario.self, "{\"merchant\": \n [,]}").hasPrefix(
        "x.json: not valid JSON (a problem near line 2"))
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

  /// The files in Scenarios/ and Themes/ are the built-in values written out. Recording rewrites the themes.
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
        try (String(decoding: try encoder.encode(theme), as: UTF8.self) + "\n").write(
          toFile: path, atomically: true, encoding: .utf8)
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
      ConfigurationFile.readable("Cannot initialize PaymentNetwork from invalid String value unionPay"),
      "unknown value \"unionPay\" (not one of the values the README lists for this field)")
    XCTAssertEqual(ConfigurationFile.readable("expected 0 to 24 points"), "expected 0 to 24 points")
  }
}
