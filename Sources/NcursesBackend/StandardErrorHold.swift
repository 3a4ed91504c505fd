import Foundation

/// Holds back standard error while curses owns the screen, so that what is written there (the Swift
/// runtime's `Fatal error: …` before a trap, a library's warning) lands neither over the frames nor on the
/// alternate screen that `endwin` then throws away. It goes to an unlinked temporary file; `release()` puts
/// standard error back and copies what was held to it, after the terminal was given back: by normal code, or
/// by the crash handler, which is why `release()` uses only async-signal-safe calls.
public enum StandardErrorHold {
  /// The real standard error while it is held, else -1.
  nonisolated(unsafe) private static var original: Int32 = -1
  /// The temporary file that stands for standard error while it is held, else -1.
  nonisolated(unsafe) private static var held: Int32 = -1

  /// Sends standard error to a hidden temporary file until `release()`. Does nothing when it cannot.
  public static func begin() {
    guard original < 0 else { return }
    var template = Array(
      (FileManager.default.temporaryDirectory.path + "/paydrill-stderr-XXXXXX").utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let saved = dup(STDERR_FILENO)
    guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
      close(file)
      if saved >= 0 { close(saved) }
      return
    }
    original = saved
    held = file
  }

  /// Puts standard error back and writes out what was held. Async-signal-safe (dup2, lseek, read, write,
  /// close and a buffer on the stack), so the crash handler may call it.
  public static func release() {
    let saved = original
    let file = held
    guard saved >= 0, file >= 0 else { return }
    original = -1
    held = -1
    _ = dup2(saved, STDERR_FILENO)
    _ = close(saved)
    _ = lseek(file, 0, SEEK_SET)
    withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 1) { buffer in
      while true {
        let count = read(file, buffer.baseAddress, buffer.count)
        if count <= 0 { break }
        var written = 0
        while written < count {
          let step = write(STDERR_FILENO, buffer.baseAddress! + written, count - written)
          if step <= 0 { break }
          written += step
        }
        if written < count { break }
      }
    }
    _ = close(file)
  }
}
