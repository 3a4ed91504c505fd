import Foundation

/// A folder PayDrill saves evidence in (screenshot bundles, copies): made with its parents on the first save,
/// each file written whole. What goes wrong is said, never thrown: the run goes on.
struct EvidenceFolder {
  let path: String

  /// Writes the files; nil when they were, else why not ("is a file, not a folder", "cannot be created",
  /// "cannot be written").
  func write(_ files: [ScreenshotBundle.File]) -> String? {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    if manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
      return "is a file, not a folder"
    }
    do {
      try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      return "cannot be created"
    }
    let url = URL(fileURLWithPath: path)
    for file in files {
      do {
        try Data(file.contents.utf8).write(to: url.appendingPathComponent(file.name), options: .atomic)
      } catch {
        return "cannot be written"
      }
    }
    return nil
  }

  /// The date and time in a file's name, `20261129-184502`: from the interpreter's clock (never the
  /// machine's), in the model's time zone, so that a replay names its files as it did before.
  static func stamp(_ time: Date, in timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
    let numbers = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? 0 }
    return String(format: "%04ld%02ld%02ld-%02ld%02ld%02ld", arguments: numbers)
  }
}
