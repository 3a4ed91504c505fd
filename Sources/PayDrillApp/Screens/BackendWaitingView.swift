import PayDrillFiles
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
    if let stop = link.stopped {
      // No session can come: say why, with the server's last words, and how to go on.
      var lines: [(String, StyleRole)] = [
        ("The server stopped (\(stop.how)): no session can arrive at \(link.endpoint) any more.", .error),
        ("", .normal),
      ]
      if !stop.lastWords.isEmpty {
        lines.append(("Its last words on standard error:", .normal))
        lines += stop.lastWords.map { ("  " + PrintableText.visible($0), .muted) }
        lines.append(("", .normal))
      }
      lines.append(("Press q to quit, then start paydrill --serve again.", .normal))
      write(lines, in: rect, from: y, into: &buffer)
      return
    }
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
    write(lines, in: rect, from: y, into: &buffer)
  }

  /// The lines from row `y` on, each wrapped to the width, blank ones as a gap.
  private func write(
    _ lines: [(String, StyleRole)], in rect: Rect, from y: Int, into buffer: inout ScreenBuffer
  ) {
    var y = y
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
