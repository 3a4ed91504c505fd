import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process that leads a process group of its own (`POSIX_SPAWN_SETPGROUP`), its stdin, stdout and
/// stderr on pipes: a gateway plugin or a merchant hook. Whatever it starts (`sleep 300 &`, a worker pool)
/// joins its group, so that ending the group (`kill(-pgid)`) ends them all: they no longer outlive PayDrill
/// after a stop, a restart or PayDrill's own exit. In a group of its own, it is not sent the terminal's
/// Ctrl-C either: PayDrill ends it in order. `Process` cannot choose the group on every platform, so this
/// is `posix_spawn`, whose types differ between Linux and macOS in this one file.
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
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
      // Every descriptor but 0, 1 and 2 is closed in the child (on Linux, the pipes' other ends are
      // close-on-exec; glibc's closefrom action is not in Swift's Glibc module).
      let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_CLOEXEC_DEFAULT
      // Darwin's Swift overlay has no `environ`.
      let environment = _NSGetEnviron().pointee
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
      let flags = POSIX_SPAWN_SETPGROUP
      let environment = environ
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    let childEnds = [
      input.fileHandleForReading.fileDescriptor, output.fileHandleForWriting.fileDescriptor,
      errors.fileHandleForWriting.fileDescriptor,
    ]
    for (target, end) in childEnds.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, end, Int32(target))
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    // Group 0: a new group, whose id is the child's pid.
    posix_spawnattr_setpgroup(&attributes, 0)

    var spawned: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let status = posix_spawn(&spawned, executable, &actions, &attributes, argv, environment)
    // The child's ends are the child's now (or nobody's).
    try? input.fileHandleForReading.close()
    try? output.fileHandleForWriting.close()
    try? errors.fileHandleForWriting.close()
    guard status == 0 else {
      throw CocoaError(
        .executableLoad,
        userInfo: [NSLocalizedDescriptionKey: "\(executable): \(String(cString: strerror(status)))"])
    }
    let pid = spawned
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
