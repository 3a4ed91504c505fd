import TerminalUI

/// A screen that says one thing and offers the way back: a method that cannot go on, and why.
struct NoticeScreenView {
  var title: String
  var text: String
  var role: StyleRole = .notice
  /// The one button ("Back to payment methods", in the shopper's language), or none.
  var button: String?

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    var y = rect.y + 1
    buffer.write(truncating: title, x: rect.x, y: y, role: .title, maxWidth: rect.width)
    y += 2
    for line in WrappedText.lines(text, width: rect.width) where y < rect.maxY - 2 {
      buffer.write(line, x: rect.x, y: y, role: role)
      y += 1
    }
    guard let button else { return }
    y += 1
    ButtonRow(labels: [button], focused: 0)
      .render(in: Rect(x: rect.x, y: min(y, rect.maxY - 1), width: rect.width, height: 1), into: &buffer)
  }
}
