import PayDrillApp
import TerminalUI

/// The frames the fuzzer draws and checks, drawn into two buffers in turn, as the runtime draws into one:
/// the last frame found sound stays whole beside the new one, so a row that holds the very glyphs it held
/// there is not checked again. That is exact, not a sample: the screen check and the secret check each look
/// at a row by itself (the buffer's size aside, which is checked every frame), and a row the secret check
/// found clean stays clean with more echoes (a number echoed then is echoed still; the harness only adds
/// echoes). Every other row is checked as `FuzzScreenCheck` and `FuzzSecretCheck` check a whole frame, in
/// the same order, so the violation found is the one they would find.
struct FuzzFrames {
  private let secrets: FuzzSecretCheck
  /// The last frame found sound, with the echoes it was checked with, and a buffer to draw the next into.
  private var sound: (buffer: ScreenBuffer, echoes: [String])?
  private var spare: ScreenBuffer?
  /// Room for the bytes of each row.
  private var codes: [[UInt8]] = []
  /// How many rows were not checked again, their glyphs those of the last sound frame: tests see that the
  /// frames they check took that path.
  private(set) var rowsKept = 0

  init(secrets: FuzzSecretCheck) {
    self.secrets = secrets
  }

  /// Draws the model's frame and checks it.
  mutating func check(_ model: AppModel, echoes: [String]) -> FuzzViolation? {
    check(size: model.size, echoes: echoes) { RootView.render(model, into: &$0) }
  }

  /// Draws a frame of `size` with `draw`, which writes every cell of the buffer it is given whatever it held
  /// (as `RootView.render(_:into:)` does), and checks it: the screen's invariants, then its secrets.
  mutating func check(size: Size, echoes: [String], draw: (inout ScreenBuffer) -> Void) -> FuzzViolation? {
    var buffer = spare.take() ?? ScreenBuffer(size: size)
    if buffer.width != max(0, size.columns) || buffer.height != max(0, size.rows) {
      buffer = ScreenBuffer(size: size)
    }
    draw(&buffer)
    var rows = Array(0..<buffer.height)
    if codes.count != buffer.height { codes = Array(repeating: [], count: buffer.height) }
    if let sound, echoes.starts(with: sound.echoes) {
      rows.removeAll { sound.buffer.holdsSameGlyphs(inRow: $0, as: buffer) }
      rowsKept += buffer.height - rows.count
    }
    // Each row checked is read as bytes once, for both checks.
    for y in rows { buffer.asciiCodes(ofRow: y, into: &codes[y]) }
    if let violation = FuzzScreenCheck.check(buffer, size: size, rows: rows, codes: codes)
      ?? secrets.check(buffer, rows: rows, codes: codes, echoes: echoes)
    {
      spare = buffer
      return violation
    }
    spare = sound?.buffer
    sound = (buffer, echoes)
    return nil
  }
}
