import CNcursesw
import Foundation
import Platform
import TerminalUI

/// The real terminal, through ncurses: it owns `initscr` … `endwin`, puts frames on screen by copying only the
/// cells that changed, and reads keys (wide characters, resizes).
public final class NcursesTerminal: Backend {
  private let theme: Theme
  private var previous: ScreenBuffer?
  private var styles: [StyleRole: (attributes: attr_t, pair: Int16)] = [:]
  private var pairs: [PairKey: Int16] = [:]
  private let colorCount: Int
  /// Whether the terminal takes -1 as its own default colour (`use_default_colors`).
  private var hasDefaultColors = false
  /// Whether only ASCII may be drawn (the locale is not UTF-8): cells go through `AsciiGlyphs`.
  private let asciiOnly: Bool
  private var isOpen = true

  private struct PairKey: Hashable {
    var foreground: Int
    var background: Int
  }

  /// Opens the terminal. Call only when standard input and output are a terminal that `TerminalProbe` found
  /// usable. `asciiOnly` draws every cell in ASCII (a locale without UTF-8).
  public init(theme: Theme, useColor: Bool, asciiOnly: Bool = false) {
    setlocale(LC_ALL, "")
    self.asciiOnly = asciiOnly
    initscr()
    raw()
    noecho()
    nonl()
    keypad(cn_stdscr(), true)
    set_escdelay(25)
    curs_set(0)
    // Clicks of the first button arrive as KEY_MOUSE, at once (no wait to tell a click from a double one).
    mousemask(cn_button1_pressed(), nil)
    mouseinterval(0)
    if useColor && has_colors() {
      start_color()
      hasDefaultColors = use_default_colors() != cn_err()
      colorCount = Int(cn_colors())
    } else {
      colorCount = 0
    }
    self.theme = colorCount > 0 ? theme : theme.withoutColors
  }

  deinit { close() }

  /// Gives the terminal back exactly as it was found.
  public func close() {
    guard isOpen else { return }
    isOpen = false
    mousemask(0, nil)
    endwin()
  }

  public var size: Size { Size(columns: Int(cn_cols()), rows: Int(cn_lines())) }

  /// Whether the terminal's input ended (it hung up: the window closed, with or without a SIGHUP). Reading
  /// then returns at once, so the program must end rather than poll it.
  public private(set) var inputEnded = false

  /// The number of colours the terminal reports (0 without colour).
  public var colors: Int { colorCount }

  public func present(_ buffer: ScreenBuffer) {
    let window = cn_stdscr()
    if let last = previous, last.width != buffer.width || last.height != buffer.height {
      previous = nil
    }
    if previous == nil { werase(window) }
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        let cell = buffer[x, y]
        if cell.isContinuation { continue }
        if let last = previous, last.holdsSameCell(atX: x, y: y, as: buffer) { continue }
        put(cell, of: buffer, x: x, y: y, window: window)
      }
    }
    previous = buffer
    wnoutrefresh(window)
    doupdate()
  }

  /// Forgets what is on screen so the next frame is drawn whole (after a resize or a resume).
  public func invalidate() {
    previous = nil
    clearok(cn_stdscr(), true)
  }

  private func put(
    _ cell: Cell, of buffer: ScreenBuffer, x: Int, y: Int, window: UnsafeMutablePointer<WINDOW>?
  ) {
    let style = resolvedStyle(cell.role)
    guard asciiOnly else {
      // One scalar (nearly every cell) is drawn as it is; a cluster as its text.
      if let scalar = cell.glyph.scalar { return draw(scalar, style: style, x: x, y: y, window: window) }
      return draw(buffer.grapheme(of: cell), style: style, x: x, y: y, window: window)
    }
    // Without UTF-8: one ASCII character a column (a wide grapheme is "?" and a space).
    let ascii = AsciiGlyphs.ascii(for: buffer.grapheme(of: cell), width: Int(cell.width))
    for (offset, character) in ascii.unicodeScalars.enumerated() {
      draw(character, style: style, x: x + offset, y: y, window: window)
    }
  }

  /// Draws a cluster: its scalars, as ncurses keeps a spacing character and the zero-width ones after it.
  private func draw(
    _ grapheme: String, style: (attributes: attr_t, pair: Int16), x: Int, y: Int,
    window: UnsafeMutablePointer<WINDOW>?
  ) {
    let scalars = grapheme.unicodeScalars
    guard scalars.count > 1 else {
      return draw(scalars.first ?? " ", style: style, x: x, y: y, window: window)
    }
    var complex = cchar_t()
    let characters = scalars.map { wchar_t(bitPattern: $0.value) } + [0]
    _ = setcchar(&complex, characters, style.attributes, style.pair, nil)
    _ = mvwadd_wch(window, Int32(y), Int32(x), &complex)
  }

  /// Draws one character (nearly every cell): no array to allocate.
  private func draw(
    _ scalar: Unicode.Scalar, style: (attributes: attr_t, pair: Int16), x: Int, y: Int,
    window: UnsafeMutablePointer<WINDOW>?
  ) {
    var complex = cchar_t()
    var characters: (wchar_t, wchar_t) = (wchar_t(bitPattern: scalar.value), 0)
    withUnsafePointer(to: &characters) { pair in
      pair.withMemoryRebound(to: wchar_t.self, capacity: 2) {
        _ = setcchar(&complex, $0, style.attributes, style.pair, nil)
      }
    }
    _ = mvwadd_wch(window, Int32(y), Int32(x), &complex)
  }

  /// The role of the cell put last and its style: neighbouring cells mostly share a role.
  private var lastStyle: (role: StyleRole, attributes: attr_t, pair: Int16)?

  private func resolvedStyle(_ role: StyleRole) -> (attributes: attr_t, pair: Int16) {
    if let last = lastStyle, last.role == role { return (last.attributes, last.pair) }
    let style = lookUpStyle(role)
    lastStyle = (role, style.attributes, style.pair)
    return style
  }

  private func lookUpStyle(_ role: StyleRole) -> (attributes: attr_t, pair: Int16) {
    if let known = styles[role] { return known }
    let style = theme.style(for: role)
    var attributes = cn_attr_normal()
    if style.bold { attributes |= cn_attr_bold() }
    if style.dim { attributes |= cn_attr_dim() }
    if style.underline { attributes |= cn_attr_underline() }
    if style.reverse { attributes |= cn_attr_reverse() }
    var pair: Int16 = 0
    if colorCount > 0 {
      let colors = TerminalColor.readablePair(
        foreground: style.foreground, background: style.background, colorCount: colorCount)
      // Without default colours, the terminal's own colours are taken as white on black.
      let key = PairKey(
        foreground: colors.foreground < 0 && !hasDefaultColors ? 7 : colors.foreground,
        background: colors.background < 0 && !hasDefaultColors ? 0 : colors.background)
      if let existing = pairs[key] {
        pair = existing
      } else if pairs.count + 1 < Int(cn_color_pairs()) {
        pair = Int16(pairs.count + 1)
        init_pair(pair, Int16(key.foreground), Int16(key.background))
        pairs[key] = pair
      }
    }
    styles[role] = (attributes, pair)
    return (attributes, pair)
  }

  /// The next key already typed, without waiting: what ncurses holds (the rest of an escape sequence or a
  /// paste it read ahead) or what standard input has; nil when there is none, and the caller may sleep until
  /// standard input is readable. Input that is no key PayDrill knows (another mouse button, an unknown
  /// function key) is passed over.
  public func readKey() -> KeyEvent? {
    let window = cn_stdscr()
    wtimeout(window, 0)
    while true {
      var character: wint_t = 0
      let status = asciiOnly ? readByte(window, into: &character) : wget_wch(window, &character)
      if status == cn_err() {
        if Self.inputHungUp() { inputEnded = true }
        return nil
      }
      if let key = key(status: status, character: character) { return key }
    }
  }

  private func key(status: Int32, character: wint_t) -> KeyEvent? {
    if status == cn_key_code_yes() {
      if Int32(character) == cn_key_mouse() {
        var event = MEVENT()
        guard getmouse(&event) == OK, event.bstate & cn_button1_pressed() != 0 else { return nil }
        return .click(x: Int(event.x), y: Int(event.y))
      }
      return functionKey(Int32(character))
    }
    switch character {
    case 3: return .interrupt
    case 9: return .tab
    case 10, 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    default:
      guard let scalar = Unicode.Scalar(UInt32(character)) else { return nil }
      return .character(Character(scalar))
    }
  }

  /// Takes the window's size from the kernel after a SIGWINCH (which PayDrill watches itself rather than
  /// leave to ncurses' handler, so that the signal also wakes its sleeping loop): ncurses resizes its screen
  /// and, when the size changed, queues `KEY_RESIZE`, which `readKey` then returns as `.resize`.
  public func windowResized() {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard cn_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 else { return }
    resizeterm(rows, columns)
  }

  /// Whether standard input hung up or failed (a closed terminal), asked without waiting (`poll` on Linux,
  /// `select` on Darwin: `DescriptorWait`).
  private static func inputHungUp() -> Bool {
    DescriptorWait.hungUp(STDIN_FILENO)
  }

  /// `wget_wch` for a locale without UTF-8, where it would swallow every key after a non-ASCII byte: reads
  /// bytes (`wgetch`) and turns each UTF-8 sequence into one `?` (its lead byte; the others are skipped).
  private func readByte(_ window: UnsafeMutablePointer<WINDOW>?, into character: inout wint_t) -> Int32 {
    var code = wgetch(window)
    while (0x80..<0xC0).contains(code) { code = wgetch(window) }
    if code == cn_err() { return cn_err() }
    if code >= KEY_MIN {
      character = wint_t(code)
      return cn_key_code_yes()
    }
    character = wint_t(code >= 0xC0 ? 0x3F : code)
    return OK
  }

  private func functionKey(_ code: Int32) -> KeyEvent? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_BTAB: return .backTab
    case KEY_BACKSPACE: return .backspace
    case KEY_DC: return .delete
    case KEY_ENTER: return .enter
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_RESIZE:
      invalidate()
      return .resize(size)
    default: return nil
    }
  }

  /// Leaves curses mode for a moment (before suspending): the shell gets its terminal modes and screen back.
  public func suspend() { endwin() }

  /// Comes back after `suspend()`: the next frame is drawn whole (the shell drew over the screen).
  public func resume() {
    invalidate()
    doupdate()
  }

  /// Comes back after a stop PayDrill did not make (`kill -STOP`, then `fg`): the shell may have put the
  /// terminal back in its own (cooked, echoing) mode meanwhile, so the program mode is restored (raw input,
  /// keypad, mouse, the alternate screen), not only the screen redrawn.
  public func restoreProgramMode() {
    endwin()
    resume()
  }

  /// The width in columns of the terminal standard output is, or nil when it is no terminal (a pipe, a file):
  /// `paydrill history` fits its table to it.
  public static var outputColumns: Int? {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard cn_window_size(STDOUT_FILENO, &rows, &columns) == 0, columns > 0 else { return nil }
    return Int(columns)
  }

  /// Whether both standard input and standard output are a terminal.
  public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Makes a crash (a trap, a segmentation fault, an abort) give the terminal back before the process dies.
  public static func restoreTerminalOnCrash() {
    for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      _ = Foundation.signal(signal) { number in
        endwin()
        StandardErrorHold.release()
        _ = Foundation.signal(number, SIG_DFL)
        raise(number)
      }
    }
  }
}
