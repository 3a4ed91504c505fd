import Foundation

/// Reads a file PayDrill takes (a scenario, a theme, a tape) without ever holding more than its limit: a 50 MB
/// file is refused after reading one byte past the limit, before any parsing. Only a regular file (or a
/// symbolic link to one) is read: a FIFO would wait forever for a writer, and a device (`/dev/zero`) never ends.
enum BoundedFile {
  /// Why a file could not be read, in the words of an error message.
  enum Failure: Error, Equatable {
    case missing
    case folder
    case unreadable
    case tooLarge(limit: Int)
    /// A FIFO, a device or a socket: what it is, in words.
    case notRegular(String)

    var problem: String {
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
  static func read(_ path: String, limit: Int, streams: Bool = false) -> Result<Data, Failure> {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      return .failure(.missing)
    }
    if isFolder.boolValue { return .failure(.folder) }
    if !streams, let kind = irregularKind(of: path) { return .failure(.notRegular(kind)) }
    guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
    defer { try? handle.close() }
    do {
      var data = Data()
      while data.count <= limit {
        guard let chunk = try handle.read(upToCount: min(1024 * 1024, limit + 1 - data.count)), !chunk.isEmpty
        else { break }
        data.append(chunk)
      }
      return data.count > limit ? .failure(.tooLarge(limit: limit)) : .success(data)
    } catch {
      return .failure(.unreadable)
    }
  }

  /// What the path is when it is not a regular file (following symbolic links), or nil for a regular file.
  private static func irregularKind(of path: String) -> String? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFIFO: return "a FIFO (a named pipe or a process substitution)"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    default: return "not a file"
    }
  }

  /// A request body (`sign --body`, `session --request`): a file, or a pipe such as `/dev/stdin`, at most 1 MB;
  /// a missing or unreadable one is a configuration error naming it.
  static func requestBody(_ path: String) throws -> Data {
    switch read(path, limit: 1024 * 1024, streams: true) {
    case .success(let data): return data
    case .failure(let failure): throw ConfigurationError(file: path, problem: failure.problem)
    }
  }
}
