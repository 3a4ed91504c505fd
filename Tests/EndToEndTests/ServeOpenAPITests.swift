import Foundation
import XCTest

/// docs/reference/openapi.yaml against `paydrill serve` (issue 25): the description is valid OpenAPI 3.1, and
/// a bounded Schemathesis run from it against a real server on 127.0.0.1 finds no 5xx, no crash and no
/// answer that its schema does not describe. (ServeEndToEndTests checks every answer its requests get against
/// the same description.)
final class ServeOpenAPITests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paydrill-openapi-\(UUID().uuidString)")

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testTheDescriptionIsValidOpenAPI31() throws {
    try OpenAPIDescription.requireTools()
    let result = try OpenAPIDescription.run(["validate", OpenAPIDescription.path])
    XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
    XCTAssertTrue(result.standardOutput.contains("valid OpenAPI 3.1"), result.standardOutput)
  }

  /// Schemathesis draws requests from the description for each endpoint (its coverage phase tries the
  /// edges of every header and field, then 20 drawn examples each), with a fixed seed: each answer must be
  /// documented, JSON, not a 5xx, and match its schema; and the server must still be up afterwards.
  func testABoundedFuzzFromTheDescriptionFindsNo5xxAndEveryAnswerMatches() throws {
    try OpenAPIDescription.requireTools()
    let gateway = try ServedGateway(ledger: folder.appendingPathComponent("ledger.sqlite3").path)
    let started = Date()
    let result = try OpenAPIDescription.run(["fuzz", OpenAPIDescription.path, gateway.url, "20"])
    XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
    XCTAssertTrue(result.standardOutput.contains("No issues found"), result.standardOutput)
    XCTAssertLessThan(Date().timeIntervalSince(started), 60, "bounded")
    XCTAssertTrue(gateway.process.isRunning, "the server survived")
    let stopped = gateway.stop()
    XCTAssertEqual(stopped.status, 0, stopped.output)
  }
}
