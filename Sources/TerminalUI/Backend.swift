/// Where frames go: a real terminal (ncurses) or memory (tests, tapes, the benchmark).
public protocol Backend: AnyObject {
  /// The screen's current size.
  var size: Size { get }
  /// Shows a frame.
  func present(_ buffer: ScreenBuffer)
}

/// A backend that keeps the last frame in memory, for headless runs and tests.
public final class MemoryBackend: Backend {
  public var size: Size
  /// The frame last presented.
  public private(set) var lastFrame: ScreenBuffer
  /// How many frames were presented.
  public private(set) var frameCount = 0

  public init(size: Size) {
    self.size = size
    lastFrame = ScreenBuffer(size: size)
  }

  public func present(_ buffer: ScreenBuffer) {
    lastFrame = buffer
    frameCount += 1
  }
}
