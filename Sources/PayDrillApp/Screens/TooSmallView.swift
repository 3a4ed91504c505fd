import TerminalUI

/// Shown instead of the checkout when the terminal is below the minimum size.
struct TooSmallView {
  var size: Size

  func render(into buffer: inout ScreenBuffer) {
    let minimum = AppModel.minimumSize
    let message = [
      "Terminal too small: \(size.columns)×\(size.rows).",
      "PayDrill needs at least \(minimum.columns)×\(minimum.rows).",
      "Enlarge the window to continue; Ctrl-C quits.",
    ]
    let lines = message.flatMap { WrappedText.lines($0, width: buffer.width) }
    let top = max(0, (buffer.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() where top + offset < buffer.height {
      let x = max(0, (buffer.width - DisplayWidth.of(line)) / 2)
      buffer.write(line, x: x, y: top + offset, role: offset == 0 ? .error : .normal)
    }
  }
}
