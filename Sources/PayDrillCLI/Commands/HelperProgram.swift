import Foundation

/// A program installed beside paydrill that a command becomes (`paydrill-merge-junit`, `paydrill-serve`):
/// kept out of paydrill itself because what it links (FoundationXML; libmicrohttpd and GnuTLS) would cost
/// every start of paydrill, the checkout's first frame included.
struct HelperProgram {
  let name: String

  /// Where the program can be for the paydrill at `executable`: beside it (a build folder), then in
  /// `../libexec/paydrill` (where `make install` puts it).
  func candidates(besides executable: URL) -> [URL] {
    let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    return [
      folder.appendingPathComponent(name),
      folder.appendingPathComponent("../libexec/paydrill/\(name)").standardized,
    ]
  }

  /// The running paydrill itself (/proc/self/exe on Linux), wherever PATH found it.
  static var running: URL {
    Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  }

  /// Why the program cannot be found, in one line.
  struct Missing: Error, CustomStringConvertible {
    var description: String
  }

  /// The program's path, or the one-line error that says where it was looked for (`command` is the
  /// paydrill command that runs it).
  func locate(for command: String) -> Result<URL, Missing> {
    let candidates = candidates(besides: Self.running)
    guard let program = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
      return .failure(
        Missing(
          description: "\(command) runs \(name), which is not installed with this paydrill (looked for "
            + candidates.map(\.path).joined(separator: " and ")
            + "); make install puts it in PREFIX/libexec/paydrill"))
    }
    return .success(program)
  }

  /// Becomes the program with these arguments and extra environment; returns 2 only when it cannot be run.
  func become(_ command: String, arguments: [String], environment extra: [String: String] = [:]) -> Int32 {
    let program: URL
    switch locate(for: command) {
    case .success(let found): program = found
    case .failure(let error): return PayDrillCommand.fail(error.description)
    }
    var argv = ([program.path] + arguments).map { strdup($0) } + [nil]
    let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    execve(program.path, &argv, &envp)
    // execve returns only when it failed.
    return PayDrillCommand.fail("\(program.path) cannot be run: \(String(cString: strerror(errno)))")
  }
}
