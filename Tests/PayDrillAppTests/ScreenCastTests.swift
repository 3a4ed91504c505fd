import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillCommandLine
@testable import PayDrillLoop

/// `--cast FILE`: the option on the commands that run a checkout, and the recording of a runtime's frames on
/// its clock, its secrets masked.
final class ScreenCastTests: XCTestCase {
  private let size = Size(columns: 100, rows: 32)
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-cast-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testEveryCommandThatRunsACheckoutTakesCastAndPlayOnlyForOneTape() throws {
    for arguments in [
      ["--cast", "a.cast"], ["record", "t.tape", "--cast", "a.cast"], ["demo", "t.tape", "--cast", "a.cast"],
      ["play", "t.tape", "--cast", "a.cast"],
    ] {
      XCTAssertEqual(try CommandLineOptions.parse(arguments).castPath, "a.cast", "\(arguments)")
    }
    XCTAssertThrowsError(try CommandLineOptions.parse(["play", "a.tape", "b.tape", "--cast", "a.cast"])) {
      error in
      XCTAssertEqual(
        (error as? CommandLineOptions.UsageError)?.message,
        "--cast takes one tape; for a suite of tapes use --screens DIR")
    }
    XCTAssertThrowsError(try CommandLineOptions.parse(["cards", "--cast", "a.cast"]))
  }

  func testEveryDigitOfTheNumberFieldIsABulletWhateverHowManyAreTyped() {
    var model = Fixture.model(size)
    Fixture.send([.key(.enter)] + Fixture.type("4242 4242 4"), to: &model)
    let frame = RootView.render(model)
    XCTAssertTrue(frame.text.contains("4242 4242 4"), "the form shows what is typed")
    XCTAssertFalse(
      SecretRedaction.masking(frame).text.contains("•"), "nine digits: a screenshot keeps them (one frame)")
    let masked = ScreenCast.masked(frame)
    XCTAssertTrue(masked.text.contains("•••• •••• •"), masked.text)
    XCTAssertFalse(masked.text.contains("4242"), masked.text)
    XCTAssertEqual(masked.lines.count, frame.lines.count)
  }

  func testAPlayedTapesCastHasAFrameForEachInstantOfTheVirtualClock() throws {
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: size, latencyMilliseconds: 300,
      clock: .virtual(startingAt: Fixture.now))
    let path = folder.appendingPathComponent("run.cast").path
    let cast = ScreenCast(path: path, runtime: runtime, theme: .dark, title: ScreenCast.title("test"))
    runtime.start()
    runtime.advance(by: .milliseconds(1_500))
    runtime.press(.down)
    runtime.advance(by: .milliseconds(250))
    XCTAssertNil(cast.write())
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    let header = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    XCTAssertEqual(header["timestamp"] as? Int, Int(Fixture.now.timeIntervalSince1970))
    XCTAssertEqual(header["title"] as? String, "PayDrill · test")
    let times = try lines.dropFirst().map { line in
      try XCTUnwrap((JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])?.first as? Double)
    }
    XCTAssertEqual(times.first, 0)
    XCTAssertTrue(times.contains(1.5), "the key, at 1.5 s on the virtual clock: \(times)")
    XCTAssertEqual(times, times.sorted())
    XCTAssertNil(runtime.observer, "the runtime is left as it was")
  }
}
