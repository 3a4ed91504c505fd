import Foundation
import OutputFiles
import PayDrillApp
import TerminalUI

/// `--cast FILE`: the run's screen recorded as asciicast v2 (`asciinema play FILE`), for the interactive
/// checkout, `record`, `demo` and `play` alike. It listens to the runtime: after every action applied, the
/// frame the model shows, at that instant on the run's clock (the replay's virtual clock in `play`, so the
/// cast of a tape is the same on every machine), with its secrets masked (`masked`).
/// The file is written when the run ends, through `OutputFile`; its path is checked before the run starts.
package final class ScreenCast {
  let path: String
  private unowned let runtime: CheckoutRuntime
  private var cast: Asciicast

  /// Starts recording `runtime` (its observer), in `theme`'s colours.
  package init(path: String, runtime: CheckoutRuntime, theme: Theme, title: String) {
    self.path = path
    self.runtime = runtime
    cast = Asciicast(theme: theme, title: title, start: runtime.clock.origin)
    runtime.observer = { [unowned self] observation in
      if case .applied = observation { self.capture() }
    }
  }

  /// The "PayDrill · …" title of a cast.
  package static func title(_ subject: String) -> String { "PayDrill · \(subject)" }

  private func capture() {
    cast.append(Self.masked(runtime.render()), atMilliseconds: runtime.clock.elapsed.wholeMilliseconds)
  }

  /// A frame as the cast keeps it: masked as a screenshot is (`SecretRedaction.masking`), and every digit
  /// of the card form's number field a bullet. A screenshot is one frame; a cast has a frame for each key,
  /// and the frames of a number being typed, each masked to its last four digits, would show every digit
  /// in turn.
  static func masked(_ frame: ScreenBuffer) -> ScreenBuffer {
    var masked = SecretRedaction.masking(frame)
    let numberField = ScreenTarget.field(.number).tag
    for target in frame.clickTargets where target.tag == numberField {
      let rect = target.rect
      for y in max(0, rect.y)..<min(frame.height, rect.maxY) {
        for x in max(0, rect.x)..<min(frame.width, rect.maxX)
        where (0x30...0x39).contains(frame[x, y].glyph.asciiCode) {
          masked[x, y].glyph = Glyph("•")
        }
      }
    }
    return masked
  }

  /// Writes the file (the run is over); returns an error message when it cannot be written.
  package func write() -> String? {
    runtime.observer = nil
    // A live clock starts again when the terminal is ready: the header has the start the events count from.
    cast.start = runtime.clock.origin
    do {
      try OutputFile.write(cast.text, to: path)
      return nil
    } catch {
      return error.description
    }
  }

  /// Checks `--cast`'s path before a run (`OutputFile.check`); returns an error message when it could not
  /// be written at the end.
  package static func problem(with path: String?) -> String? {
    guard let path else { return nil }
    do {
      try OutputFile.check(path)
      return nil
    } catch {
      return error.description
    }
  }
}
