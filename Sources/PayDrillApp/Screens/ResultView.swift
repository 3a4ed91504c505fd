import CheckoutEngine
import TerminalUI

/// How the payment ended: the amount, the method and the transaction ids on success; the shopper's message,
/// the amount and method that were not charged, and the SDK's code on failure.
struct ResultView {
  var model: AppModel
  var outcome: PaymentOutcome

  /// A piece of a line: where it starts in the area, and its role.
  private struct Span {
    var text: String
    var x: Int
    var role: StyleRole
  }

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let checkout = model.checkout
    let money = MoneyFormatter(locale: checkout.scenario.locale)
    let text = checkout.localisation
    var sections: [[[Span]]]
    let buttons: ButtonRow
    switch outcome {
    case .success(let receipt):
      // Only what the attempt that succeeded paid: never another attempt's sheet, card or amount.
      sections = [
        [[Span(text: "✓ " + text.text(.paymentSuccessful), x: 0, role: .success)]],
        rows(
          [
            (text.text(.amount), money.string(for: receipt.amount), .total),
            (text.name(of: receipt.method), receipt.paidWith, .normal),
            ("systemTransactionId", receipt.result.systemTransactionId, .normal),
            ("merchantTransactionId", receipt.result.merchantTransactionId, .normal),
          ], width: rect.width),
        wrapped(
          "Verify these identifiers on your backend before fulfilling the order.", role: .muted,
          width: rect.width),
      ]
      buttons = ButtonRow(
        labels: [text.text(.startNewCheckout)], focused: 0, tagPrefix: ScreenTarget.resultButtonPrefix)
    case .failure(let method, let error, let amount):
      sections = [
        [[Span(text: "✗ " + text.text(.paymentFailed), x: 0, role: .error)]],
        wrapped(error.shopperMessage(in: text), role: .title, width: rect.width),
        // What was not charged, and how, beside the SDK's error.
        rows(
          [
            (text.text(.amount), money.string(for: amount), .total),
            (text.text(.method), text.name(of: method), .normal),
            ("errorCode", error.errorCode, .error),
            ("errorMessage", error.errorMessage, .normal),
          ], width: rect.width),
      ]
      guard error.endsTheSession else {
        buttons = ButtonRow(
          labels: [text.text(.tryAgain), text.text(.chooseAnotherMethod)], focused: model.resultChoice,
          tagPrefix: ScreenTarget.resultButtonPrefix)
        break
      }
      // Nothing more can be paid in this session: no "Try again", and why.
      sections.append(
        wrapped(
          error.errorCode == "SESSION_EXPIRED"
            ? "This session has expired: nothing more can be paid in it. A new checkout needs a new session."
            : "This session was paid already: nothing more can be paid in it. A new checkout needs a new session.",
          role: .muted, width: rect.width))
      buttons = ButtonRow(
        labels: [text.text(.startNewCheckout)], focused: 0, tagPrefix: ScreenTarget.resultButtonPrefix)
    }
    // A blank line after each section and above them where they fit; where the screen is short, the lines
    // it has room for go between the sections first. The buttons keep the last line, and a line that fits
    // above it nowhere gives way rather than lie under it.
    let lineCount = sections.reduce(0) { $0 + $1.count }
    var spare = max(0, rect.height - lineCount - 1)
    func gap() -> Int {
      guard spare > 0 else { return 0 }
      spare -= 1
      return 1
    }
    let gapsAfter = sections.map { _ in gap() }
    let rowsEnd = rect.maxY - 1
    var y = rect.y + gap()
    for (section, gapAfter) in zip(sections, gapsAfter) {
      for line in section where y < rowsEnd {
        for span in line {
          buffer.write(
            truncating: span.text, x: rect.x + span.x, y: y, role: span.role, maxWidth: rect.width - span.x)
        }
        y += 1
      }
      y += gapAfter
    }
    buttons.render(in: Rect(x: rect.x, y: min(y, rect.maxY - 1), width: rect.width, height: 1), into: &buffer)
  }

  /// Labels and their values: a value that does not fit beside its label goes, wrapped, below it.
  private func rows(_ rows: [(label: String, value: String, role: StyleRole)], width: Int) -> [[Span]] {
    rows.flatMap { row -> [[Span]] in
      let label = Span(text: row.label, x: 0, role: .muted)
      if DisplayWidth.of(row.value) <= width - 23 {
        return [[label, Span(text: row.value, x: 23, role: row.role)]]
      }
      return [[label]]
        + WrappedText.lines(row.value, width: width - 2).map { [Span(text: $0, x: 2, role: row.role)] }
    }
  }

  /// A message wrapped at word boundaries, a line each.
  private func wrapped(_ message: String, role: StyleRole, width: Int) -> [[Span]] {
    WrappedText.lines(message, width: width).map { [Span(text: $0, x: 0, role: role)] }
  }
}
