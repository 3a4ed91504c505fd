import CheckoutEngine
import TerminalUI

/// How the payment ended: the transaction ids on success, the shopper's message and the SDK's code on failure.
struct ResultView {
  var model: AppModel
  var outcome: PaymentOutcome

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let checkout = model.checkout
    let money = MoneyFormatter(locale: checkout.scenario.locale)
    let text = checkout.localisation
    var y = rect.y + 1
    /// A label and its value; a value too long to sit beside its label goes on the line below it.
    func row(_ label: String, _ value: String, _ role: StyleRole = .normal) {
      guard y < rect.maxY else { return }
      buffer.write(label, x: rect.x, y: y, role: .muted, maxWidth: 22)
      if DisplayWidth.of(value) > rect.width - 23 && y + 1 < rect.maxY {
        y += 1
        buffer.write(truncating: value, x: rect.x + 2, y: y, role: role, maxWidth: rect.width - 2)
      } else {
        buffer.write(truncating: value, x: rect.x + 23, y: y, role: role, maxWidth: rect.width - 23)
      }
      y += 1
    }
    switch outcome {
    case .success(let receipt):
      buffer.write(
        truncating: "✓ " + text.text(.paymentSuccessful), x: rect.x, y: y, role: .success,
        maxWidth: rect.width)
      y += 2
      // Only what the attempt that succeeded paid: never another attempt's sheet, card or amount.
      row(text.text(.amount), money.string(for: receipt.amount), .total)
      row(receipt.methodName, receipt.paidWith)
      row("systemTransactionId", receipt.result.systemTransactionId)
      row("merchantTransactionId", receipt.result.merchantTransactionId)
      y += 1
      for line in WrappedText.lines(
        "Verify these identifiers on your backend before fulfilling the order.", width: rect.width)
      where y < rect.maxY - 2 {
        buffer.write(line, x: rect.x, y: y, role: .muted)
        y += 1
      }
      y += 1
      ButtonRow(
        labels: [text.text(.startNewCheckout)], focused: 0, tagPrefix: ScreenTarget.resultButtonPrefix
      )
      .render(in: Rect(x: rect.x, y: min(y, rect.maxY - 1), width: rect.width, height: 1), into: &buffer)
    case .failure(let method, let error):
      buffer.write(
        truncating: "✗ " + text.text(.paymentFailed), x: rect.x, y: y, role: .error, maxWidth: rect.width)
      y += 2
      for line in WrappedText.lines(error.shopperMessage(in: text), width: rect.width) where y < rect.maxY - 4
      {
        buffer.write(line, x: rect.x, y: y, role: .title)
        y += 1
      }
      y += 1
      row(text.text(.method), method.displayName)
      row("errorCode", error.errorCode, .error)
      row("errorMessage", error.errorMessage)
      y += 1
      ButtonRow(
        labels: [text.text(.tryAgain), text.text(.chooseAnotherMethod)], focused: model.resultChoice,
        tagPrefix: ScreenTarget.resultButtonPrefix
      )
      .render(in: Rect(x: rect.x, y: min(y, rect.maxY - 1), width: rect.width, height: 1), into: &buffer)
    }
  }
}
