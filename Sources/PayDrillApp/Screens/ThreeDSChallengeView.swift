import CheckoutEngine
import TerminalUI

/// The simulated issuer's 3-D Secure challenge page: the shopper types the one-time code (1234 passes).
struct ThreeDSChallengeView {
  var model: AppModel
  var challenge: ThreeDSecureChallenge

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let money = MoneyFormatter(locale: model.checkout.scenario.locale)
    let text = model.checkout.localisation
    // The issuer's page is in the shopper's language; what the simulator adds for the developer is not.
    let confirm = text.text(
      .threeDSConfirm, money.string(for: challenge.request.amount), model.checkout.scenario.merchantName)
    let card = challenge.request.card?.number.masked ?? ""
    let code = WrappedText.lines(
      text.text(.threeDSEnterCode) + " In this simulator 1234 passes; any other code fails.",
      width: rect.width)
    let keys = WrappedText.lines(
      text.text(.threeDSKeys) + " (onError THREE_DS_CANCELLED)", width: rect.width)
    // The confirmation with the card beside it where both fit, else wrapped with the card on a line of its own.
    let confirmLines =
      DisplayWidth.of(confirm) + 2 + DisplayWidth.of(card) <= rect.width
      ? [] : WrappedText.lines(confirm, width: rect.width)
    // Blank lines above and between the parts, from the top, as far as the page has room for them: a short
    // page keeps every line of the text instead.
    let lineCount = 1 + max(1, confirmLines.count + 1) + code.count + 1 + keys.count
    var spare = max(0, rect.height - lineCount)
    func gap() -> Int {
      guard spare > 0 else { return 0 }
      spare -= 1
      return 1
    }
    var y = rect.y + gap()
    buffer.write(
      truncating: text.text(.threeDSIssuer, challenge.scheme.displayName), x: rect.x, y: y, role: .muted,
      maxWidth: rect.width)
    y += 1 + gap()
    if confirmLines.isEmpty {
      LabeledValue(confirm, card, labelRole: .title)
        .render(in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
      y += 1
    } else {
      for line in confirmLines + [card] {
        buffer.write(line, x: rect.x, y: y, role: line == card ? .normal : .title)
        y += 1
      }
    }
    y += gap()
    for line in code where y < rect.maxY - 1 - keys.count {
      buffer.write(line, x: rect.x, y: y, role: .normal)
      y += 1
    }
    y += gap()
    let boxWidth = min(14, rect.width)
    buffer.fill(Rect(x: rect.x, y: y, width: boxWidth, height: 1), role: .focused)
    buffer.write(model.challengeDraft + "▁", x: rect.x + 1, y: y, role: .focused, maxWidth: boxWidth - 2)
    y += 1 + gap()
    for (offset, line) in keys.enumerated() {
      buffer.write(line, x: rect.x, y: min(y, rect.maxY - keys.count) + offset, role: .muted)
    }
  }
}
