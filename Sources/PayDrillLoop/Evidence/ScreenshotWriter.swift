import Foundation
import PayDrillApp
import TerminalUI

/// Saves screenshot bundles in a folder and counts them: what the interpreter does when the reducer asks for a
/// screenshot (the `s` key, or `paydrill play --screens DIR` after every `Wait`). It reads no clock: the
/// interpreter names each bundle with its clock's date, so that a replay names its bundles as it did before.
public final class ScreenshotWriter {
  /// Where the bundles go; made (with its parents) on the first save.
  public let folder: String
  public let theme: Theme
  /// How many bundles this run saved; the next one is step `count + 1`.
  public private(set) var count = 0

  public init(folder: String, theme: Theme) {
    self.folder = folder
    self.theme = theme
  }

  /// Saves the bundle of what the model shows, named with `time` (the clock's date, in the model's time
  /// zone), the step, an optional label and the screen's name; returns what the footer says about it.
  @discardableResult
  public func save(_ model: AppModel, at time: Date, label: String? = nil, header: RunHeader? = nil)
    -> ScreenshotOutcome
  {
    let name = ScreenshotBundle.name(
      time: time, timeZone: model.timeZone, step: count + 1, label: label, screen: model.screenName)
    return write(ScreenshotBundle(name: name, model: model, theme: theme, header: header))
  }

  /// Writes a bundle's files into the folder. A folder that cannot be made or written is reported, not
  /// thrown: the run goes on, and the step is not used up.
  public func write(_ bundle: ScreenshotBundle) -> ScreenshotOutcome {
    if let reason = EvidenceFolder(path: folder).write(bundle.files) {
      return .failed(folder: folder, reason: reason)
    }
    count += 1
    return .saved(folder: folder, name: bundle.name)
  }
}
