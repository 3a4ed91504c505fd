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

  /// The lines inside the checkout's frame (the first on the screen), trimmed, without the spinner's frame:
  /// what a change that came by itself (an answer, `prepare()`, a sheet's update) is looked for in. The event
  /// pane, the header and the footer are left out (their times and hints are not the checkout's state).
  public static func panelLines(of screen: ScreenBuffer) -> [String] {
    guard screen.height > 2, screen.grapheme(atX: 0, y: 1) == "╭" else { return [] }
    let right = (1..<screen.width).first { screen.grapheme(atX: $0, y: 1) == "╮" } ?? screen.width
    var lines: [String] = []
    for y in 2..<screen.height {
      if screen.grapheme(atX: 0, y: y) == "╰" { break }
      var line = ""
      for x in 1..<right where screen[x, y].width > 0 {
        let grapheme = screen.grapheme(atX: x, y: y)
        line += spinnerGlyphs.contains(grapheme) ? " " : grapheme
      }
      lines.append(line.trimmingCharacters(in: .whitespaces))
    }
    return lines
  }

  private static let spinnerGlyphs = Set(ProcessingView.frames)

  /// The line of `lines` that `before` did not have, as a tape's `/regex/` (tidied as a landmark, and a run of
  /// spaces, which the layout may change, as ` +`), or nil when none has a letter. A line new in all (a
  /// message, a button) says more than a row whose value changed: the first of those, else the first
  /// changed row.
  public static func newLinePattern(in lines: [String], since before: [String]) -> String? {
    let old = Set(before)
    let labels = Set(before.map(label))
    let added = lines.filter { !old.contains($0) && tidied($0) != nil }
    guard let line = added.first(where: { !labels.contains(label($0)) }) ?? added.first,
      let text = tidied(line)
    else { return nil }
    return pattern(text.trimmingCharacters(in: .whitespaces)).replacingOccurrences(
      of: " {2,}", with: " +", options: .regularExpression)
  }

  /// A row's label: its text up to the first run of two spaces (`Coupon`, `Shipping method`).
  private static func label(_ line: String) -> String {
    String(line[..<(line.range(of: "  ")?.lowerBound ?? line.endIndex)])
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
