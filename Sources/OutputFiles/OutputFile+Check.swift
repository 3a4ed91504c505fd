import Foundation

extension OutputFile {
  /// Checks, before a run, that `write(_:to:)` could write `path` when the run ends, without creating or
  /// opening anything: a folder is refused, a FIFO or a device is taken as it is (opening a FIFO would wait
  /// for its reader), and a file, new or old, needs a folder it can be renamed into. A run of minutes (a
  /// recording of the screen) is not lost to a typo in its output's path.
  public static func check(_ path: String) throws(Failure) {
    var status = stat()
    if stat(path, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR { throw Failure(path: path, reason: "it is a folder") }
      if status.st_mode & S_IFMT != S_IFREG { return }
    }
    let target = resolved(path)
    let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
    var folderStatus = stat()
    guard stat(folder, &folderStatus) == 0 else {
      throw Failure(path: path, reason: "its folder \(folder) does not exist")
    }
    guard folderStatus.st_mode & S_IFMT == S_IFDIR else {
      throw Failure(path: path, reason: "\(folder) is not a folder")
    }
    guard access(folder, W_OK | X_OK) == 0 else {
      throw Failure(path: path, reason: "its folder \(folder): " + String(cString: strerror(errno)))
    }
  }
}

extension OutputFile {
  /// Checks, before a run, that a folder of outputs (`--screens DIR`) could be made and written when the run
  /// needs it, without making anything: a file where the folder goes is refused, and so is a folder (or its
  /// nearest existing ancestor, where it would be made) that cannot be written. A suite is not run for
  /// minutes to lose its evidence to a typo.
  public static func checkFolder(_ path: String) throws(Failure) {
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw Failure(path: path, reason: "it is not a folder")
      }
      guard access(path, W_OK | X_OK) == 0 else {
        throw Failure(path: path, reason: String(cString: strerror(errno)))
      }
      return
    }
    // Made with its missing parents: the nearest ancestor that exists must be a folder it can be made in.
    var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent()
    while stat(ancestor.path, &status) != 0, ancestor.path != "/" {
      ancestor = ancestor.deletingLastPathComponent()
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw Failure(path: path, reason: "\(ancestor.path) is not a folder")
    }
    guard access(ancestor.path, W_OK | X_OK) == 0 else {
      throw Failure(path: path, reason: "\(ancestor.path): " + String(cString: strerror(errno)))
    }
  }
}
