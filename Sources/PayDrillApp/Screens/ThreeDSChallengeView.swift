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
    var y = rect.y + 1
    buffer.write(
      truncating: text.text(.threeDSIssuer, challenge.scheme.displayName), x: rect.x, y: y, role: .muted,
      maxWidth: rect.width)
    y += 2
    LabeledValue(
      text.text(
        .threeDSConfirm, money.string(for: challenge.request.amount), model.checkout.scenario.merchantName),
      challenge.request.card?.number.masked ?? "", labelRole: .title
    ).render(in: Rect(x: rect.x, y: y, width: rect.width, height: 1), into: &buffer)
    y += 2
    for line in WrappedText.lines(
      text.text(.threeDSEnterCode) + " In this simulator 1234 passes; any other code fails.",
      width: rect.width)
    where y < rect.maxY - 3 {
      buffer.write(line, x: rect.x, y: y, role: .normal)
      y += 1
    }
    y += 1
    let boxWidth = min(14, rect.width)
    buffer.fill(Rect(x: rect.x, y: y, width: boxWidth, height: 1), role: .focused)
    buffer.write(model.challengeDraft + "▁", x: rect.x + 1, y: y, role: .focused, maxWidth: boxWidth - 2)
    y += 2
    buffer.write(
      truncating: text.text(.threeDSKeys) + " (onError THREE_DS_CANCELLED)", x: rect.x,
      y: min(y, rect.maxY - 1),
      role: .muted, maxWidth: rect.width)
  }
}
