import TerminalUI

/// The method list while the checkout waits for the merchant's backend (`paydrill --serve`): where to create
/// the session, and how, until one arrives.
struct BackendWaitingView {
  var link: BackendLink
  var localisation: String

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    var y = rect.y + 1
    buffer.write(truncating: localisation, x: rect.x, y: y, role: .title, maxWidth: rect.width)
    y += 2
    var lines: [(String, StyleRole)] = [
      ("Waiting for your backend: POST \(link.endpoint)", .notice),
      ("", .normal),
      (
        "Create a session there, signed with a token the server accepts (the development token paydrill-dev "
          + "unless --token says otherwise): the Drop-in opens on it, with its amount, currency, methods and "
          + "expiry. Each request shows in the event pane.", .normal
      ),
      ("", .normal),
      (
        "python3 Examples/merchant-backend.py --url \(link.endpoint.replacingOccurrences(of: "/api/v1/sessions", with: "")) create",
        .muted
      ),
    ]
    if let warning = link.warning { lines += [("", .normal), ("⚠ \(warning)", .error)] }
    for (text, role) in lines {
      guard !text.isEmpty else {
        y += 1
        continue
      }
      for line in WrappedText.lines(text, width: rect.width) where y < rect.maxY {
        buffer.write(line, x: rect.x, y: y, role: role)
        y += 1
      }
    }
  }
}
