import Foundation
import XCTest

@testable import Platform

/// The platform layer on the system the tests run on: a spawned child in a session of its own, a descriptor's
/// readiness and hang-up as the interactive loop asks them.
final class PlatformTests: XCTestCase {
  /// `startNewSession` sets the flag this C library means by it (glibc 0x80, Darwin 0x0400): the child leads
  /// a session (its session id is its own pid), which a wrong value would not do (on Darwin, 0x80 starts it
  /// suspended).
  func testASpawnedChildLeadsASessionOfItsOwn() throws {
    let spawn = ChildSpawn()
    spawn.startNewSession()
    spawn.open("/dev/null", as: 1, flags: O_WRONLY)
    guard case .success(let pid) = spawn.spawn("/bin/sleep", arguments: ["sleep", "5"], environment: [])
    else {
      return XCTFail("posix_spawn failed")
    }
    defer {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
    XCTAssertEqual(getsid(pid), pid, "the child leads a session of its own")
    XCTAssertNotEqual(getsid(pid), getsid(0), "not the tests' session")
  }

  func testASpawnThatCannotStartSaysWhy() {
    let spawned = ChildSpawn().spawn("/nonexistent/program", arguments: ["program"], environment: [])
    guard case .failure(let error) = spawned else { return XCTFail("it started") }
    XCTAssertEqual(error.number, ENOENT)
    XCTAssertFalse(error.description.isEmpty)
  }

  /// A pipe: not readable while empty (the wait times out), readable once written, and hung up only once its
  /// writer closed and it is drained.
  func testReadinessAndHangUpOfAPipe() throws {
    var ends: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&ends), 0)
    defer { close(ends[0]) }
    XCTAssertEqual(DescriptorWait.readable([ends[0]], milliseconds: 10), [false])
    XCTAssertFalse(DescriptorWait.hungUp(ends[0]))
    var byte: UInt8 = 7
    XCTAssertEqual(write(ends[1], &byte, 1), 1)
    XCTAssertEqual(DescriptorWait.readable([ends[1], ends[0]], milliseconds: 1000), [false, true])
    XCTAssertFalse(DescriptorWait.hungUp(ends[0]), "a byte waits: not hung up")
    close(ends[1])
    XCTAssertEqual(read(ends[0], &byte, 1), 1)
    XCTAssertTrue(DescriptorWait.hungUp(ends[0]), "the writer is gone and nothing is left")
  }

  func testThePeakOfAReapedChildIsInBytes() {
    var usage = rusage()
    usage.ru_maxrss = 2048
    #if canImport(Darwin)
      XCTAssertEqual(ProcessStatistics.peakResidentBytes(usage), 2048)
    #else
      XCTAssertEqual(ProcessStatistics.peakResidentBytes(usage), 2048 * 1024)
    #endif
  }

  /// Linux tells a process's threads and memory; Darwin does not, and says so with nil.
  func testProcessFiguresAreThereOnLinuxOnly() {
    #if os(Linux)
      let threads = ProcessStatistics.threads(of: getpid())
      XCTAssertFalse(threads?.isEmpty ?? true)
      XCTAssertGreaterThan(ProcessStatistics.peakMemory(of: getpid()) ?? 0, 0)
      XCTAssertGreaterThan(ProcessMemory.resident() ?? 0, 0)
      XCTAssertEqual(
        ProcessStatistics.executablePath().map { URL(fileURLWithPath: $0).lastPathComponent },
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().lastPathComponent)
    #else
      XCTAssertNil(ProcessStatistics.threads(of: getpid()))
      XCTAssertNil(ProcessMemory.resident())
    #endif
  }
}
