import Foundation
import Synchronization

/// Transaction ids drawn from a seed: UUID-shaped, different every time, and the same sequence for the same
/// seed, so a replay with `--seed N` gives the same ids as the recording.
public final class TransactionIdentifiers: Sendable {
  private let random: Mutex<SeededRandom>

  public init(seed: UInt64) {
    // Apart from the latency's sequence, so that changing one does not shift the other.
    random = Mutex(SeededRandom(seed: seed ^ 0x5452_414E_5341_4354))
  }

  /// The next id, lower-case like the gateway's.
  public func next() -> String {
    random.withLock { random in
      var bytes = [UInt8](repeating: 0, count: 16)
      for index in stride(from: 0, to: 16, by: 8) {
        withUnsafeBytes(of: random.next().littleEndian) { bytes.replaceSubrange(index..<index + 8, with: $0) }
      }
      bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
      bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
      let uuid = UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
          bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
      return uuid.uuidString.lowercased()
    }
  }
}
