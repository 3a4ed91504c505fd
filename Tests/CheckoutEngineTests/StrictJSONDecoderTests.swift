import Foundation
import StrictJSON
import XCTest

@testable import CheckoutEngine

/// `StrictJSONDecoder` and `JSONReader`: what Foundation's `JSONDecoder` lets through silently (a key
/// written twice, a key no type knows, a number's decimals as written) is refused or kept.
final class StrictJSONDecoderTests: XCTestCase {
  /// A list of coupons in dollars, as a scenario's rules hold them.
  private struct Coupons: Decodable {
    var coupons: [Coupon]
    enum CodingKeys: String, CodingKey, CaseIterable { case coupons }
    init(from decoder: Decoder) throws {
      coupons = try decoder.container(keyedBy: CodingKeys.self).decodeList(
        Coupon.self, forKey: .coupons, currency: Currency(code: "USD")!)
    }
  }

  private struct Inner: Decodable, Equatable {
    var name: String
    var count: Int?

    enum CodingKeys: String, CodingKey, CaseIterable { case name, count }
  }

  private struct Outer: Decodable, Equatable {
    var shippingMethods: [Inner]
    var options: Inner?
    var labels: [String: String]?

    enum CodingKeys: String, CodingKey, CaseIterable { case shippingMethods, options, labels }
  }

  private func decode(_ text: String) throws -> Outer {
    try StrictJSONDecoder().decode(Outer.self, from: text)
  }

  /// The path and description of the `dataCorrupted` error that decoding `text` throws.
  private func corruption(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> (
    String, String
  )? {
    do {
      _ = try decode(text)
      XCTFail("decoded \(text)", file: file, line: line)
    } catch DecodingError.dataCorrupted(let context) {
      return (DecodingFailure.path(context.codingPath), context.debugDescription)
    } catch {
      XCTFail("\(error)", file: file, line: line)
    }
    return nil
  }

  func testAnUnknownKeyIsRefusedAtEveryDepthWithTheNearestKnownKey() {
    let top = corruption(#"{"shipingMethods":[]}"#)
    XCTAssertEqual(top?.0, "shipingMethods")
    XCTAssertEqual(top?.1, "unknown key \"shipingMethods\" (did you mean `shippingMethods`?)")
    let nested = corruption(#"{"shippingMethods":[],"options":{"name":"a","cuont":1}}"#)
    XCTAssertEqual(nested?.0, "options.cuont")
    XCTAssertEqual(nested?.1, "unknown key \"cuont\" (did you mean `count`?)")
    let inList = corruption(#"{"shippingMethods":[{"name":"a"},{"name":"b","colour":"red"}]}"#)
    XCTAssertEqual(inList?.0, "shippingMethods[1].colour")
    XCTAssertEqual(inList?.1, "unknown key \"colour\" (expected one of `count`, `name`)")
  }

  func testAMisspeltRequiredKeyIsReportedAsTheMisspellingNotAsMissing() {
    XCTAssertEqual(corruption(#"{"shipingMethods":[{"name":"a"}]}"#)?.0, "shipingMethods")
  }

  /// Issue 28: a misspelt key that breaks its object's rule (a coupon's `amountOf`: "exactly one of
  /// percentOffBasisPoints or amountOff") is reported as the misspelling, with the nearest known key.
  func testAMisspeltKeyThatBreaksItsObjectsRuleIsReportedAsTheMisspelling() throws {
    let coupon = #"{"coupons":[{"code":"A","amountOf":"5.00"}]}"#
    XCTAssertThrowsError(
      try StrictJSONDecoder().decode(Coupons.self, from: coupon)
    ) { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(context.codingPath.map(\.stringValue), ["coupons", "Index 0", "amountOf"])
      XCTAssertEqual(context.debugDescription, "unknown key \"amountOf\" (did you mean `amountOff`?)")
    }
    // The rule broken with every key known is the rule's own error.
    XCTAssertThrowsError(
      try StrictJSONDecoder().decode(Coupons.self, from: #"{"coupons":[{"code":"A"}]}"#)
    ) { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(context.debugDescription, "expected exactly one of percentOffBasisPoints or amountOff")
    }
  }

  func testADictionaryTakesAnyKeyAndIgnoredTopLevelKeysAreTaken() throws {
    XCTAssertEqual(try decode(#"{"shippingMethods":[],"labels":{"anything":"x"}}"#).labels, ["anything": "x"])
    let decoder = StrictJSONDecoder(ignoredTopLevelKeys: ["$schema"])
    XCTAssertNoThrow(try decoder.decode(Outer.self, from: #"{"$schema":"s.json","shippingMethods":[]}"#))
    XCTAssertNotNil(corruption(#"{"$schema":"s.json","shippingMethods":[]}"#), "only when asked")
  }

  func testADuplicatedKeyIsRefusedWithItsPathAndLines() {
    let text = "{\"shippingMethods\":[],\n\"options\":{\"name\":\"a\",\n\"name\":\"b\"}}"
    XCTAssertThrowsError(try decode(text)) { error in
      XCTAssertEqual(
        error as? JSONReadError, .duplicateKey(path: "options.name", firstLine: 2, secondLine: 3))
    }
    XCTAssertThrowsError(try JSONReader.read(#"[{"a":1},{"b":[{"c":1,"c":1}]}]"#)) { error in
      XCTAssertEqual(error as? JSONReadError, .duplicateKey(path: "[1].b[0].c", firstLine: 1, secondLine: 1))
    }
    XCTAssertNoThrow(try JSONReader.read(#"[{"a":1},{"a":2}]"#), "the same key in two objects")
  }

  /// A key written twice is found whether the object has few keys or many, with the lines of both.
  func testADuplicatedKeyIsFoundInAnObjectOfManyKeys() {
    for count in [2, 15, 16, 17, 40] {
      let keys = (0..<count).map { "\"k\($0)\": \($0)" }
      for twice in [0, count - 1] {
        let text = "{\n" + (keys + ["\"k\(twice)\": 0"]).joined(separator: ",\n") + "\n}"
        XCTAssertThrowsError(try JSONReader.read(text), "\(count) keys, k\(twice) twice") { error in
          XCTAssertEqual(
            error as? JSONReadError,
            .duplicateKey(path: "k\(twice)", firstLine: 2 + twice, secondLine: 2 + count))
        }
      }
      XCTAssertNoThrow(try JSONReader.read("{" + keys.joined(separator: ",") + "}"), "\(count) keys")
    }
  }

  func testNumbersKeepTheirTextAndWholeNumbersAreWhole() throws {
    XCTAssertEqual(
      try JSONReader.read(#"[1.0, 1.230, -0.5, 1e2, 1.2345E+2, 0]"#),
      .array(["1.0", "1.230", "-0.5", "1e2", "1.2345E+2", "0"].map(JSONValue.number)))
    XCTAssertEqual(
      try StrictJSONDecoder().decode([WrittenNumber].self, from: "[25.00,1.0]").map(\.text), ["25.00", "1.0"])
    XCTAssertThrowsError(try StrictJSONDecoder().decode([Int].self, from: "[2.0]")) { error in
      XCTAssertEqual(DecodingFailure(error as! DecodingError).problem, "expected a whole number, found 2.0")
    }
    XCTAssertThrowsError(try StrictJSONDecoder().decode([Int].self, from: "[99999999999999999999]")) {
      error in
      XCTAssertEqual(
        DecodingFailure(error as! DecodingError).problem,
        "the number 99999999999999999999 is too large for a whole number field")
    }
    XCTAssertThrowsError(try StrictJSONDecoder().decode([Bool].self, from: #"["yes"]"#)) { error in
      XCTAssertEqual(
        DecodingFailure(error as! DecodingError).problem, "expected true or false, found a string")
    }
  }

  func testTextThatIsNotJSONIsRefusedWithItsPlace() {
    for text in ["{\"a\":1,}", "// note\n{}", "[01]", "[1.]", "{\"a\":\"b", "[1] [2]", "[\"\t\"]", "{'a':1}"]
    {
      XCTAssertThrowsError(try JSONReader.read(text), text) { error in
        guard case .syntax = error as? JSONReadError else { return XCTFail("\(error)") }
      }
    }
    XCTAssertThrowsError(try JSONReader.read("{\n  \"a\": tru\n}")) { error in
      XCTAssertEqual(error as? JSONReadError, .syntax(line: 2, column: 11, problem: "expected true"))
    }
    XCTAssertEqual(try JSONReader.read(#"["\u00e9\ud83d\ude00\n"]"#), .array([.string("é😀\n")]))
    let depth = JSONReader.maximumDepth
    let deep = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
    XCTAssertThrowsError(try JSONReader.read(deep)) { error in
      guard case .syntax(_, _, let problem)? = error as? JSONReadError else { return XCTFail("\(error)") }
      XCTAssertEqual(problem, "nested more than \(depth) levels deep")
    }
    let deepest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    XCTAssertNoThrow(try JSONReader.read(deepest), "as deep as the limit reads")
  }

  /// Hardening: a list or an object is refused at its 1,001st entry, while reading, with its path (a 4 MB
  /// list of zeros took 130 MB once held whole); one wording whoever reads the error.
  func testAListOrObjectWithMoreEntriesThanTheLimitIsRefusedWhileReading() throws {
    let limit = JSONReader.maximumEntries
    let full = "[" + Array(repeating: "0", count: limit).joined(separator: ",") + "]"
    XCTAssertNoThrow(try JSONReader.read(full), "exactly the limit reads")
    XCTAssertThrowsError(try JSONReader.read(#"{"items": [0,"# + full.dropFirst())) { error in
      XCTAssertEqual(error as? JSONReadError, .tooManyEntries(path: "items", isList: true, limit: limit))
      XCTAssertEqual(
        "\(error)", "at items: a list of more than 1000 entries; PayDrill takes at most 1000")
    }
    let keys = (0...limit).map { "\"k\($0)\": 0" }.joined(separator: ", ")
    XCTAssertThrowsError(try JSONReader.read("{\"a\": [{\(keys)}]}")) { error in
      XCTAssertEqual(error as? JSONReadError, .tooManyEntries(path: "a[0]", isList: false, limit: limit))
    }
    XCTAssertEqual(
      "\(JSONReadError.syntax(line: 2, column: 3, problem: "expected a value"))",
      "not valid JSON (expected a value at line 2, column 3)")
  }

  /// Hardening: a text of more values than `maximumValues` is refused while it is read, at the value past the
  /// limit, though each of its lists keeps within `maximumEntries` (a 4 MB file of small lists, two million
  /// values, took 114 MB and 11 s before it was refused).
  func testATextOfMoreValuesThanTheLimitIsRefusedWhileReading() throws {
    // One list of 99 lists of 1,000 zeros and one more of 909: the outer list, 100 inner ones, 99,900 zeros.
    let thousand = "[" + Array(repeating: "0", count: 1000).joined(separator: ",") + "]"
    let last = "[" + Array(repeating: "0", count: 899).joined(separator: ",") + "]"
    let atTheLimit = "[" + Array(repeating: thousand, count: 99).joined(separator: ",") + "," + last + "]"
    XCTAssertNoThrow(try JSONReader.read(atTheLimit), "exactly the limit reads")
    let onePast = String(atTheLimit.dropLast(2)) + ",0]]"
    XCTAssertThrowsError(try JSONReader.read(onePast)) { error in
      XCTAssertEqual(error as? JSONReadError, .tooManyValues(path: "[99][899]", limit: 100_000))
      XCTAssertEqual(
        "\(error)", "at [99][899]: more than 100000 values in all; PayDrill reads at most 100000")
    }
  }

  /// Every stored property of a type whose `Codable` is synthesized has its key listed: a property added
  /// without one would be neither read nor written, and a file holding it would be refused.
  func testEverySynthesizedTypeListsAKeyForEachStoredProperty() throws {
    func assertKeys<Value, Keys: CodingKey & CaseIterable>(
      _ value: Value?, _ keys: Keys.Type, file: StaticString = #filePath, line: UInt = #line
    ) throws {
      let value = try XCTUnwrap(value, "\(Value.self)", file: file, line: line)
      XCTAssertEqual(
        Set(Mirror(reflecting: value).children.compactMap(\.label)), Set(Keys.allCases.map(\.stringValue)),
        "\(Value.self)", file: file, line: line)
    }
    let acme = Scenario.acmeElectronics
    let applePay = try XCTUnwrap(acme.applePay)
    try assertKeys(applePay.device, ApplePayDevice.CodingKeys.self)
    try assertKeys(applePay.wallet, Wallet.CodingKeys.self)
    try assertKeys(applePay.wallet.contacts.first, Contact.CodingKeys.self)
    try assertKeys(applePay.wallet.contacts.first?.postalAddress, PostalAddress.CodingKeys.self)
    try assertKeys(applePay.rules.taxRates.first, TaxRate.CodingKeys.self)
    let initData = ApplePayTransactionInitData(
      threeDSecureData: .init(
        threeDSecureVersion: "2.2.0", electronicCommerceIndicator: "05",
        cardHolderAuthenticationVerificationValue: "c", directoryServerTransactionId: "d",
        threeDSecureTransactionStatus: "Y"),
      addressVerification: .init(countryCode: "US", houseNumberOrName: "1", postalCode: "1"),
      identityVerification: .init(nameVerification: true),
      riskScreeningData: .init(performRiskScreening: true, deviceSessionId: "s"))
    try assertKeys(initData, ApplePayTransactionInitData.CodingKeys.self)
    try assertKeys(initData.threeDSecureData, ApplePayTransactionInitData.ThreeDSecureData.CodingKeys.self)
    try assertKeys(
      initData.addressVerification, ApplePayTransactionInitData.AddressVerification.CodingKeys.self)
    try assertKeys(
      initData.identityVerification, ApplePayTransactionInitData.IdentityVerification.CodingKeys.self)
    try assertKeys(initData.riskScreeningData, ApplePayTransactionInitData.RiskScreeningData.CodingKeys.self)
    try assertKeys(acme.beforeSubmit, BeforeSubmitRule.CodingKeys.self)
    try assertKeys(acme.session, SessionData.CodingKeys.self)
    try assertKeys(acme.session.allowedFundingTypes, AllowedFundingTypes.CodingKeys.self)
    try assertKeys(acme.session.allowedFundingTypes.wallets, Wallets.CodingKeys.self)
    try assertKeys(acme.session.allowedFundingTypes.wallets.paypal, PayPalWallet.CodingKeys.self)
    try assertKeys(acme.session.allowedFundingTypes.wallets.applePay, ApplePayWallet.CodingKeys.self)
    try assertKeys(PazeWallet(), PazeWallet.CodingKeys.self)
    try assertKeys(PazeShopper(), PazeShopper.CodingKeys.self)
    try assertKeys(ApplePayTextStandIn(text: "Subscribe"), ApplePayTextStandIn.CodingKeys.self)
  }

  /// What PayDrill writes, it reads strictly: each built-in scenario encoded and decoded again is itself.
  func testEveryBuiltInScenarioRoundTripsThroughTheStrictDecoder() throws {
    for scenario in Scenario.builtIn {
      let data = try JSONEncoder().encode(scenario)
      XCTAssertEqual(try StrictJSONDecoder().decode(Scenario.self, from: data), scenario, scenario.name)
    }
  }
}
