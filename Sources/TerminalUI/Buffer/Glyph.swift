/// What a cell shows, as one plain number: a Unicode scalar for a grapheme of one scalar (nearly every cell:
/// ASCII, Latin, box drawing, CJK, an emoji), the index of a longer cluster in its buffer's `ClusterTable`
/// (a letter with a combining mark), or nothing (the right half of a wide grapheme).
///
/// A scalar's value is below 0x110000, so the numbers above it are free for the rest. An ASCII glyph's code
/// is its value: the checks that read every cell of every frame (the screen's text, the fuzzer's checks, the
/// masking of card numbers) read a field, and two glyphs compare as two integers.
public struct Glyph: Hashable, Sendable {
  /// A scalar's value, `empty`'s, or `firstCluster` plus a cluster's index.
  public let value: UInt32

  /// The first value after the scalars: no grapheme.
  public static let empty = Glyph(value: 0x11_0000)
  /// The value of a buffer's first cluster.
  static let firstCluster: UInt32 = 0x11_0001

  /// The glyph of a grapheme of one scalar.
  public init(_ scalar: Unicode.Scalar) {
    value = scalar.value
  }

  private init(value: UInt32) {
    self.value = value
  }

  /// The glyph of a buffer's cluster at `index`.
  static func cluster(_ index: Int) -> Glyph {
    Glyph(value: firstCluster + UInt32(index))
  }

  /// The scalar, when the grapheme is one.
  public var scalar: Unicode.Scalar? {
    value < Self.empty.value ? Unicode.Scalar(value) : nil
  }

  /// Where the buffer keeps the cluster, when the grapheme is longer than one scalar.
  var clusterIndex: Int? {
    value >= Self.firstCluster ? Int(value - Self.firstCluster) : nil
  }

  /// The ASCII code, when the grapheme is one ASCII character; `ScreenBuffer.notASCII` otherwise.
  @inline(__always)
  public var asciiCode: UInt8 {
    value < 0x80 ? UInt8(truncatingIfNeeded: value) : ScreenBuffer.notASCII
  }
}
