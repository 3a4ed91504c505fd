import Foundation

/// Reads a file PayDrill takes (a scenario, a theme, a tape) without ever holding more than its limit: a 50 MB
/// file is refused after reading one byte past the limit, before any parsing. Only a regular file (or a
/// symbolic link to one) is read: a FIFO would wait forever for a writer, and a device (`/dev/zero`) never ends.
package enum BoundedFile {
  /// Why a file could not be read, in the words of an error message.
  package enum Failure: Error, Equatable {
    case missing
    case folder
    case unreadable
    case tooLarge(limit: Int)
    /// A FIFO, a device or a socket: what it is, in words.
    case notRegular(String)

    package var problem: String {
      switch self {
      case .missing: return "no such file"
      case .folder: return "is a folder, not a file"
      case .unreadable: return "cannot be read"
      case .notRegular(let kind):
        return "is \(kind), not a regular file (write what it gives to a file, and give that)"
      case .tooLarge(let limit):
        return limit >= 1024 * 1024
          ? "the file is larger than \(limit / 1024 / 1024) MB" : "the file is larger than \(limit / 1024) KB"
      }
    }
  }

  /// The file's bytes, at most `limit` of them. With `streams`, a pipe or FIFO (`/dev/stdin` from a pipe) is
  /// read too, to its end or its limit: for a request body, which is often piped in.
  ///
  /// The file is opened without waiting (`O_NONBLOCK`: opening a FIFO with no writer returns at once) and
  /// judged by what was opened (`fstat` of the descriptor), so a FIFO put in place of a checked file between
  /// a check and the open cannot make PayDrill wait.
  package static func read(_ path: String, limit: Int, streams: Bool = false) -> Result<Data, Failure> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT, ENOTDIR: return .failure(.missing)
      case EISDIR: return .failure(.folder)
      default: return .failure(.unreadable)
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable) }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR { return .failure(.folder) }
    if kind != S_IFREG {
      guard streams, kind == S_IFIFO || kind == S_IFCHR else { return .failure(.notRegular(describe(kind))) }
    }
    // What was opened is what is read, waiting for a pipe's writer as a shell's `cat` would.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while data.count <= limit {
      let wanted = min(buffer.count, limit + 1 - data.count)
      let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, wanted) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return .failure(.unreadable) }
      guard count > 0 else { break }
      data.append(contentsOf: buffer[0..<count])
    }
    return data.count > limit ? .failure(.tooLarge(limit: limit)) : .success(data)
  }

  /// What a file of this kind (`st_mode & S_IFMT`) is, in words, when it is not a regular file.
  private static func describe(_ kind: mode_t) -> String {
    switch kind {
    case S_IFIFO: return "a FIFO (a named pipe or a process substitution)"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    default: return "not a file"
    }
  }

  /// A request body (`sign --body`, `session --request`): a file, or a pipe such as `/dev/stdin`, at most 1 MB;
  /// a missing or unreadable one is a configuration error naming it.
  package static func requestBody(_ path: String) throws -> Data {
    switch read(path, limit: 1024 * 1024, streams: true) {
    case .success(let data): return data
    case .failure(let failure): throw ConfigurationError(file: path, problem: failure.problem)
    }
  }
}
