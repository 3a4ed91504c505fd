import CheckoutEngine
import Foundation
import PaymentHistory
import TerminalUI

/// The history panel over the checkout: a table of the ledger's latest attempts (newest first), fitted to
/// the panel's width (`HistoryTable`), the selected one marked `▸`, their outcome coloured, and where the
/// ledger is; or one attempt opened whole (`HistoryEntry`), read as the event inspector reads an event.
struct HistoryPanelView {
  var panel: HistoryPanel
  var timeZone: TimeZone

  /// The rows of attempts the panel shows in `body`: what `↑↓` keep the selection within.
  static func visibleRows(in body: Rect) -> Int {
    max(1, body.inset(by: 2, 1).height - 2 - 3)
  }

  func render(in rect: Rect, size: Size, into buffer: inout ScreenBuffer) {
    if let entry = panel.entry {
      ReadingPane(
        title: entry.title,
        lines: entry.lines(width: ReadingPane.textArea(in: size).width, timeZone: timeZone),
        scroll: entry.scroll, leaving: "Esc back to the list"
      ).render(size: size, into: &buffer)
      return
    }
    let box = rect.inset(by: 2, 1)
    buffer.fill(box, role: .normal)
    let inner = Frame(
      title: panel.problem == nil ? "History · \(panel.attempts.count) latest" : "History", rounded: false
    ).render(
      in: box, into: &buffer
    ).inset(by: 1, 0)
    let hint =
      panel.problem
      ?? (panel.location.map { "↑↓ select · Enter opens · Esc closes · ledger \($0)" } ?? "Esc closes")
    buffer.write(
      truncating: hint, x: inner.x, y: inner.maxY - 1, role: panel.problem == nil ? .muted : .error,
      maxWidth: inner.width)
    guard panel.problem == nil else { return }
    guard !panel.attempts.isEmpty else {
      buffer.write(
        truncating: "No attempts recorded yet: pay, and each attempt appears here.", x: inner.x, y: inner.y,
        role: .muted, maxWidth: inner.width)
      return
    }
    let marker = 2
    let shown = Array(panel.attempts.dropFirst(panel.scroll))
    let lines = HistoryTable(timeZone: timeZone).lines(shown, width: inner.width - marker)
    for (offset, line) in lines.enumerated() where offset < inner.height - 2 {
      let role: StyleRole
      var mark = "  "
      if offset == 0 {
        role = .title
      } else {
        if panel.scroll + offset - 1 == panel.selected { mark = "▸ " }
        switch shown[offset - 1].outcome {
        case .succeeded: role = .success
        case .failed: role = .error
        case .cancelled, .interrupted, .unknown: role = .muted
        }
      }
      buffer.write(
        truncating: mark + line, x: inner.x, y: inner.y + offset, role: role, maxWidth: inner.width)
    }
  }
}
