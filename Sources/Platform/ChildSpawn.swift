#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn` (never `fork` in a threaded Swift process): its standard
/// descriptors opened or duplicated first, and, when asked, in a session of its own.
///
/// It exists because the two C libraries spell the same call differently: glibc's `posix_spawnattr_t` and
/// `posix_spawn_file_actions_t` are structs, Darwin's are optional pointers; and the flag that starts a new
/// session has another value on each (glibc 0x80, which on Darwin means "start suspended"; Darwin 0x0400).
package final class ChildSpawn {
  #if canImport(Darwin)
    private var actions: posix_spawn_file_actions_t?
    private var attributes: posix_spawnattr_t?
    /// `POSIX_SPAWN_SETSID` of Darwin's `sys/spawn.h` (macOS 10.15 and later).
    private static let newSessionFlag = Int16(POSIX_SPAWN_SETSID)
    /// Darwin closes every descriptor the file actions do not name (glibc's closefrom action is not in
    /// Swift's Glibc module: there, the caller marks its own descriptors close-on-exec).
    private static let closeOthersFlag = Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
  #else
    private var actions = posix_spawn_file_actions_t()
    private var attributes = posix_spawnattr_t()
    /// glibc's `POSIX_SPAWN_SETSID` (spawn.h, behind `_GNU_SOURCE`, so not imported into Swift).
    private static let newSessionFlag: Int16 = 0x80
    private static let closeOthersFlag: Int16 = 0
  #endif
  /// The flags asked for so far (`posix_spawnattr_setflags` replaces, so they are kept together).
  private var flags: Int16 = 0

  package init() {
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
  }

  deinit {
    posix_spawn_file_actions_destroy(&actions)
    posix_spawnattr_destroy(&attributes)
  }

  /// The child opens `path` as its descriptor `descriptor`.
  package func open(_ path: String, as descriptor: Int32, flags: Int32, mode: mode_t = 0) {
    posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, mode)
  }

  /// The child's descriptor `target` is a copy of `descriptor`.
  package func duplicate(_ descriptor: Int32, as target: Int32) {
    posix_spawn_file_actions_adddup2(&actions, descriptor, target)
  }

  /// The child closes `descriptor` (after the duplications asked before).
  package func close(_ descriptor: Int32) {
    posix_spawn_file_actions_addclose(&actions, descriptor)
  }

  /// The child leads a new session, whose controlling terminal is the first terminal it opens.
  package func startNewSession() {
    setFlag(Self.newSessionFlag)
  }

  /// The child leads a new process group, whose id is its pid: whatever it starts joins the group, so that
  /// `kill(-pid, signal)` reaches them all. On Darwin, the child also keeps no descriptor but those the file
  /// actions give it.
  package func startNewProcessGroup() {
    setFlag(Int16(POSIX_SPAWN_SETPGROUP) | Self.closeOthersFlag)
    // Group 0: a new group, whose id is the child's pid.
    posix_spawnattr_setpgroup(&attributes, 0)
  }

  private func setFlag(_ flag: Int16) {
    flags |= flag
    posix_spawnattr_setflags(&attributes, flags)
  }

  /// Starts `executable` with `arguments` (the first is its name) and `environment` (`NAME=value`);
  /// returns its process id, or the error number `posix_spawn` gave.
  package func spawn(_ executable: String, arguments: [String], environment: [String]) -> Result<
    pid_t, SpawnError
  > {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    return status == 0 ? .success(pid) : .failure(SpawnError(number: status))
  }
}

/// Why `posix_spawn` failed: its error number and the C library's words for it.
package struct SpawnError: Error, CustomStringConvertible {
  package var number: Int32
  package var description: String { String(cString: strerror(number)) }
}
