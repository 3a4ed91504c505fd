import CheckoutEngine
import Foundation
import PaymentHistory
import TerminalUI

/// The history panel (`H`): the latest attempts of the ledger, read when it opens, over the checkout; Enter
/// opens the selected one whole (`entry`).
package struct HistoryPanel: Equatable, Sendable {
  /// How many attempts the panel reads.
  package static let limit = 50

  /// The attempts read from the ledger, newest first.
  var attempts: [PaymentAttempt] = []
  /// Why there is nothing to show (no ledger, or it could not be read).
  var problem: String?
  /// The ledger's file, shown in the panel's hint.
  var location: String?
  /// The first attempt shown, when there are more than fit.
  var scroll = 0
  /// The selected attempt's place in `attempts`, which Enter opens and `y` copies.
  var selected = 0
  /// The ledger read that fills the panel, while it is awaited.
  var request: RequestID?
  /// The attempt opened whole, while it is open.
  var entry: HistoryEntry?

  /// The panel, filled with what the ledger read gave.
  mutating func fill(with listing: HistoryListing) {
    request = nil
    switch listing {
    case .attempts(let attempts, let location):
      self.attempts = attempts
      self.location = location
    case .unavailable(let problem):
      self.problem = problem
    }
  }

  /// Moves the selection by `step` rows, keeping it among the `visible` rows shown from `scroll`.
  mutating func select(by step: Int, visible: Int) {
    guard !attempts.isEmpty else { return }
    selected = min(max(0, selected + step), attempts.count - 1)
    if selected < scroll { scroll = selected }
    if selected >= scroll + max(1, visible) { scroll = selected - max(1, visible) + 1 }
  }

  /// What `y` copies: the selected attempt's row, every column whole, under the table's header.
  func copiedRow(timeZone: TimeZone) -> String? {
    selectedAttempt.map { HistoryTable(timeZone: timeZone).lines([$0]).joined(separator: "\n") + "\n" }
  }

  /// The selected attempt, if there is one.
  var selectedAttempt: PaymentAttempt? {
    attempts.indices.contains(selected) ? attempts[selected] : nil
  }
}
