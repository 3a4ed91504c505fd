import Foundation
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
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": PayDrillBinary.dataHome])
    {
      $1
    }
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
    guard spawned == 0 else { throw XCTSkip("posix_spawn failed: \(spawned)") }
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
      maximumResidentBytes: Int(usage.ru_maxrss) * 1024)
  }
}
