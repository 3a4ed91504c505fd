import CheckoutEngine
import TerminalUI

/// The gateway is working: a spinner, what is being paid, and the simulated latency.
package struct ProcessingView {
  var model: AppModel
  /// What is being paid: the processing screen's own data.
  var submission: Submission

  package static let frames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let checkout = model.checkout
    let money = MoneyFormatter(locale: checkout.scenario.locale)
    var y = rect.y + 1
    let frame = Self.frames[model.spinnerFrame % Self.frames.count]
    buffer.write(frame, x: rect.x, y: y, role: .spinner)
    buffer.write(
      truncating: checkout.localisation.text(
        .processingPayment, checkout.localisation.nameInSentence(of: submission.method)),
      x: rect.x + 2, y: y, role: .title, maxWidth: rect.width - 2)
    y += 2
    let card = submission.paidWith
    LabeledValue(checkout.localisation.text(.paying), money.string(for: submission.amount), valueRole: .total)
      .render(in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
    y += 1
    LabeledValue(checkout.localisation.text(.with), card).render(
      in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
    y += 2
    let gateway =
      model.gatewayPlugin.map { "The gateway plugin answers: \($0)" }
      ?? "The simulated gateway answers in \(model.gatewaySettings.latency(of: .authorise).summary)."
    buffer.write(
      truncating: gateway, x: rect.x, y: y,
      role: .muted, maxWidth: rect.width)
  }
}
