/// A cell's grapheme, as it is stored, and its width: two cells of one buffer with equal glyphs hold the very
/// same bytes at the same width (canonically equivalent graphemes, é and e with a combining accent, are
/// different glyphs). What a check of every frame learns about one glyph holds for each cell of it, so it
/// is learnt once a frame; comparing and hashing a glyph costs a few instructions, a `String` a few hundred.
/// Glyphs are compared within one buffer while it is unchanged: a long grapheme is stored elsewhere, and its
/// glyph is where.
public struct StoredGlyph: Hashable, Sendable {
  let low: UInt64
  let high: UInt64
  let width: UInt8
}
