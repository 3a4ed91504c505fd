import Foundation
import Platform
import XCTest

/// Hardening: a terminal that hangs up without a SIGHUP reaching PayDrill (the window closed while SIGHUP is
/// ignored, or the terminal is not PayDrill's controlling terminal) ends the program as a hang-up, instead of
/// a busy loop reading a closed terminal at 100% CPU.
final class HungUpTerminalTests: XCTestCase {
  func testEndOfInputWithoutSighupEndsTheProgram() throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var window = winsize(ws_row: 32, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &window) == 0 else { throw XCTSkip("openpty failed") }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    // The pty is the child's input and output but not its controlling terminal (no new session): closing
    // the master sends it no SIGHUP, as when SIGHUP is ignored.
    let spawn = ChildSpawn()
    spawn.duplicate(slave, as: 0)
    spawn.duplicate(slave, as: 1)
    spawn.duplicate(slave, as: 2)
    spawn.close(slave)
    let binary = try PayDrillBinary.path()
    var environment = ProcessInfo.processInfo.environment
    environment["TERM"] = "xterm-256color"
    environment["XDG_DATA_HOME"] = PayDrillBinary.dataHome
    let arguments: [String] = [binary, "--no-ledger", "--latency", "0"]
    guard
      case .success(let pid) = spawn.spawn(
        binary, arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" })
    else { throw XCTSkip("posix_spawn failed") }
    close(slave)

    // Wait for the first frame, then hang up.
    var screen = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65536)
    let drawn = Date().addingTimeInterval(20)
    while !String(decoding: screen, as: UTF8.self).contains("Choose"), Date() < drawn {
      if DescriptorWait.readable([master], milliseconds: 100)[0] {
        let count = read(master, &buffer, buffer.count)
        if count > 0 { screen += buffer[0..<count] }
      }
    }
    XCTAssertTrue(String(decoding: screen, as: UTF8.self).contains("Choose"), "the first frame")
    close(master)

    var status: Int32 = 0
    var usage = rusage()
    let deadline = Date().addingTimeInterval(10)
    var ended = false
    while Date() < deadline {
      if wait4(pid, &status, WNOHANG, &usage) == pid {
        ended = true
        break
      }
      usleep(20_000)
    }
    if !ended {
      kill(pid, SIGKILL)
      _ = wait4(pid, &status, 0, &usage)
    }
    XCTAssertTrue(ended, "paydrill still ran 10 s after its terminal hung up")
    XCTAssertEqual((status >> 8) & 0xff, 129, "it ends as a hang-up does (128 + SIGHUP)")
    let cpu =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    XCTAssertLessThan(cpu, 5, "no busy loop")
  }
}
