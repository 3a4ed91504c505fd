import CheckoutTestSupport
import Foundation
import XCTest

/// The ledger shared by real processes and on a real full disk (issue 25): several `play` processes on a new
/// ledger each record their attempt; a backend's session on a full file system is never paid, and once
/// there is room it is paid once, and found by the lookups.
final class LedgerDiskEndToEndTests: XCTestCase {
  private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "paydrill-ledger-disk-\(UUID().uuidString)")

  override func setUpWithError() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Four `play` processes at once on a file that does not exist yet, twenty times: the losers of the
  /// migration's race said "duplicate column name: session_id" and ran without a history.
  func testFourProcessesOnANewLedgerEachRecordTheirAttempt() throws {
    let binary = try PayDrillBinary.path()
    let started = Date()
    for round in 1...20 {
      let ledger = folder.appendingPathComponent("round-\(round).sqlite3").path
      let processes = (0..<4).map { _ in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["play", "Tapes/pay-with-visa.tape", "--latency", "0", "--ledger", ledger]
        process.currentDirectoryURL = PayDrillBinary.packageRoot
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        return process
      }
      let errors = processes.map { process in
        let pipe = Pipe()
        process.standardError = pipe
        return pipe
      }
      for process in processes { try process.run() }
      for (process, errors) in zip(processes, errors) {
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "round \(round): \(text)")
        XCTAssertEqual(text, "", "round \(round): no warning, history stays on")
      }
      let listed = try PayDrillBinary.run(["history", "--ledger", ledger, "--json", "--replays"])
      XCTAssertEqual(listed.status, 0, listed.standardError)
      XCTAssertEqual(
        listed.standardOutput.split(separator: "\n").count, 4, "round \(round): every attempt recorded")
      if testRun?.hasSucceeded == false { break }
    }
    XCTAssertLessThan(Date().timeIntervalSince(started), 120, "bounded")
    let made = folder.appendingPathComponent("round-1.sqlite3").path
    let mode = try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600, "the ledger keeps session keys: its owner's only")
  }

  /// `ulimit -f`: past the limit a write fails with `EFBIG` (once SIGXFSZ is ignored, here by the shell, as
  /// paydrill itself does), which SQLite reports as an I/O error: one clear line, and the checkout completes.
  func testAFileSizeLimitIsAClearWriteFailure() throws {
    let ledger = folder.appendingPathComponent("limited.sqlite3").path
    let result = try PayDrillBinary.launch(
      "/bin/sh",
      [
        "-c",
        #"trap '' XFSZ; ulimit -f 40; exec "$0" play Tapes/pay-with-visa.tape --latency 0 --ledger "$1""#,
        try PayDrillBinary.path(), ledger,
      ])
    XCTAssertEqual(
      result.status, 0, "the scenario's own session pays without a history: \(result.standardError)")
    XCTAssertEqual(
      result.standardError,
      "paydrill: warning: ledger \(ledger): cannot be opened: the disk refused the write or read (a full disk or a file size limit, ulimit -f, shows so) (disk I/O error); run history is off for this run\n"
    )
  }

  /// A private file system of its own (`unshare -m`, as root): skipped where it cannot be made, a failure
  /// under CI, which runs as root.
  private func requireUnshare(file: StaticString = #filePath, line: UInt = #line) throws {
    let probe = try? PayDrillBinary.launch("/usr/bin/env", ["unshare", "-m", "true"])
    if probe?.status == 0 { return }
    let message =
      "unshare -m is not available (it needs root and util-linux): the full-disk test mounts a tiny tmpfs in a mount namespace of its own; \(probe?.standardError ?? "")"
    throw Requirement.missing(message, file: file, line: line)
  }

  /// The events a run wrote, as far as it could: on a full disk the file may be missing or cut short, which is
  /// what this test provokes, so a missing file is no events and a cut line is skipped (the other end-to-end
  /// tests read their events strictly).
  private func events(_ name: String) -> [[String: Any]] {
    guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
      return []
    }
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// The issue's high defect, on a real full disk: each `paydrill --session ID` payment "succeeded" with a
  /// new systemTransactionId, exit 0, nothing recorded, and the lookup answered 404. On a full file system
  /// with a little room left, from none to more than a payment needs (where the ledger cannot be opened,
  /// where it opens but cannot write, where it can take the payment but not the history): two payments on
  /// the full disk are paid at most once, a refusal says why and exits non-zero; with room made, a third
  /// is refused when one was paid and paid when none was; and every payment reported is found by the
  /// backend's lookup.
  func testAFullDiskNeverLetsAServedSessionBePaidUnrecordedOrTwice() throws {
    try PayDrillBinary.requirePython()
    try requireUnshare()
    let binary = try PayDrillBinary.path()
    let ledger = folder.appendingPathComponent("ledger.sqlite3").path
    let server = try ServedGateway(ledger: ledger)
    let created = try PayDrillBinary.merchantBackend(
      server.url, ["create", "--amount", "1500", "--currency", "JPY"])
    XCTAssertEqual(created.status, 0, created.standardError)
    let sessionId = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(created.standardOutput.utf8)) as? [String: Any])?[
        "sessionId"] as? String)
    // Stopped: the ledger is checkpointed into its one file, which the namespace copies.
    XCTAssertEqual(server.stop().status, 0)

    let tape = folder.appendingPathComponent("pay.tape")
    try PaymentTapes.card().write(to: tape, atomically: true, encoding: .utf8)
    let disk = folder.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
    let rooms = [0, 16, 28, 32, 36, 40, 48, 64, 128]
    // In a mount namespace of its own, for each room left: a 1 MiB tmpfs, the ledger copied in, the rest
    // filled but that room; two payments; the filler removed; a third; the ledger copied out.
    let script = """
      set -u
      pay() {
        "$BIN" play "$TAPE" --session "$SESSION" --ledger "$DISK/ledger.sqlite3" --latency 0 \\
          --events "$OUT/events-$1.jsonl" >/dev/null 2>"$OUT/err-$1"
        echo $? >"$OUT/status-$1"
      }
      for room in \(rooms.map(String.init).joined(separator: " ")); do
        mount -t tmpfs -o size=1m paydrill-full "$DISK" || exit 97
        cp "$SOURCE" "$DISK/ledger.sqlite3" || exit 98
        dd if=/dev/zero of="$DISK/filler" bs=4096 2>/dev/null
        [ "$room" -eq 0 ] || truncate -s "-${room}K" "$DISK/filler" || exit 99
        pay "$room-a"; pay "$room-b"
        rm "$DISK/filler"
        pay "$room-c"
        cp "$DISK/ledger.sqlite3" "$OUT/after-$room.sqlite3"
        umount "$DISK"
      done
      """
    let run = try PayDrillBinary.launch(
      "/usr/bin/env", ["unshare", "-m", "sh", "-c", script],
      environment: [
        "DISK": disk.path, "SOURCE": ledger, "BIN": binary, "TAPE": tape.path, "SESSION": sessionId,
        "OUT": folder.path,
      ])
    XCTAssertEqual(run.status, 0, "the namespace's script: \(run.standardError)")
    func result(_ name: String) throws -> (status: Int32, errors: String, paid: String?) {
      let status = try String(contentsOf: folder.appendingPathComponent("status-\(name)"), encoding: .utf8)
      let errors = try String(contentsOf: folder.appendingPathComponent("err-\(name)"), encoding: .utf8)
      let success = events("events-\(name).jsonl").first { $0["event"] as? String == "onSuccess" }
      return (
        Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, errors,
        success?["systemTransactionId"] as? String
      )
    }
    var refusedForTheLedger = 0
    for room in rooms {
      let full = [try result("\(room)-a"), try result("\(room)-b")]
      let paid = full.compactMap(\.paid)
      XCTAssertLessThanOrEqual(paid.count, 1, "room \(room)K: paid twice on a full disk: \(paid)")
      for refused in full where refused.paid == nil {
        XCTAssertNotEqual(refused.status, 0, "room \(room)K: \(refused.errors)")
        XCTAssertTrue(refused.errors.contains("ledger"), "room \(room)K: says why: \(refused.errors)")
        if refused.errors.contains("LEDGER_WRITE_FAILED") { refusedForTheLedger += 1 }
      }
      let third = try result("\(room)-c")
      if paid.isEmpty {
        XCTAssertEqual(third.status, 0, "room \(room)K: with room, the session is paid: \(third.errors)")
      } else {
        XCTAssertNil(third.paid, "room \(room)K: paid again")
        XCTAssertTrue(third.errors.contains("SESSION_SPENT"), "room \(room)K: \(third.errors)")
      }
      // Every payment reported is found by the lookup, whatever was written of its attempt.
      guard let reported = paid.first ?? third.paid else { continue }
      let after = try ServedGateway(ledger: folder.appendingPathComponent("after-\(room).sqlite3").path)
      let verified = try PayDrillBinary.merchantBackend(after.url, ["verify", reported])
      XCTAssertEqual(verified.status, 0, "room \(room)K: the payment is found: \(verified.standardError)")
      XCTAssertTrue(verified.standardOutput.contains(#""status": "succeeded""#), verified.standardOutput)
      XCTAssertEqual(after.stop().status, 0)
    }
    XCTAssertGreaterThan(
      refusedForTheLedger, 0,
      "some room opens the ledger but cannot write: the refusal names the ledger's code")
  }
}
