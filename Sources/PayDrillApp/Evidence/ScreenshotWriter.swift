import Foundation
import TerminalUI

/// Saves screenshot bundles in a folder and counts them: what the runtime does when the model asks for a
/// screenshot (the `s` key), and what `paydrill play --screens DIR` does after every `Wait`.
public final class ScreenshotWriter {
  /// Where the bundles go; made (with its parents) on the first save.
  public let folder: String
  public let theme: Theme
  private let now: () -> Date
  /// How many bundles this run saved; the next one is step `count + 1`.
  public private(set) var count = 0

  public init(folder: String, theme: Theme, now: @escaping () -> Date = { Date() }) {
    self.folder = folder
    self.theme = theme
    self.now = now
  }

  /// Saves the bundle of what the model shows, named with the time (in the model's time zone), the step,
  /// an optional label and the screen's name; returns what the footer says about it.
  @discardableResult
  public func save(_ model: AppModel, label: String? = nil, header: RunHeader? = nil) -> ScreenshotOutcome {
    let name = ScreenshotBundle.name(
      time: now(), timeZone: model.timeZone, step: count + 1, label: label, screen: model.screenName)
    return write(ScreenshotBundle(name: name, model: model, theme: theme, header: header))
  }

  /// Writes a bundle's files into the folder. A folder that cannot be made or written is reported, not
  /// thrown: the run goes on, and the step is not used up.
  public func write(_ bundle: ScreenshotBundle) -> ScreenshotOutcome {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    if files.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
      return .failed(folder: folder, reason: "is a file, not a folder")
    }
    do {
      try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      return .failed(folder: folder, reason: "cannot be created")
    }
    let url = URL(fileURLWithPath: folder)
    for file in bundle.files {
      do {
        try Data(file.contents.utf8).write(to: url.appendingPathComponent(file.name), options: .atomic)
      } catch {
        return .failed(folder: folder, reason: "cannot be written")
      }
    }
    count += 1
    return .saved(folder: folder, name: bundle.name)
  }
}
