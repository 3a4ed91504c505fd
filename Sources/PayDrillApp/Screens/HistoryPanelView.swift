import CheckoutEngine
import Foundation
import PaymentHistory
import TerminalUI

/// The history panel over the checkout: a table of the ledger's latest attempts (newest first), their
/// outcome coloured, and where the ledger is.
struct HistoryPanelView {
  var panel: HistoryPanel
  var timeZone: TimeZone

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let box = rect.inset(by: 2, 1)
    buffer.fill(box, role: .normal)
    let inner = Frame(
      title: panel.problem == nil ? "History · \(panel.attempts.count) latest" : "History", rounded: false
    ).render(
      in: box, into: &buffer
    ).inset(by: 1, 0)
    let hint =
      panel.problem ?? (panel.location.map { "↑↓ scroll · Esc closes · ledger \($0)" } ?? "Esc closes")
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
    let table = HistoryTable(
      columns: [.id, .time, .method, .card, .amount, .outcome, .code], timeZone: timeZone)
    let shown = Array(panel.attempts.dropFirst(panel.scroll))
    let lines = table.lines(shown)
    for (offset, line) in lines.enumerated() where offset < inner.height - 2 {
      let role: StyleRole
      if offset == 0 {
        role = .title
      } else {
        switch shown[offset - 1].outcome {
        case .succeeded: role = .success
        case .failed: role = .error
        case .cancelled, .interrupted, .unknown: role = .muted
        }
      }
      buffer.write(truncating: line, x: inner.x, y: inner.y + offset, role: role, maxWidth: inner.width)
    }
  }
}
