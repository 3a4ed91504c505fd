import Foundation
import PayDrillApp
import TerminalUI

/// The text a recorded tape waits for on a screen: its frame's title (`─ Card ─`, `─ Paid ─`), which names the
/// screen at every size, and the first title, success or error line inside it (`Choose a payment method`,
/// `✓ Payment successful`), which says what happened; both as the screen draws them in the scenario's
/// language. A `Wait` on them holds whatever the latency, where a recorded pause would not.
public enum ScreenLandmark {
  /// The roles that name what a screen is.
  static let roles: Set<StyleRole> = [.title, .success, .error]
  /// The longest landmark kept: enough to tell screens apart, short enough to read in a tape.
  static let longest = 40

  /// The landmark of what `model` shows on the rendered `screen`: the first run of cells in a naming role
  /// below the header, inside a frame (a frame's own title, `Checkout`, `Card`, is a word any screen may
  /// hold) and not the order summary's heading (the method list's is the line that says what to do), without
  /// its leading marks (✓, ✗, a spinner's frame) or a cut's `…`; nil on a screen with none.
  public static func text(of screen: ScreenBuffer, model: AppModel) -> String? {
    text(of: screen, skipping: [model.checkout.localisation.text(.orderSummary)])
  }

  /// The title of the first frame on a rendered screen (the checkout's: `Checkout`, `Card`, `Paid`), or nil.
  public static func frame(of screen: ScreenBuffer) -> String? {
    text(of: screen, framed: true)
  }

  /// A frame's title as a tape's `/regex/`: with the frame's lines around it, so no other text matches.
  public static func framePattern(_ title: String) -> String {
    "─ \(pattern(title)) ─"
  }

  /// The landmark of a rendered screen (or its first frame's title), skipping runs that read as one of
  /// `skipped`.
  static func text(of screen: ScreenBuffer, skipping skipped: Set<String> = [], framed wanted: Bool = false)
    -> String?
  {
    for y in 1..<screen.height {
      var run = ""
      var framed = false
      for x in 0...screen.width {
        let cell = x < screen.width ? screen[x, y] : Cell(" ", role: .normal)
        if roles.contains(cell.role) {
          if run.isEmpty { framed = x > 0 && screen[x - 1, y].role == .border }
          if cell.width > 0 { run += screen.grapheme(of: cell) }
          continue
        }
        if framed == wanted, let landmark = tidied(run), !skipped.contains(landmark) { return landmark }
        run = ""
      }
    }
    return nil
  }

  /// The run without leading marks and trailing blanks or `…`, cut at a word under `longest`; nil when no
  /// letter is left.
  static func tidied(_ run: String) -> String? {
    var text = Substring(run).drop { !$0.isLetter && !$0.isNumber }
    while let last = text.last, last.isWhitespace || last == "…" { text = text.dropLast() }
    guard text.contains(where: \.isLetter) else { return nil }
    guard text.count > longest else { return String(text) }
    let cut = text.prefix(longest)
    return String(cut[..<(cut.lastIndex(of: " ") ?? cut.endIndex)])
  }

  /// The landmark as a tape's `/regex/`: every character that means something to a regular expression
  /// escaped, so the pattern matches the text as it is.
  public static func pattern(_ landmark: String) -> String {
    NSRegularExpression.escapedPattern(for: landmark)
  }
}
