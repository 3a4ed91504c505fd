import Foundation
import Platform

/// A child process that leads a process group of its own (`POSIX_SPAWN_SETPGROUP`), its stdin, stdout and
/// stderr on pipes: a gateway plugin or a merchant hook. Whatever it starts (`sleep 300 &`, a worker pool)
/// joins its group, so that ending the group (`kill(-pgid)`) ends them all: they no longer outlive PayDrill
/// after a stop, a restart or PayDrill's own exit. In a group of its own, it is not sent the terminal's
/// Ctrl-C either: PayDrill ends it in order. `Process` cannot choose the group on every platform, so this
/// is `posix_spawn`, through Platform's `ChildSpawn`.
final class ProcessGroupChild: Sendable {
  /// The child's pid, which is also its process group's id.
  let pid: pid_t
  /// PayDrill's ends of the child's stdin, stdout and stderr.
  let stdin: FileHandle
  let stdout: FileHandle
  let stderr: FileHandle

  /// Starts `executable` with `arguments` (the first is its name) and PayDrill's environment; `exited` is
  /// called on a thread of its own once the child has ended and been reaped, with its exit status, or the
  /// signal's number and true when a signal ended it. Throws when it cannot be started.
  init(
    executable: String, arguments: [String],
    exited: @escaping @Sendable (_ status: Int32, _ signalled: Bool) -> Void
  ) throws {
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    // No end of these pipes leaks into another child, nor stays open in this one past its exec: only the
    // copies on 0, 1 and 2 (dup2 clears the flag there).
    for pipe in [input, output, errors] {
      for end in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
        _ = fcntl(end.fileDescriptor, F_SETFD, FD_CLOEXEC)
      }
    }
    let spawn = ChildSpawn()
    let childEnds = [
      input.fileHandleForReading.fileDescriptor, output.fileHandleForWriting.fileDescriptor,
      errors.fileHandleForWriting.fileDescriptor,
    ]
    for (target, end) in childEnds.enumerated() {
      spawn.duplicate(end, as: Int32(target))
    }
    spawn.startNewProcessGroup()
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let started = spawn.spawn(executable, arguments: arguments, environment: environment)
    // The child's ends are the child's now (or nobody's).
    try? input.fileHandleForReading.close()
    try? output.fileHandleForWriting.close()
    try? errors.fileHandleForWriting.close()
    let pid: pid_t
    switch started {
    case .success(let spawned): pid = spawned
    case .failure(let failure):
      throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable): \(failure)"])
    }
    self.pid = pid
    stdin = input.fileHandleForWriting
    stdout = output.fileHandleForReading
    stderr = errors.fileHandleForReading
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      // WIFSIGNALED and WTERMSIG are macros Swift does not import: the low seven bits are the signal.
      let signal = status & 0x7F
      exited(signal != 0 ? signal : (status >> 8) & 0xFF, signal != 0)
    }
  }

  /// Sends `signal` to the child's whole process group: the child and whatever it started. The group's id
  /// stays taken while any of them runs, so this reaches no one else.
  func signalGroup(_ signal: Int32) {
    kill(-pid, signal)
  }
}
