import Foundation

/// Foundation's case-insensitive comparison and whitespace trimming, with the same answers, without
/// Foundation's cost for the usual text: ASCII codes, country codes, coupons and identifiers, which the
/// reducer and the merchant rules compare and trim on every step of a checkout.
extension StringProtocol {
  /// `caseInsensitiveCompare(other) == .orderedSame`.
  func equalsIgnoringCase<Other: StringProtocol>(_ other: Other) -> Bool {
    // Both in contiguous UTF-8 (native strings are): compared as buffers, without an iterator over the two.
    let contiguous = utf8.withContiguousStorageIfAvailable { mine in
      other.utf8.withContiguousStorageIfAvailable { theirs in Self.asciiEqualsIgnoringCase(mine, theirs) }
    }
    if let known = contiguous ?? nil, let answer = known { return answer }
    let mine = utf8
    let theirs = other.utf8
    guard mine.allSatisfy({ $0 < 0x80 }), theirs.allSatisfy({ $0 < 0x80 }) else {
      return caseInsensitiveCompare(other) == .orderedSame
    }
    return mine.count == theirs.count
      && zip(mine, theirs).allSatisfy { Self.asciiLower($0) == Self.asciiLower($1) }
  }

  /// Whether two ASCII texts are equal but for case; nil when either is not ASCII.
  private static func asciiEqualsIgnoringCase(
    _ mine: UnsafeBufferPointer<UInt8>, _ theirs: UnsafeBufferPointer<UInt8>
  ) -> Bool? {
    var bits: UInt8 = 0
    for byte in mine { bits |= byte }
    for byte in theirs { bits |= byte }
    guard bits < 0x80 else { return nil }
    guard mine.count == theirs.count else { return false }
    for index in mine.indices where asciiLower(mine[index]) != asciiLower(theirs[index]) { return false }
    return true
  }

  private static func asciiLower(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  /// `trimmingCharacters(in: .whitespaces)`: without the tab and the space separators (Unicode's Zs) at
  /// either end.
  public func trimmingWhitespace() -> String {
    let scalars = String(self).unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return "" }
    if Self.isSolid(first), Self.isSolid(last) { return String(self) }
    guard let start = scalars.firstIndex(where: { !Self.isWhitespace($0) }) else { return "" }
    let end = scalars.lastIndex(where: { !Self.isWhitespace($0) })!
    return String(scalars[start...end])
  }

  /// An ASCII scalar that is not whitespace: known without a property look-up.
  private static func isSolid(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && scalar != " " && scalar != "\t"
  }

  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
  }
}
