import Foundation
import Platform
import XCTest

/// Runs the real binary as a direct child (`posix_spawn`) and reaps it with `wait4`, which gives that child's
/// own peak memory (max RSS), unlike `RUSAGE_CHILDREN`, which mixes every child the tests ever waited for.
struct MeasuredRun {
  var status: Int32
  var standardError: String
  /// The child's peak resident memory, in bytes.
  var maximumResidentBytes: Int

  /// Runs paydrill with `arguments`, standard input from /dev/null, standard output discarded; killed (status
  /// 137) when it runs longer than `limit` seconds.
  static func paydrill(_ arguments: [String], in folder: URL, limit: TimeInterval = 60) throws -> MeasuredRun
  {
    let binary = try PayDrillBinary.path()
    let errors = folder.appendingPathComponent("stderr-\(UUID().uuidString).txt").path
    let spawn = ChildSpawn()
    spawn.open("/dev/null", as: 0, flags: O_RDONLY)
    spawn.open("/dev/null", as: 1, flags: O_WRONLY)
    spawn.open(errors, as: 2, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
    let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": PayDrillBinary.dataHome])
    {
      $1
    }
    let pid: pid_t
    switch spawn.spawn(
      binary, arguments: [binary] + arguments, environment: environment.map { "\($0.key)=\($0.value)" })
    {
    case .success(let started): pid = started
    case .failure(let error): throw XCTSkip("posix_spawn failed: \(error)")
    }
    var status: Int32 = 0
    var usage = rusage()
    // A run that hangs (a file that waits for a writer) is killed after the limit and fails as killed,
    // rather than hanging the suite.
    let deadline = Date().addingTimeInterval(limit)
    while true {
      let reaped = wait4(pid, &status, WNOHANG, &usage)
      if reaped == pid || (reaped == -1 && errno != EINTR) { break }
      if Date() > deadline {
        kill(pid, SIGKILL)
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        break
      }
      usleep(10_000)
    }
    let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return MeasuredRun(
      status: exitStatus, standardError: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "",
      maximumResidentBytes: ProcessStatistics.peakResidentBytes(usage))
  }
}
