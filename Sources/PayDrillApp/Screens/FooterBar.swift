import TerminalUI

/// The bottom line: the keys of the current screen, what became of the last screenshot, that the server of
/// `--serve` stopped, or why the run history is not being recorded.
struct FooterBar {
  var model: AppModel

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    switch model.footerNotice {
    case .screenshot(let outcome):
      buffer.write(
        truncating: outcome.notice, x: rect.x + 1, y: rect.y, role: outcome.isFailure ? .error : .notice,
        maxWidth: rect.width - 2)
      return
    case .copy(let copy):
      buffer.write(
        truncating: copy.notice(width: rect.width - 2), x: rect.x + 1, y: rect.y,
        role: copy.isFailure ? .error : .notice, maxWidth: rect.width - 2)
      return
    case nil: break
    }
    if let stop = model.backend?.stopped {
      buffer.write(
        truncating: "⚠ \(stop.summary)", x: rect.x + 1, y: rect.y, role: .error, maxWidth: rect.width - 2)
      return
    }
    if let notice = model.ledgerNotice {
      buffer.write(
        truncating: "⚠ \(notice)", x: rect.x + 1, y: rect.y, role: .error, maxWidth: rect.width - 2)
      return
    }
    // In a presentation the keys drive the playback, not the checkout.
    let entries =
      model.presentation.map {
        [
          KeyHelp.Entry(keys: "", action: $0.status), KeyHelp.Entry(keys: "Space", action: "pause / play"),
          KeyHelp.Entry(keys: "→", action: "step"), KeyHelp.Entry(keys: "q", action: "quit"),
        ]
      } ?? KeyHelp.entries(for: model)
    Self.render(entries, in: rect, into: &buffer)
  }

  /// Keys as the footer shows them: as many as fit, with short names where needed.
  static func render(_ entries: [KeyHelp.Entry], in rect: Rect, into buffer: inout ScreenBuffer) {
    var x = rect.x + 1
    for entry in Self.fitting(entries, width: rect.width - 1) {
      if !entry.keys.isEmpty {
        x += buffer.write(entry.keys, x: x, y: rect.y, role: .key) + 1
      }
      x += buffer.write(entry.action, x: x, y: rect.y, role: .muted) + 2
    }
  }

  /// The width an entry takes: its keys, a space, its action and two spaces after.
  private static func width(_ entry: KeyHelp.Entry) -> Int {
    (entry.keys.isEmpty ? 0 : DisplayWidth.of(entry.keys) + 1) + DisplayWidth.of(entry.action) + 2
  }

  /// The entries that fit: all of them if they can, else with their short names; and when even those do
  /// not all fit, the first ones and then `? all keys`, so that every key can still be found.
  /// Each entry is measured once (the footer is drawn in every frame): a short name is measured only
  /// where the entry has one.
  static func fitting(_ entries: [KeyHelp.Entry], width: Int) -> [KeyHelp.Entry] {
    let widths = entries.map(Self.width)
    if widths.reduce(0, +) <= width { return entries }
    let short = entries.map(\.shortened)
    let shortWidths = zip(entries, widths).map { entry, full in
      entry.short == nil ? full : Self.width(entry.shortened)
    }
    if shortWidths.reduce(0, +) <= width { return short }
    let tail = KeyHelp.allKeys
    var kept: [KeyHelp.Entry] = []
    var used = Self.width(tail)
    for (entry, entryWidth) in zip(short, shortWidths) where entry.keys != "?" {
      guard used + entryWidth <= width else { break }
      kept.append(entry)
      used += entryWidth
    }
    return kept + [tail]
  }
}
