import CheckoutTestSupport
import Foundation
import TerminalUI
import XCTest

@testable import CheckoutEngine
@testable import PayDrillApp
@testable import PayDrillCLI
@testable import PayDrillFiles

/// The JSON Schemas of scenarios and themes (`paydrill schema scenario|theme`, `docs/schema/`): the
/// compiled-in texts are the committed files; the built-in files name them with `$schema` and validate
/// against them with an independent validator (Python's `jsonschema`); the schemas refuse the broken corpus
/// and typical mistakes where JSON Schema can say the rule, accept what PayDrill accepts, and list what they
/// cannot say, with the reason.
final class SchemaTests: XCTestCase {
  static let root = TapeTests.root
  static let brokenFolder = root.appendingPathComponent("Tests/PayDrillAppTests/Fixtures/broken")
  static let scenarioFolder = root.appendingPathComponent("Sources/CheckoutEngine/BuiltInScenarios")
  static let themeFolder = root.appendingPathComponent("Themes")

  static func schemaFile(_ name: String) -> URL {
    root.appendingPathComponent("docs/schema/\(JSONSchemaDocument.fileName(named: name) ?? name)")
  }

  // MARK: - The texts

  /// `paydrill schema NAME` prints the committed file byte for byte: the resource compiled in is the file
  /// under `docs/schema/`.
  func testTheCompiledInSchemasAreTheCommittedFiles() throws {
    XCTAssertEqual(JSONSchemaDocument.names, ["scenario", "theme"])
    XCTAssertNil(JSONSchemaDocument.text(named: "tape"))
    XCTAssertNil(JSONSchemaDocument.text(named: "Scenario"))
    XCTAssertNil(JSONSchemaDocument.fileName(named: "tape"))
    for name in JSONSchemaDocument.names {
      let committed = try Data(contentsOf: Self.schemaFile(name))
      XCTAssertTrue(committed.count > 1_000, name)
      XCTAssertEqual(committed.last, UInt8(ascii: "\n"), name)
      XCTAssertTrue(
        JSONSchemaDocument.text(named: name).map { Data($0.utf8) } == committed,
        "the compiled-in \(name) schema is not docs/schema/\(name).schema.json")
    }
  }

  func testTheSchemasAreDraft202012Documents() throws {
    for name in JSONSchemaDocument.names {
      let schema = try Self.schema(name)
      XCTAssertEqual(schema["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema", name)
      XCTAssertEqual(schema["type"] as? String, "object", name)
      XCTAssertNotNil(schema["title"] as? String, name)
      XCTAssertNotNil(schema["description"] as? String, name)
      let properties = try XCTUnwrap(schema["properties"] as? [String: Any], name)
      XCTAssertNotNil(properties["$schema"], "\(name): a file may name its schema")
    }
  }

  // MARK: - The built-in files name their schema, and PayDrill ignores the key

  /// Each built-in scenario and theme names the committed schema by a path relative to its own folder (the
  /// real one: `Scenarios/` is a link), so an editor that opens it finds the schema.
  func testTheBuiltInScenariosAndThemesNameTheirSchema() throws {
    let files = try Self.builtInFiles()
    XCTAssertEqual(files.filter { $0.schema == "scenario" }.count, Scenario.builtIn.count)
    XCTAssertEqual(files.filter { $0.schema == "theme" }.count, Theme.builtIn.count)
    for file in files {
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(contentsOf: file.url)) as? [String: Any], file.url.path)
      let reference = try XCTUnwrap(
        object["$schema"] as? String, "\(file.url.lastPathComponent) has no $schema")
      let resolved = URL(fileURLWithPath: reference, relativeTo: file.url.deletingLastPathComponent())
        .standardizedFileURL
      XCTAssertEqual(resolved.path, Self.schemaFile(file.schema).standardizedFileURL.path, file.url.path)
      XCTAssertTrue(FileManager.default.fileExists(atPath: resolved.path), reference)
    }
  }

  /// `$schema` is for editors: the decoders ignore it, and `paydrill check` still tells a scenario from a
  /// theme.
  func testTheDecodersIgnoreTheSchemaKey() throws {
    for file in try Self.builtInFiles() {
      let data = try Data(contentsOf: file.url)
      var object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
      XCTAssertNotNil(object.removeValue(forKey: "$schema"))
      let without = try JSONSerialization.data(withJSONObject: object)
      let name = file.url.path
      if file.schema == "scenario" {
        XCTAssertEqual(
          try ConfigurationFile.decode(Scenario.self, from: data, file: name),
          try ConfigurationFile.decode(Scenario.self, from: without, file: name), name)
        XCTAssertEqual(CheckCommand.check(file: name).kind, .scenario)
      } else {
        XCTAssertEqual(
          try ConfigurationFile.decode(Theme.self, from: data, file: name),
          try ConfigurationFile.decode(Theme.self, from: without, file: name), name)
        XCTAssertEqual(CheckCommand.check(file: name).kind, .theme)
      }
      XCTAssertTrue(CheckCommand.check(file: name).isOK, name)
    }
    // A file of the team's own, with a schema of its own place, loads too.
    let theme = try ConfigurationFile.decode(
      Theme.self, from: Data(#"{"$schema": "theme.schema.json", "name": "t", "roles": {}}"#.utf8),
      file: "t.json")
    XCTAssertEqual(theme.name, "t")
  }

  // MARK: - The schemas' lists are the decoders'

  /// Every list of values in the schemas is the list the decoders take, so a new case in Swift fails here
  /// until the schema names it.
  func testTheSchemasListTheValuesTheDecodersTake() throws {
    let scenario = try Self.schema("scenario")
    let theme = try Self.schema("theme")
    func list(_ pointer: String, in schema: [String: Any] = scenario) -> [String] {
      (Self.value(at: pointer, in: schema) as? [Any])?.compactMap { $0 as? String } ?? ["missing: \(pointer)"]
    }
    func keys(_ pointer: String, in schema: [String: Any] = scenario) -> [String] {
      let object = Self.value(at: pointer, in: schema) as? [String: Any]
      XCTAssertEqual(
        Self.value(at: String(pointer.dropLast("properties".count)) + "additionalProperties", in: schema)
          as? Bool,
        false, "\(pointer): PayDrill refuses other keys")
      return object.map { Array($0.keys).sorted() } ?? ["missing: \(pointer)"]
    }
    let applePay = "/$defs/applePay/properties"
    let rules = "/$defs/merchantRules/properties"
    let expected: [(String, [String], [String])] = [
      ("currencies", list("/$defs/currencyCode/enum"), Currency.knownCodes),
      ("entry types", list("/properties/transaction/properties/entryType/enum"), ["ecom", "moto"]),
      (
        "card intents", list("/properties/transaction/properties/intent/properties/card/enum"),
        Scenario.cardIntents
      ),
      (
        "PayPal intents", list("/properties/transaction/properties/intent/properties/paypal/enum"),
        Scenario.paypalIntents
      ),
      (
        "card schemes",
        list("/$defs/session/properties/allowedFundingTypes/properties/cardSchemes/items/anyOf/0/enum"),
        CardScheme.allCases.map(\.sessionName)
      ),
      (
        "onBeforeSubmit methods", list("/properties/onBeforeSubmit/properties/methods/items/enum"),
        DropInPaymentMethod.allCases.map(\.rawValue)
      ),
      (
        "localisation keys", keys("/properties/localisation/properties"),
        ShopperText.allCases.map(\.rawValue).sorted()
      ),
      ("networks", list("\(applePay)/supportedNetworks/items/enum"), PaymentNetwork.allCases.map(\.rawValue)),
      (
        "Wallet card networks", list("/$defs/walletCard/properties/network/enum"),
        PaymentNetwork.allCases.map(\.rawValue)
      ),
      (
        "funding types", list("/$defs/walletCard/properties/type/enum"),
        CardFundingType.allCases.map(\.rawValue)
      ),
      (
        "capabilities", list("\(applePay)/merchantCapabilities/items/enum"),
        MerchantCapability.allCases.map(\.rawValue)
      ),
      (
        "billing contact fields", list("\(applePay)/requiredBillingContactFields/items/enum"),
        ContactField.allCases.map(\.rawValue)
      ),
      (
        "shipping contact fields", list("\(applePay)/requiredShippingContactFields/items/enum"),
        ContactField.allCases.map(\.rawValue)
      ),
      ("shipping types", list("\(applePay)/shippingType/enum"), ShippingType.allCases.map(\.rawValue)),
      ("button types", list("\(applePay)/buttonType/enum"), ApplePayButtonType.allCases.map(\.rawValue)),
      ("button styles", list("\(applePay)/buttonStyle/enum"), ApplePayButtonStyle.allCases.map(\.rawValue)),
      (
        "authentication", list("\(applePay)/authentication/enum"), AuthenticationKind.allCases.map(\.rawValue)
      ),
      (
        "device modules", list("/$defs/device/properties/module/enum"),
        ApplePayDevice.Module.allCases.map(\.rawValue)
      ),
      (
        "init faults", list("/$defs/device/properties/initFault/enum"),
        ApplePayDevice.InitFault.allCases.map(\.rawValue)
      ),
      (
        "device gateway profiles", list("/$defs/device/properties/gatewayProfile/enum"),
        ApplePayDevice.gatewayProfiles
      ),
      (
        "network rewards", keys("\(rules)/networkRewards/properties"),
        PaymentNetwork.allCases.map(\.rawValue).sorted()
      ),
      (
        "update delays", keys("\(rules)/updateDelays/properties"),
        ApplePaySheet.PendingUpdate.allCases.map(\.callbackName.rawValue).sorted()
      ),
      (
        "gateway profiles", list("/$defs/gateway/properties/profile/enum"),
        PSPProfile.allCases.map(\.rawValue)
      ),
      (
        "gateway operations", keys("/$defs/gateway/properties/latency/properties"),
        GatewayOperation.allCases.map(\.rawValue).sorted()
      ),
      (
        "latency shapes", list("/$defs/latency/properties/shape/enum"),
        LatencyDistribution.Shape.allCases.map(\.rawValue)
      ),
      (
        "AVS results",
        list("/$defs/gateway/properties/addressVerification/properties/declineResults/items/enum"),
        AddressVerificationResult.allCases.map(\.rawValue)
      ),
      (
        "style roles", keys("/properties/roles/properties", in: theme),
        StyleRole.allCases.map(\.rawValue).sorted()
      ),
      (
        "colour names", list("/$defs/colour/anyOf/0/enum", in: theme),
        ["default"] + TerminalColor.names + ["gray", "grey"]
      ),
    ]
    for (what, inSchema, inSwift) in expected {
      XCTAssertEqual(inSchema, inSwift, what)
    }
    // Enums without a list of their cases in Swift: each value of the schema decodes.
    for value in list("/$defs/summaryItem/properties/type/enum") {
      XCTAssertNotNil(SummaryItemType(rawValue: value), value)
    }
    for value in list("/$defs/recurringRequest/properties/regularBilling/properties/intervalUnit/enum") {
      XCTAssertNotNil(BillingIntervalUnit(rawValue: value), value)
    }
    XCTAssertEqual(
      list("/properties/appearance/enum", in: theme).compactMap { Theme.Appearance(rawValue: $0) },
      [.light, .dark])
  }

  // MARK: - The patterns agree with the parsers

  /// An amount's pattern for a currency with E decimals takes exactly what `AmountParser` takes in such a
  /// currency; the pattern used where the currency is not known takes all of those.
  func testTheAmountPatternsAgreeWithTheAmountParser() throws {
    let scenario = try Self.schema("scenario")
    let samples = [
      "0", "1", "49.99", "49.9", "1.0", "1.00", "1.000", "1.0000", "1.00000", "0.001", "1.", ".5", "-1",
      "-0.00",
      "+1", "1,000", "1 000", "1e3", "", " ", "abc", "1.2.3", "１２", " 4.50 ", "\t7\t", "007.50",
      "0000000000000000000001.00", "999999999999999", "1000000000000000", "1000000000000001",
      "9999999999999.99",
      "10000000000000", "10000000000000.00", "10000000000000.01", "999999999999.999", "1000000000000.000",
      "1000000000000.001", "99999999999.9999", "100000000000.0000", "100000000000.0001",
      "99999999999999999999999999999999.99",
    ]
    let generic = try XCTUnwrap(Self.value(at: "/$defs/amount/anyOf/0/pattern", in: scenario) as? String)
    for (exponent, code) in [(0, "JPY"), (2, "USD"), (3, "BHD"), (4, "CLF")] {
      let currency = try XCTUnwrap(Currency(code: code))
      XCTAssertEqual(currency.exponent, exponent)
      let pattern = try XCTUnwrap(
        Self.value(at: "/$defs/amountWithExponent\(exponent)/anyOf/0/pattern", in: scenario) as? String)
      for sample in samples {
        let parsed = (try? AmountParser.parse(sample, currency: currency).get()) != nil
        XCTAssertEqual(Self.matches(pattern, sample), parsed, "\(code) \"\(sample)\"")
        if parsed { XCTAssertTrue(Self.matches(generic, sample), "any currency: \"\(sample)\"") }
      }
    }
  }

  /// Each currency falls under the pattern of its exponent, written in capitals as ISO 4217 writes it, and
  /// under no other; in other letters' case it falls under none (PayDrill refuses `usd`, naming `USD`).
  func testTheCurrencyPatternsFollowTheExponents() throws {
    let scenario = try Self.schema("scenario")
    let any = try XCTUnwrap(Self.value(at: "/$defs/currencyCode", in: scenario) as? [String: Any])
    for code in Currency.knownCodes {
      let exponent = try XCTUnwrap(Currency(code: code)).exponent
      for written in [code, code.lowercased(), String(code.prefix(1)) + code.dropFirst().lowercased()] {
        let isoSpelling = written == code
        XCTAssertEqual(Self.accepts(any, written), isoSpelling, written)
        XCTAssertEqual((try? Currency.parse(isoCode: written).get()) != nil, isoSpelling, written)
        for candidate in [0, 2, 3, 4] {
          let pattern = try XCTUnwrap(
            Self.value(at: "/$defs/currencyWithExponent\(candidate)/pattern", in: scenario) as? String)
          XCTAssertEqual(
            Self.matches(pattern, written), isoSpelling && candidate == exponent,
            "\(written) and exponent \(candidate)")
        }
      }
    }
    for unknown in ["XYZ", "US", "USDD", "usd ", "", "€"] {
      XCTAssertNil(Currency(code: unknown).flatMap { unknown.count == 3 ? $0 : nil }, unknown)
      XCTAssertFalse(Self.accepts(any, unknown), unknown)
    }
  }

  /// A colour string is a name (case, `-` and `_` ignored) or `#rrggbb`, exactly as `TerminalColor(name:)`
  /// reads it.
  func testTheColourPatternAgreesWithTheThemeDecoder() throws {
    let colour = try XCTUnwrap(Self.value(at: "/$defs/colour", in: Self.schema("theme")) as? [String: Any])
    var samples = [
      "Bright-White", "bright_white", "BRIGHTWHITE", "b-r-i-g-h-t-w-h-i-t-e", "_red_", "-gray-", "Grey",
      "GRAY",
      "Default", "#87d7ff", "#87D7FF", "#-87d7ff", "#87_d7_ff", "-#000000", "#87d7f", "#87d7ffa", "#87d7fg",
      "87d7ff",
      "#", "", "-", "purple", "chartreuse", "bright white", "light red", "brightgrey", "none", "0", "255",
      "300",
    ]
    samples += ["default", "gray", "grey"] + TerminalColor.names
    for sample in samples {
      XCTAssertEqual(Self.accepts(colour, sample), TerminalColor(name: sample) != nil, "\"\(sample)\"")
    }
  }

  /// A card scheme is one of the session's names, in any case, with `amex`, `American Express` and `Diners
  /// Club`.
  func testTheCardSchemePatternAgreesWithTheSessionDecoder() throws {
    let scheme = try XCTUnwrap(
      Self.value(
        at: "/$defs/session/properties/allowedFundingTypes/properties/cardSchemes/items",
        in: Self.schema("scenario")) as? [String: Any])
    let samples = [
      "Visa", "VISA", "visa", " Visa ", "Mastercard", "MasterCard", "master card", "AmericanExpress",
      "American Express", "american-express", "amex", "AMEX", "Diners", "Diners Club", "dinersclub",
      "Discover",
      "JCB", "jcb", "Maestro", "UnionPay", "Visa Electron", "Vis", "", " ", "Amex Gold",
    ]
    for sample in samples {
      XCTAssertEqual(Self.accepts(scheme, sample), CardScheme(sessionName: sample) != nil, "\"\(sample)\"")
    }
  }

  /// The session's expiry takes the ISO 8601 times the session decoder takes; a billing date is the
  /// documented `yyyy-MM-dd` (the decoder also takes some looser forms, and the calendar is its to check).
  func testTheTimeAndDatePatternsAgreeWithTheDecoders() throws {
    let scenario = try Self.schema("scenario")
    let expiry = try XCTUnwrap(
      Self.value(at: "/$defs/session/properties/sessionExpiry/pattern", in: scenario) as? String)
    let times = [
      "2030-05-19T13:39:20Z", "2030-05-19T13:39:20.3843454Z", "2030-05-19T13:39:20+01:00",
      "2030-05-19T13:39:20+0100",
      "2030-05-19T13:39:20-05:00", "2030-05-19T13:39:20+01", "2030-05-19T13:39:20.5+01:00",
      "2030-05-19T13:39:20",
      "2030-05-19 13:39:20Z", "2030-05-19", "tomorrow", "", "2030-13-19T13:39:20Z", "2030-00-19T13:39:20Z",
      "2030-05-32T00:00:00Z", "2030-05-00T00:00:00Z", "20300519T133920Z", "2030-05-19T13:39Z",
      "2030-05-19t13:39:20z", " 2030-05-19T13:39:20Z",
    ]
    for time in times {
      XCTAssertEqual(Self.matches(expiry, time), SessionData.date(time) != nil, "\"\(time)\"")
    }
    let date = try XCTUnwrap(Self.value(at: "/$defs/billingDate/pattern", in: scenario) as? String)
    for text in [
      "2026-12-13", "2026-01-05", "2027-02-28", "2026-13-01", "2026-00-10", "2026-12-32", "13/12/2026",
      "soon",
    ] {
      XCTAssertEqual(Self.matches(date, text), BillingDate.date(text) != nil, "\"\(text)\"")
    }
    // The differences, on purpose: looser forms the decoder reads, and dates the calendar has not.
    for loose in ["2026-1-5", "2026/12/13", "26-12-13"] {
      XCTAssertFalse(Self.matches(date, loose), loose)
      XCTAssertNotNil(BillingDate.date(loose), loose)
    }
    XCTAssertTrue(Self.matches(date, "2026-02-30"))
    XCTAssertNil(BillingDate.date("2026-02-30"))
  }

  /// Where the transaction's currency has E decimals, every amount of the scenario follows the amount pattern
  /// of E: the conditional schemas (`amountsWithExponentE`) reach every place the scenario schema has an
  /// amount.
  func testEveryAmountFollowsTheDecimalsOfTheTransactionsCurrency() throws {
    let scenario = try Self.schema("scenario")
    let amounts = Self.paths(to: "#/$defs/amount", from: scenario, path: "", schema: scenario)
    XCTAssertEqual(amounts.count, 20, amounts.sorted().joined(separator: "\n"))
    for exponent in [0, 2, 3, 4] {
      let start = try XCTUnwrap(Self.value(at: "/$defs/amountsWithExponent\(exponent)", in: scenario))
      let checked = Self.paths(
        to: "#/$defs/amountWithExponent\(exponent)", from: start, path: "", schema: scenario)
      for path in amounts {
        XCTAssertTrue(
          checked.contains { Self.path(path, matches: $0) }, "exponent \(exponent) misses \(path)")
      }
      for path in checked {
        XCTAssertTrue(
          amounts.contains { Self.path($0, matches: path) }, "exponent \(exponent): no amount at \(path)")
      }
      let conditions = try XCTUnwrap(scenario["allOf"] as? [[String: Any]])
      XCTAssertTrue(
        conditions.contains {
          ($0["then"] as? [String: Any])?["$ref"] as? String == "#/$defs/amountsWithExponent\(exponent)"
        })
    }
  }

  // MARK: - An independent validator: Python's jsonschema

  func testEveryBuiltInScenarioAndThemeIsValid() throws {
    let files = try Self.builtInFiles()
    let results = try PythonJSONSchema.validate(
      files.map {
        PythonJSONSchema.Case(id: $0.url.lastPathComponent + "/" + $0.schema, schema: $0.schema, file: $0.url)
      })
    XCTAssertEqual(results.count, files.count)
    for (id, result) in results.sorted(by: { $0.key < $1.key }) {
      XCTAssertTrue(result.parsed, id)
      XCTAssertEqual(result.errors, [], id)
    }
  }

  /// What each file of the broken corpus means to break, and whether the schema of its kind refuses it.
  enum CorpusExpectation {
    /// The schemas named refuse it, each with an error at the path (a JSON pointer; "" is the top level).
    case refused([(schema: String, path: String)])
    /// Not JSON, so no schema applies: a parser refuses it first.
    case notJSON(reason: String)
    /// The rule cannot be said in JSON Schema: the schema takes the file (and PayDrill refuses it).
    case cannotExpress(schema: String, reason: String)
    /// The rule cannot be said in JSON Schema, but the file breaks another rule the schema has.
    case refusedForAnotherReason(schema: String, path: String, reason: String)
  }

  static let corpus: [String: CorpusExpectation] = [
    "colour-out-of-range.json": .refused([("theme", "/roles/header/bg")]),
    "fractional-quantity.json": .refused([("scenario", "/items/0/quantity")]),
    "invalid-utf8.json": .notJSON(
      reason:
        "a byte that is not UTF-8: JSON Schema validates parsed values, and JSON text is UTF-8 (RFC 8259)"),
    "list.json": .refused([("scenario", ""), ("theme", "")]),
    "missing-merchant.json": .refused([("scenario", "")]),
    "missing-shopper-id.json": .refused([("scenario", "/transaction")]),
    "alpha-3-country.json": .refused([("scenario", "/applePay/countryCode")]),
    "negative-amount.json": .refused([("scenario", "/items/1/unitPrice")]),
    "neither.json": .refused([("scenario", ""), ("theme", "")]),
    "nested-65-levels.json": .refusedForAnotherReason(
      schema: "theme", path: "/roles",
      reason: "nesting depth is not a JSON Schema keyword; this file's roles are a list, not an object"),
    "overflowing-amount.json": .refused([("scenario", "/items/0/unitPrice")]),
    "overflowing-quantity.json": .refused([("scenario", "/items/0/quantity")]),
    "overflowing-total.json": .cannotExpress(
      schema: "scenario",
      reason:
        "the order total is the sum of quantity × unitPrice over the items and must fit in 64-bit minor "
        + "units: JSON Schema has no arithmetic across values"),
    "total-above-the-limit.json": .cannotExpress(
      schema: "scenario",
      reason:
        "each price is within the limit; their sum is not, and JSON Schema has no arithmetic across values"),
    "too-many-items.json": .refused([("scenario", "/items")]),
    "truncated.json": .notJSON(reason: "cut off in the middle: not JSON"),
    "byte-order-mark.json": .notJSON(
      reason:
        "it starts with a byte-order mark, which JSON text must not (RFC 8259, 8.1); Python's json refuses it"
    ),
    "unknown-colour.json": .refused([("theme", "/roles/title/fg")]),
    "unknown-currency.json": .refused([("scenario", "/transaction/currency")]),
    "unknown-role.json": .refused([("theme", "/roles")]),
    "wrong-type-theme.json": .refused([("theme", "/roles/title/bold")]),
    "wrong-type.json": .refused([("scenario", "/items/0/quantity")]),
    "unknown-key.json": .refused([("scenario", "/gateway/latency/authorise")]),
    "duplicate-key.json": .cannotExpress(
      schema: "scenario",
      reason:
        "a key written twice is gone once the text is parsed: validators see one value (Python's the "
        + "last), so JSON Schema cannot refuse it"),
    "order-written-twice.json": .cannotExpress(
      schema: "scenario",
      reason: "items written twice: gone once the text is parsed, as any key written twice"),
    "apple-pay-total-mismatch.json": .cannotExpress(
      schema: "scenario",
      reason:
        "totalPaymentItem's amount must be the sum of the paymentItems' amounts: JSON Schema has no "
        + "arithmetic across values"),
    "coupon-unknown-key.json": .refused([("scenario", "/applePay/rules/coupons/0")]),
    "rule-unknown-key.json": .refused([("scenario", "/applePay/rules/taxRates/0")]),
  ]

  func testTheSchemasRefuseTheBrokenCorpusWhereJSONSchemaCanSayTheRule() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.brokenFolder.path).sorted()
    XCTAssertEqual(
      Set(names.filter { $0.hasSuffix(".json") }), Set(Self.corpus.keys),
      "every JSON file of the corpus is in the table, with what the schema does with it")
    XCTAssertEqual(names.filter { !$0.hasSuffix(".json") && !$0.hasSuffix(".tape") }, ["notes.txt"])
    var cases: [PythonJSONSchema.Case] = []
    for name in Self.corpus.keys.sorted() {
      for schema in JSONSchemaDocument.names {
        cases.append(
          .init(id: "\(name)/\(schema)", schema: schema, file: Self.brokenFolder.appendingPathComponent(name))
        )
      }
    }
    let results = try PythonJSONSchema.validate(cases)
    for (name, expectation) in Self.corpus.sorted(by: { $0.key < $1.key }) {
      func result(_ schema: String) throws -> PythonJSONSchema.Result {
        try XCTUnwrap(results["\(name)/\(schema)"], "\(name)/\(schema)")
      }
      let decoded = CheckCommand.check(file: Self.brokenFolder.appendingPathComponent(name).path)
      XCTAssertFalse(decoded.isOK, "\(name): PayDrill refuses it")
      switch expectation {
      case .refused(let refusals):
        for (schema, path) in refusals {
          let found = try result(schema)
          XCTAssertTrue(found.parsed, name)
          XCTAssertTrue(
            found.errors.contains { $0.path == path }, "\(name): \(schema) at \"\(path)\": \(found.errors)")
        }
      case .notJSON:
        for schema in JSONSchemaDocument.names { XCTAssertFalse(try result(schema).parsed, name) }
      case .cannotExpress(let schema, _):
        XCTAssertEqual(try result(schema).errors, [], name)
      case .refusedForAnotherReason(let schema, let path, _):
        let errors = try result(schema).errors
        XCTAssertTrue(errors.contains { $0.path == path }, "\(name): \(errors)")
      }
    }
  }

  /// How a mistake fares with the schema and with PayDrill's decoder.
  enum Verdict {
    /// Both refuse it; the schema has an error at the path.
    case bothRefuse(at: String)
    /// Both take it.
    case bothAccept
    /// PayDrill refuses it and the schema cannot say why.
    case onlyPayDrillRefuses(because: String)
    /// The schema refuses what PayDrill takes, on purpose.
    case onlySchemaRefuses(at: String, because: String)
  }

  struct Mistake {
    var name: String
    var schema = "scenario"
    var base = "acme-electronics"
    var changes: [(String, Any?)]
    var verdict: Verdict
  }

  /// A value nested 70 levels deep.
  static var deep: Any { (0..<70).reduce([] as Any) { inner, _ in [inner] } }

  static var mistakes: [Mistake] {
    let cardSchemes = "session.allowedFundingTypes.cardSchemes"
    let noApplePay: (String, Any?) = ("applePay", nil)
    let scenario: [Mistake] = [
      // Refused by both.
      Mistake(
        name: "an unknown currency", changes: [("transaction.currency", "XYZ")],
        verdict: .bothRefuse(at: "/transaction/currency")),
      Mistake(
        name: "three decimals in GBP",
        changes: [("transaction.currency", "GBP"), noApplePay, ("items.0.unitPrice", "1.234")],
        verdict: .bothRefuse(at: "/items/0/unitPrice")),
      Mistake(
        name: "a decimal point in JPY",
        changes: [("transaction.currency", "JPY"), noApplePay, ("items.0.unitPrice", "1.0")],
        verdict: .bothRefuse(at: "/items/0/unitPrice")),
      Mistake(
        name: "four decimals in BHD",
        changes: [("transaction.currency", "BHD"), noApplePay, ("items.0.unitPrice", "1.2345")],
        verdict: .bothRefuse(at: "/items/0/unitPrice")),
      Mistake(
        name: "a thousands separator", changes: [("items.0.unitPrice", "1,000.00")],
        verdict: .bothRefuse(at: "/items/0/unitPrice")),
      Mistake(
        name: "a bare decimal point", changes: [("items.0.unitPrice", "1.")],
        verdict: .bothRefuse(at: "/items/0/unitPrice")),
      Mistake(
        name: "no whole part", changes: [("items.0.unitPrice", ".5")],
        verdict: .bothRefuse(at: "/items/0/unitPrice")),
      Mistake(
        name: "a negative fee", changes: [("applePay.rules.creditCardFee", "-2.99")],
        verdict: .bothRefuse(at: "/applePay/rules/creditCardFee")),
      Mistake(
        name: "three decimals in a shipping rate's method",
        changes: [("applePay.rules.shippingRates.0.methods.0.amount", "12.999")],
        verdict: .bothRefuse(at: "/applePay/rules/shippingRates/0/methods/0/amount")),
      Mistake(
        name: "a reward with three decimals", changes: [("applePay.rules.networkRewards.amex", "1.000")],
        verdict: .bothRefuse(at: "/applePay/rules/networkRewards/amex")),
      Mistake(
        name: "quantity zero", changes: [("items.0.quantity", 0)],
        verdict: .bothRefuse(at: "/items/0/quantity")),
      Mistake(name: "no items", changes: [("items", [Any]())], verdict: .bothRefuse(at: "/items")),
      Mistake(
        name: "items as an object", changes: [("items", ["name": "Lamp"])], verdict: .bothRefuse(at: "/items")
      ),
      Mistake(
        name: "an item without a price", changes: [("items.0.unitPrice", nil)],
        verdict: .bothRefuse(at: "/items/0")),
      Mistake(
        name: "a merchant without a name", changes: [("merchant", [String: Any]())],
        verdict: .bothRefuse(at: "/merchant")),
      Mistake(name: "no session", changes: [("session", nil)], verdict: .bothRefuse(at: "")),
      Mistake(
        name: "an empty merchantTransactionId", changes: [("transaction.merchantTransactionId", "")],
        verdict: .bothRefuse(at: "/transaction/merchantTransactionId")),
      Mistake(
        name: "a merchantTransactionId of 51 characters",
        changes: [("transaction.merchantTransactionId", String(repeating: "x", count: 51))],
        verdict: .bothRefuse(at: "/transaction/merchantTransactionId")),
      Mistake(
        name: "entry type pos", changes: [("transaction.entryType", "pos")],
        verdict: .bothRefuse(at: "/transaction/entryType")),
      Mistake(
        name: "card intent Capture", changes: [("transaction.intent.card", "Capture")],
        verdict: .bothRefuse(at: "/transaction/intent/card")),
      Mistake(
        name: "PayPal intent Verification", changes: [("transaction.intent.paypal", "Verification")],
        verdict: .bothRefuse(at: "/transaction/intent/paypal")),
      Mistake(
        name: "card scheme Maestro", changes: [(cardSchemes, ["Visa", "Maestro"])],
        verdict: .bothRefuse(at: "/\(cardSchemes.replacingOccurrences(of: ".", with: "/"))/1")),
      Mistake(
        name: "an expiry that is not a time", changes: [("session.sessionExpiry", "tomorrow")],
        verdict: .bothRefuse(at: "/session/sessionExpiry")),
      Mistake(
        name: "an expiry in month 13", changes: [("session.sessionExpiry", "2030-13-01T00:00:00Z")],
        verdict: .bothRefuse(at: "/session/sessionExpiry")),
      Mistake(
        name: "a session without expiry", changes: [("session.sessionExpiry", nil)],
        verdict: .bothRefuse(at: "/session")),
      Mistake(
        name: "a PayPal wallet without merchantId",
        changes: [("session.allowedFundingTypes.wallets.paypal.merchantId", nil)],
        verdict: .bothRefuse(at: "/session/allowedFundingTypes/wallets/paypal")),
      Mistake(
        name: "onBeforeSubmit without allow", changes: [("onBeforeSubmit", ["message": "No"])],
        verdict: .bothRefuse(at: "/onBeforeSubmit")),
      Mistake(
        name: "onBeforeSubmit for cash", changes: [("onBeforeSubmit.methods", ["card", "cash"])],
        verdict: .bothRefuse(at: "/onBeforeSubmit/methods/1")),
      Mistake(
        name: "latency over ten minutes", changes: [("latencyMs", 600_001)],
        verdict: .bothRefuse(at: "/latencyMs")),
      Mistake(
        name: "latency as a string", changes: [("latencyMs", "200")], verdict: .bothRefuse(at: "/latencyMs")),
      Mistake(
        name: "an unknown localisation key", changes: [("localisation", ["payNow": "Pay"])],
        verdict: .bothRefuse(at: "/localisation")),
      Mistake(
        name: "network unionPay", changes: [("applePay.supportedNetworks", ["visa", "unionPay"])],
        verdict: .bothRefuse(at: "/applePay/supportedNetworks/1")),
      Mistake(
        name: "capability 3ds", changes: [("applePay.merchantCapabilities", ["credit", "3ds"])],
        verdict: .bothRefuse(at: "/applePay/merchantCapabilities/1")),
      Mistake(
        name: "contact field address", changes: [("applePay.requiredShippingContactFields", ["address"])],
        verdict: .bothRefuse(at: "/applePay/requiredShippingContactFields/0")),
      Mistake(
        name: "shipping type courier", changes: [("applePay.shippingType", "courier")],
        verdict: .bothRefuse(at: "/applePay/shippingType")),
      Mistake(
        name: "button type pay", changes: [("applePay.buttonType", "pay")],
        verdict: .bothRefuse(at: "/applePay/buttonType")),
      Mistake(
        name: "button style red", changes: [("applePay.buttonStyle", "red")],
        verdict: .bothRefuse(at: "/applePay/buttonStyle")),
      Mistake(
        name: "button radius -1", changes: [("applePay.buttonRadius", -1)],
        verdict: .bothRefuse(at: "/applePay/buttonRadius")),
      Mistake(
        name: "custom content without text", changes: [("applePay.customContent", [String: String]())],
        verdict: .bothRefuse(at: "/applePay/customContent")),
      Mistake(
        name: "authentication pin", changes: [("applePay.authentication", "pin")],
        verdict: .bothRefuse(at: "/applePay/authentication")),
      Mistake(
        name: "init fault timeout", changes: [("applePay.device", ["initFault": "timeout"])],
        verdict: .bothRefuse(at: "/applePay/device/initFault")),
      Mistake(
        name: "device gateway profile stripe", changes: [("applePay.device", ["gatewayProfile": "stripe"])],
        verdict: .bothRefuse(at: "/applePay/device/gatewayProfile")),
      Mistake(
        name: "a Wallet without contacts", changes: [("applePay.wallet.contacts", nil)],
        verdict: .bothRefuse(at: "/applePay/wallet")),
      Mistake(
        name: "a Wallet card of four digits", changes: [("applePay.wallet.cards.0.number", "4242")],
        verdict: .bothRefuse(at: "/applePay/wallet/cards/0/number")),
      Mistake(
        name: "a Wallet card of network unionPay", changes: [("applePay.wallet.cards.0.network", "unionPay")],
        verdict: .bothRefuse(at: "/applePay/wallet/cards/0/network")),
      Mistake(
        name: "an address without isoCountryCode",
        changes: [("applePay.wallet.contacts.0.postalAddress.isoCountryCode", nil)],
        verdict: .bothRefuse(at: "/applePay/wallet/contacts/0/postalAddress")),
      Mistake(
        name: "summary item type estimated", changes: [("applePay.paymentItems.0.type", "estimated")],
        verdict: .bothRefuse(at: "/applePay/paymentItems/0/type")),
      Mistake(
        name: "a coupon with a percentage and an amount",
        changes: [("applePay.rules.coupons.0.amountOff", "1.00")],
        verdict: .bothRefuse(at: "/applePay/rules/coupons/0")),
      Mistake(
        name: "a coupon with neither", changes: [("applePay.rules.coupons.0.percentOffBasisPoints", nil)],
        verdict: .bothRefuse(at: "/applePay/rules/coupons/0")),
      Mistake(
        name: "tax over 100 %", changes: [("applePay.rules.taxRates.0.basisPoints", 10_001)],
        verdict: .bothRefuse(at: "/applePay/rules/taxRates/0/basisPoints")),
      Mistake(
        name: "a reward for network unionPay",
        changes: [("applePay.rules.networkRewards", ["unionPay": "1.00"])],
        verdict: .bothRefuse(at: "/applePay/rules/networkRewards")),
      Mistake(
        name: "a delay for a callback that does not exist",
        changes: [("applePay.rules.updateDelays", ["onShippingContactChanged": 100])],
        verdict: .bothRefuse(at: "/applePay/rules/updateDelays")),
      Mistake(
        name: "a delay over ten minutes",
        changes: [("applePay.rules.updateDelays", ["onCouponCodeChanged": 600_001])],
        verdict: .bothRefuse(at: "/applePay/rules/updateDelays/onCouponCodeChanged")),
      Mistake(
        name: "3-D Secure data without its fields",
        changes: [
          ("applePay.rules.preAuthorisation", ["threeDSecureData": ["threeDSecureVersion": "2.2.0"]])
        ],
        verdict: .bothRefuse(at: "/applePay/rules/preAuthorisation/threeDSecureData")),
      Mistake(
        name: "gateway profile stripe", changes: [("gateway", ["profile": "stripe"])],
        verdict: .bothRefuse(at: "/gateway/profile")),
      Mistake(
        name: "latency for an operation that does not exist",
        changes: [("gateway", ["latency": ["capture": ["meanMs": 100]]])],
        verdict: .bothRefuse(at: "/gateway/latency")),
      Mistake(
        name: "latency without meanMs",
        changes: [("gateway", ["latency": ["authorise": ["jitterPercent": 10]]])],
        verdict: .bothRefuse(at: "/gateway/latency/authorise")),
      Mistake(
        name: "jitter over 100 %",
        changes: [("gateway", ["latency": ["authorise": ["meanMs": 100, "jitterPercent": 101]]])],
        verdict: .bothRefuse(at: "/gateway/latency/authorise/jitterPercent")),
      Mistake(
        name: "latency shape spiky",
        changes: [("gateway", ["latency": ["init": ["meanMs": 100, "shape": "spiky"]]])],
        verdict: .bothRefuse(at: "/gateway/latency/init/shape")),
      Mistake(
        name: "AVS letter X",
        changes: [("gateway", ["addressVerification": ["declineResults": ["N", "X"]]])],
        verdict: .bothRefuse(at: "/gateway/addressVerification/declineResults/1")),
      Mistake(
        name: "a start date written day first", base: "streammax-subscription",
        changes: [("applePay.recurringRequest.regularBilling.startDate", "29/12/2026")],
        verdict: .bothRefuse(at: "/applePay/recurringRequest/regularBilling/startDate")),
      Mistake(
        name: "interval unit fortnight", base: "streammax-subscription",
        changes: [("applePay.recurringRequest.regularBilling.intervalUnit", "fortnight")],
        verdict: .bothRefuse(at: "/applePay/recurringRequest/regularBilling/intervalUnit")),
      Mistake(
        name: "a subscription without managementURL", base: "streammax-subscription",
        changes: [("applePay.recurringRequest.managementURL", nil)],
        verdict: .bothRefuse(at: "/applePay/recurringRequest")),
      Mistake(
        name: "a deferred payment date soon", base: "photovault-trial",
        changes: [("applePay.deferredPaymentRequest.deferredBilling.deferredPaymentDate", "soon")],
        verdict: .bothRefuse(at: "/applePay/deferredPaymentRequest/deferredBilling/deferredPaymentDate")),
      Mistake(
        name: "a negative reload threshold", base: "metro-transit-reload",
        changes: [("applePay.automaticReloadPaymentRequest.automaticReloadBilling.thresholdAmount", "-5.00")],
        verdict: .bothRefuse(
          at: "/applePay/automaticReloadPaymentRequest/automaticReloadBilling/thresholdAmount")),
      Mistake(
        name: "Paze available yes", base: "paze-checkout",
        changes: [("session.allowedFundingTypes.wallets.paze.available", "yes")],
        verdict: .bothRefuse(at: "/session/allowedFundingTypes/wallets/paze/available")),
      Mistake(
        name: "a description as a number", changes: [("description", 3)],
        verdict: .bothRefuse(at: "/description")),

      Mistake(
        name: "unknown keys", changes: [("notes", "x"), ("applePay.rules.comment", ["any": 1])],
        verdict: .bothRefuse(at: "")),
      Mistake(
        name: "a misspelt key in the rules", changes: [("applePay.rules.shipingRates", [Any]())],
        verdict: .bothRefuse(at: "/applePay/rules")),
      Mistake(
        name: "a misspelt key in a billing request", base: "streammax-subscription",
        changes: [("applePay.recurringRequest.managementUrl", "https://example.com")],
        verdict: .bothRefuse(at: "/applePay/recurringRequest")),
      Mistake(
        name: "a currency in lower case", changes: [("transaction.currency", "usd"), noApplePay],
        verdict: .bothRefuse(at: "/transaction/currency")),
      Mistake(
        name: "nesting 70 levels deep under an unknown key", changes: [("extra", Self.deep)],
        verdict: .bothRefuse(at: "")),

      // Taken by both.
      Mistake(name: "the file as it is, with $schema", changes: [], verdict: .bothAccept),
      Mistake(name: "the file without $schema", changes: [("$schema", nil)], verdict: .bothAccept),
      Mistake(
        name: "amounts as JSON numbers",
        changes: [("items.0.unitPrice", 49.99), ("applePay.rules.creditCardFee", 3)],
        verdict: .bothAccept),
      Mistake(name: "a yen order as it is", base: "tokyo-yen", changes: [], verdict: .bothAccept),
      Mistake(
        name: "a yen amount as a JSON number", base: "tokyo-yen", changes: [("items.0.unitPrice", 1235)],
        verdict: .bothAccept),
      Mistake(
        name: "one decimal in GBP",
        changes: [("transaction.currency", "GBP"), noApplePay, ("items.0.unitPrice", "1.1")],
        verdict: .bothAccept),
      Mistake(
        name: "three decimals in BHD",
        changes: [("transaction.currency", "BHD"), noApplePay, ("items.0.unitPrice", "1.300")],
        verdict: .bothAccept),
      Mistake(
        name: "spaces around an amount", changes: [("items.0.unitPrice", " 4.50 ")], verdict: .bothAccept),
      Mistake(name: "leading zeros", changes: [("items.0.unitPrice", "007.50")], verdict: .bothAccept),
      Mistake(
        name: "the largest amount", changes: [("items.0.unitPrice", "10000000000000.00")],
        verdict: .bothAccept),
      Mistake(
        name: "card schemes in other spellings",
        changes: [(cardSchemes, ["amex", "American Express", "Diners Club", "VISA", "mastercard"])],
        verdict: .bothAccept),
      Mistake(
        name: "a session Drop-in refuses later",
        changes: [("session.sessionId", "s"), ("session.hmacKey", "k")],
        verdict: .bothAccept),
      Mistake(name: "no quantity", changes: [("items.0.quantity", nil)], verdict: .bothAccept),
      Mistake(
        name: "an expiry with an offset", changes: [("session.sessionExpiry", "2030-05-19T13:39:20+02:00")],
        verdict: .bothAccept),
      Mistake(name: "no Apple Pay section", changes: [noApplePay], verdict: .bothAccept),

      // What JSON Schema cannot say.
      Mistake(
        name: "an Apple Pay currency other than the transaction's",
        changes: [("applePay.currencyCode", "EUR")],
        verdict: .onlyPayDrillRefuses(
          because: "one value must equal another (applePay.currencyCode and "
            + "transaction.currency): JSON Schema compares a value with constants, not with another value")),
      Mistake(
        name: "a Wallet card that fails the Luhn check",
        changes: [("applePay.wallet.cards.0.number", "4000056655665557")],
        verdict: .onlyPayDrillRefuses(because: "the Luhn check is arithmetic over the digits")),
      Mistake(
        name: "an order total beyond 64 bits",
        changes: [("items", [["name": "Lamp", "unitPrice": "9999999999999.99", "quantity": Int.max]])],
        verdict: .onlyPayDrillRefuses(because: "the total is a sum of products of values in the file")),
      Mistake(
        name: "three decimals in USD written as a JSON number", changes: [("items.0.unitPrice", 49.999)],
        verdict: .onlyPayDrillRefuses(
          because: "multipleOf 0.01 is not reliable in validators' binary floating "
            + "point, so the decimals are checked for amounts written as strings, as the README asks")),
      Mistake(
        name: "a string over 64 KB in a description",
        changes: [("description", String(repeating: "x", count: 70_000))],
        verdict: .onlyPayDrillRefuses(
          because: "PayDrill reads no string over 64 KB; the schema gives descriptions no maximum length")),

      // The schema's own strictness, on purpose.
      Mistake(
        name: "null for an optional field", changes: [("locale", NSNull())],
        verdict: .onlySchemaRefuses(
          at: "/locale", because: "PayDrill reads null as absent; the schema asks to leave the field out")),
      Mistake(
        name: "a start date in a loose form", base: "streammax-subscription",
        changes: [("applePay.recurringRequest.regularBilling.startDate", "2026-1-5")],
        verdict: .onlySchemaRefuses(
          at: "/applePay/recurringRequest/regularBilling/startDate",
          because: "PayDrill's date parser also reads 2026-1-5; the schema asks for the documented yyyy-MM-dd"
        )),
    ]
    let theme: [Mistake] = [
      Mistake(
        name: "colour purple", schema: "theme", base: "dark", changes: [("roles.title.fg", "purple")],
        verdict: .bothRefuse(at: "/roles/title/fg")),
      Mistake(
        name: "colour index 256", schema: "theme", base: "dark", changes: [("roles.title.fg", 256)],
        verdict: .bothRefuse(at: "/roles/title/fg")),
      Mistake(
        name: "colour index -1", schema: "theme", base: "dark", changes: [("roles.title.bg", -1)],
        verdict: .bothRefuse(at: "/roles/title/bg")),
      Mistake(
        name: "colour index 3.5", schema: "theme", base: "dark", changes: [("roles.title.bg", 3.5)],
        verdict: .bothRefuse(at: "/roles/title/bg")),
      Mistake(
        name: "five hex digits", schema: "theme", base: "dark", changes: [("roles.title.fg", "#87d7f")],
        verdict: .bothRefuse(at: "/roles/title/fg")),
      Mistake(
        name: "a colour with a space", schema: "theme", base: "dark",
        changes: [("roles.title.fg", "bright white")], verdict: .bothRefuse(at: "/roles/title/fg")),
      Mistake(
        name: "role hilite", schema: "theme", base: "dark", changes: [("roles.hilite", [String: Any]())],
        verdict: .bothRefuse(at: "/roles")),
      Mistake(
        name: "bold yes", schema: "theme", base: "dark", changes: [("roles.title.bold", "yes")],
        verdict: .bothRefuse(at: "/roles/title/bold")),
      Mistake(
        name: "appearance sepia", schema: "theme", base: "dark", changes: [("appearance", "sepia")],
        verdict: .bothRefuse(at: "/appearance")),
      Mistake(
        name: "no name", schema: "theme", base: "dark", changes: [("name", nil)], verdict: .bothRefuse(at: "")
      ),
      Mistake(
        name: "no roles", schema: "theme", base: "dark", changes: [("roles", nil)],
        verdict: .bothRefuse(at: "")),
      Mistake(
        name: "roles as a list", schema: "theme", base: "dark", changes: [("roles", [Any]())],
        verdict: .bothRefuse(at: "/roles")),
      Mistake(
        name: "a role as a string", schema: "theme", base: "dark", changes: [("roles.title", "red")],
        verdict: .bothRefuse(at: "/roles/title")),
      Mistake(name: "the theme as it is", schema: "theme", base: "light", changes: [], verdict: .bothAccept),
      Mistake(
        name: "the theme without $schema", schema: "theme", base: "high-contrast",
        changes: [("$schema", nil)], verdict: .bothAccept),
      Mistake(
        name: "colour names in any case, with - and _", schema: "theme", base: "dark",
        changes: [
          ("roles.title.fg", "Bright-White"), ("roles.title.bg", "bright_black"), ("roles.muted.fg", "GREY"),
        ],
        verdict: .bothAccept),
      Mistake(
        name: "#rrggbb in capitals, indices 0 and 255, default", schema: "theme", base: "dark",
        changes: [
          ("roles.title.fg", "#87D7FF"), ("roles.title.bg", 0), ("roles.muted.fg", 255),
          ("roles.muted.bg", "default"),
        ],
        verdict: .bothAccept),
      Mistake(
        name: "an unknown key", schema: "theme", base: "dark", changes: [("author", "me")],
        verdict: .bothRefuse(at: "")),
      Mistake(
        name: "an unknown key in a style", schema: "theme", base: "dark",
        changes: [("roles.title.blod", true)],
        verdict: .bothRefuse(at: "/roles/title")),
      Mistake(
        name: "no roles but normal", schema: "theme", base: "dark",
        changes: [("roles", ["normal": [String: Any]()])], verdict: .bothAccept),
      Mistake(
        name: "nesting 70 levels deep under an unknown key (theme)", schema: "theme", base: "dark",
        changes: [("extra", Self.deep)], verdict: .bothRefuse(at: "")),
      Mistake(
        name: "null for a colour", schema: "theme", base: "dark", changes: [("roles.title.fg", NSNull())],
        verdict: .onlySchemaRefuses(
          at: "/roles/title/fg",
          because: "PayDrill reads null as absent; the schema asks to leave the field out")),
    ]
    return scenario + theme
  }

  /// Typical mistakes, made in the built-in files: the schema and PayDrill's decoder agree on each, except
  /// where the verdict says why they cannot or do not.
  func testTheSchemasAgreeWithPayDrillOnTypicalMistakes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let mistakes = Self.mistakes
    XCTAssertEqual(Set(mistakes.map(\.name)).count, mistakes.count, "names are unique")
    var cases: [PythonJSONSchema.Case] = []
    /// Where PayDrill refuses each mistake it refuses (`items[0].unitPrice`).
    var payDrillRefuses: [String: String] = [:]
    for (index, mistake) in mistakes.enumerated() {
      let base =
        mistake.schema == "scenario"
        ? Self.scenarioFolder.appendingPathComponent("\(mistake.base).json")
        : Self.themeFolder.appendingPathComponent("\(mistake.base).json")
      var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: base)) as? [String: Any])
      for (path, value) in mistake.changes {
        object = try XCTUnwrap(
          Self.setting(path.split(separator: ".").map(String.init), to: value, in: object) as? [String: Any],
          mistake.name)
      }
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      let file = folder.appendingPathComponent("\(index).json")
      try data.write(to: file)
      do {
        if mistake.schema == "scenario" {
          _ = try ConfigurationFile.decode(Scenario.self, from: data, file: mistake.name)
        } else {
          _ = try ConfigurationFile.decode(Theme.self, from: data, file: mistake.name)
        }
      } catch {
        payDrillRefuses[mistake.name] = (error as? ConfigurationError)?.location ?? "\(error)"
      }
      cases.append(.init(id: mistake.name, schema: mistake.schema, file: file))
    }
    let results = try PythonJSONSchema.validate(cases)
    for mistake in mistakes {
      let result = try XCTUnwrap(results[mistake.name], mistake.name)
      XCTAssertTrue(result.parsed, mistake.name)
      let refusedBy = payDrillRefuses[mistake.name]
      switch mistake.verdict {
      case .bothRefuse(let path):
        XCTAssertNotNil(refusedBy, "\(mistake.name): PayDrill takes it")
        XCTAssertTrue(
          result.errors.contains { $0.path == path }, "\(mistake.name): at \"\(path)\": \(result.errors)")
        // PayDrill refuses it at the same place (or inside it: a missing key is named in its object).
        let place = Self.location(path)
        if let location = refusedBy, !path.isEmpty {
          XCTAssertTrue(
            location == place || location.hasPrefix(place + ".") || location.hasPrefix(place + "["),
            "\(mistake.name): PayDrill refuses it at \(location), not at \(place)")
        }
      case .bothAccept:
        XCTAssertNil(refusedBy, "\(mistake.name): PayDrill refuses it")
        XCTAssertEqual(result.errors, [], mistake.name)
      case .onlyPayDrillRefuses:
        XCTAssertNotNil(refusedBy, "\(mistake.name): PayDrill takes it")
        XCTAssertEqual(result.errors, [], "\(mistake.name): the schema can say it after all")
      case .onlySchemaRefuses(let path, _):
        XCTAssertNil(refusedBy, "\(mistake.name): PayDrill refuses it")
        XCTAssertTrue(
          result.errors.contains { $0.path == path }, "\(mistake.name): at \"\(path)\": \(result.errors)")
      }
    }
  }

  // MARK: - Helpers

  static func schema(_ name: String) throws -> [String: Any] {
    let text = try XCTUnwrap(JSONSchemaDocument.text(named: name))
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The built-in scenario files (in their real folder) and theme files, with the schema each follows.
  static func builtInFiles() throws -> [(url: URL, schema: String)] {
    func files(_ folder: URL, _ schema: String) throws -> [(url: URL, schema: String)] {
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        .sorted()
        .map { (folder.appendingPathComponent($0), schema) }
    }
    return try files(scenarioFolder, "scenario") + files(themeFolder, "theme")
  }

  /// The value at a JSON pointer (without escapes).
  static func value(at pointer: String, in root: Any) -> Any? {
    var current: Any? = root
    for part in pointer.split(separator: "/").map(String.init) {
      if let object = current as? [String: Any] {
        current = object[part]
      } else if let list = current as? [Any], let index = Int(part), list.indices.contains(index) {
        current = list[index]
      } else {
        return nil
      }
    }
    return current
  }

  /// `object` with the value at `path` set (nil removes it); numeric parts index lists.
  static func setting(_ path: [String], to value: Any?, in node: Any) -> Any {
    guard let key = path.first else { return value as Any }
    if var list = node as? [Any], let index = Int(key), list.indices.contains(index) {
      list[index] = setting(Array(path.dropFirst()), to: value, in: list[index])
      return list
    }
    var object = node as? [String: Any] ?? [:]
    if path.count == 1, value == nil {
      object.removeValue(forKey: key)
    } else {
      object[key] = setting(Array(path.dropFirst()), to: value, in: object[key] ?? [String: Any]())
    }
    return object
  }

  /// Whether a whole string matches a schema's pattern (ICU, as the patterns use only what ECMA-262 and
  /// Python share).
  static func matches(_ pattern: String, _ text: String) -> Bool {
    guard let regex = try? NSRegularExpression(pattern: pattern) else {
      XCTFail("not a regular expression: \(pattern)")
      return false
    }
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
  }

  /// Whether a schema of strings (`enum`, `pattern`, `anyOf`, `type`) takes a string.
  static func accepts(_ schema: [String: Any], _ text: String) -> Bool {
    if let type = schema["type"] as? String, type != "string" { return false }
    if let values = schema["enum"] as? [Any], !values.contains(where: { $0 as? String == text }) {
      return false
    }
    if let pattern = schema["pattern"] as? String, !matches(pattern, text) { return false }
    if let choices = schema["anyOf"] as? [[String: Any]], !choices.contains(where: { accepts($0, text) }) {
      return false
    }
    return true
  }

  /// The places in instances (`/items/*/unitPrice`) where a schema refers to `reference`, following `$ref`s
  /// into `$defs`, `properties`, `items`, `additionalProperties` and `allOf`/`anyOf`/`oneOf`.
  static func paths(to reference: String, from node: Any, path: String, schema: [String: Any], depth: Int = 0)
    -> Set<String>
  {
    guard depth < 40, let object = node as? [String: Any] else { return [] }
    var found: Set<String> = []
    if let ref = object["$ref"] as? String {
      if ref == reference {
        found.insert(path)
      } else if ref.hasPrefix("#/"), let target = value(at: String(ref.dropFirst()), in: schema) {
        found.formUnion(paths(to: reference, from: target, path: path, schema: schema, depth: depth + 1))
      }
    }
    for (key, child) in object["properties"] as? [String: Any] ?? [:] {
      found.formUnion(
        paths(to: reference, from: child, path: path + "/" + key, schema: schema, depth: depth + 1))
    }
    for key in ["items", "additionalProperties"] {
      if let child = object[key] {
        found.formUnion(
          paths(to: reference, from: child, path: path + "/*", schema: schema, depth: depth + 1))
      }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
      for child in object[key] as? [Any] ?? [] {
        found.formUnion(paths(to: reference, from: child, path: path, schema: schema, depth: depth + 1))
      }
    }
    return found
  }

  /// A JSON pointer as PayDrill's messages name the place (`/items/0/unitPrice` is `items[0].unitPrice`).
  static func location(_ pointer: String) -> String {
    pointer.split(separator: "/").reduce("") { text, part in
      Int(part) != nil ? text + "[\(part)]" : text.isEmpty ? String(part) : text + "." + part
    }
  }

  /// Whether an instance path matches a pattern path whose `*` stands for any one key or index.
  static func path(_ path: String, matches pattern: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    let wanted = pattern.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == wanted.count && zip(parts, wanted).allSatisfy { $1 == "*" || $0 == $1 }
  }
}

/// Runs Python's `jsonschema` (Draft 2020-12) over files: the independent validator of the schemas. Skips the
/// test where python3 or jsonschema is missing, and fails it under CI, where that is a broken setup (`make
/// deps` installs python3-jsonschema).
enum PythonJSONSchema {
  struct Case {
    var id: String
    var schema: String
    var file: URL
  }

  struct Problem: Decodable, Equatable, CustomStringConvertible {
    var path: String
    var keyword: String
    var message: String
    var description: String { "\(path.isEmpty ? "(top)" : path) \(keyword): \(message)" }
  }

  struct Result: Decodable {
    var parsed: Bool
    var errors: [Problem]
  }

  static let script = #"""
    import json, sys
    from jsonschema import Draft202012Validator
    job = json.load(open(sys.argv[1], encoding="utf-8"))
    validators = {}
    for name, path in job["schemas"].items():
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        Draft202012Validator.check_schema(schema)
        validators[name] = Draft202012Validator(schema)
    results = {}
    for case in job["cases"]:
        try:
            with open(case["file"], "rb") as f:
                instance = json.loads(f.read().decode("utf-8"))
        except ValueError:
            results[case["id"]] = {"parsed": False, "errors": []}
            continue
        errors = validators[case["schema"]].iter_errors(instance)
        results[case["id"]] = {"parsed": True, "errors": [
            {"path": "".join("/" + str(part) for part in error.absolute_path),
             "keyword": str(error.validator), "message": error.message[:300]} for error in errors]}
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(results, f)
    """#

  static func validate(_ cases: [Case]) throws -> [String: Result] {
    try requireJSONSchema()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-jsonschema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let scriptFile = folder.appendingPathComponent("validate.py")
    let jobFile = folder.appendingPathComponent("job.json")
    let outputFile = folder.appendingPathComponent("results.json")
    try script.write(to: scriptFile, atomically: true, encoding: .utf8)
    let job: [String: Any] = [
      "schemas": Dictionary(
        uniqueKeysWithValues: JSONSchemaDocument.names.map { ($0, SchemaTests.schemaFile($0).path) }),
      "cases": cases.map { ["id": $0.id, "schema": $0.schema, "file": $0.file.path] },
    ]
    try JSONSerialization.data(withJSONObject: job).write(to: jobFile)
    let (status, errors) = try run(["python3", scriptFile.path, jobFile.path, outputFile.path])
    guard status == 0 else {
      XCTFail("jsonschema failed (status \(status)): \(errors)")
      throw XCTSkip("the validator did not run")
    }
    return try JSONDecoder().decode([String: Result].self, from: Data(contentsOf: outputFile))
  }

  static func requireJSONSchema() throws {
    let found = try? run(["python3", "-c", "from jsonschema import Draft202012Validator"])
    if found?.status == 0 { return }
    let why = found == nil ? "python3 is not on PATH" : "Python's jsonschema (4.0 or later) is missing"
    throw Requirement.missing("\(why): the schema tests need it (make deps installs python3-jsonschema)")
  }

  /// Runs a command through /usr/bin/env; its exit status and standard error.
  static func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let errorHandle = try FileHandle(forWritingTo: errorFile)
    process.standardError = errorHandle
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try errorHandle.close()
    return (process.terminationStatus, (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
  }
}
