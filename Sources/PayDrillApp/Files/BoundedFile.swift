import Foundation

/// Reads a file PayDrill takes (a scenario, a theme, a tape) without ever holding more than its limit: a 50 MB
/// file, `/dev/zero` or `/dev/urandom` is refused after reading one byte past the limit, before any parsing.
enum BoundedFile {
  /// Why a file could not be read, in the words of an error message.
  enum Failure: Error, Equatable {
    case missing
    case folder
    case unreadable
    case tooLarge(limit: Int)

    var problem: String {
      switch self {
      case .missing: return "no such file"
      case .folder: return "is a folder, not a file"
      case .unreadable: return "cannot be read"
      case .tooLarge(let limit):
        return limit >= 1024 * 1024
          ? "the file is larger than \(limit / 1024 / 1024) MB" : "the file is larger than \(limit / 1024) KB"
      }
    }
  }

  /// The file's bytes, at most `limit` of them.
  static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      return .failure(.missing)
    }
    if isFolder.boolValue { return .failure(.folder) }
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
}
