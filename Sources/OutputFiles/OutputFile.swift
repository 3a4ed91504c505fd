import Foundation

/// Writes an output the user pointed at (`--events`, `--screen`, `--junit`, a recorded tape) where they
/// pointed: through a symbolic link to its target, into a FIFO or a device (`/dev/stdout`, `/dev/null`) as a
/// stream, and over a regular file atomically (a temporary file beside the target, renamed over it) keeping
/// the file's mode, owner and group. A new file gets the mode the umask gives. A write that fails says why.
/// Every file PayDrill writes goes through it: `paydrill` and `paydrill-merge-junit` alike.
public enum OutputFile {
  /// Writes `text` to `path`; throws a message naming the path and the reason.
  public static func write(_ text: String, to path: String) throws(Failure) {
    try write(Data(text.utf8), to: path)
  }

  /// Why an output could not be written, as one line.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): cannot be written (\(reason))" }
  }

  public static func write(_ data: Data, to path: String) throws(Failure) {
    var status = stat()
    if stat(path, &status) == 0 {
      if status.st_mode & S_IFMT == S_IFDIR { throw Failure(path: path, reason: "it is a folder") }
      if status.st_mode & S_IFMT != S_IFREG {
        // A FIFO, a terminal or a device: written as a stream, never replaced.
        try stream(data, to: path)
        return
      }
      try replace(resolved(path), with: data, keeping: status)
      return
    }
    // Nothing there yet (or a link to nothing): create the target, through the link if there is one.
    try replace(resolved(path), with: data, keeping: nil)
  }

  /// The path with its symbolic links followed, so that the rename replaces the target, not the link.
  static func resolved(_ path: String) -> String {
    var target = path
    for _ in 0..<40 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target) else {
        break
      }
      target =
        destination.hasPrefix("/")
        ? destination
        : (URL(fileURLWithPath: target).deletingLastPathComponent().appendingPathComponent(destination).path)
    }
    return target
  }

  private static func stream(_ data: Data, to path: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure(path: path, reason: reason()) }
    defer { close(descriptor) }
    try writeAll(data, to: descriptor, path: path)
  }

  /// Writes a temporary file beside `target` and renames it over it, with the old file's mode and owner.
  private static func replace(_ target: String, with data: Data, keeping old: stat?) throws(Failure) {
    let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
    let name = URL(fileURLWithPath: target).lastPathComponent
    var template = Array("\(folder)/.\(name).paydrill-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw Failure(path: target, reason: reason()) }
    let temporary = String(cString: template)
    var renamed = false
    defer {
      if !renamed { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      if let old {
        _ = fchown(descriptor, old.st_uid, old.st_gid)
        guard fchmod(descriptor, old.st_mode & 0o7777) == 0 else {
          throw Failure(path: target, reason: reason())
        }
      } else {
        // mkstemp makes 0600; a new output gets what the umask allows, as a shell redirection would.
        let mask = umask(0)
        umask(mask)
        guard fchmod(descriptor, 0o666 & ~mask) == 0 else { throw Failure(path: target, reason: reason()) }
      }
      try writeAll(data, to: descriptor, path: target)
      guard fsync(descriptor) == 0 else { throw Failure(path: target, reason: reason()) }
    }
    guard rename(temporary, target) == 0 else { throw Failure(path: target, reason: reason()) }
    renamed = true
  }

  private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(Failure) {
    let failure: Failure? = data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return Failure(path: path, reason: reason())
        }
        offset += written
      }
      return nil
    }
    if let failure { throw failure }
  }

  private static func reason() -> String {
    // With SIGXFSZ ignored (each program does), a write past the file-size limit fails here.
    if errno == EFBIG {
      return "the file-size limit (ulimit -f) is smaller than this output; raise it or write elsewhere"
    }
    return String(cString: strerror(errno))
  }
}
