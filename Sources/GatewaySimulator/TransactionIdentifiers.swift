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

  /// A run's part of its payments' idempotency keys: eight hex digits drawn from the run's seed (apart from
  /// its transaction ids), so that a new run's keys are its own and a run repeated with `--seed` has the
  /// same.
  public static func runTag(seed: UInt64) -> String {
    String(TransactionIdentifiers(seed: seed ^ 0x4B45_5953_4B45_5953).next().prefix(8))
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
      return Self.uuidText(bytes)
    }
  }

  /// Sixteen bytes written as a UUID is (8-4-4-4-12 hex digits), in lower case: the text of
  /// `UUID(uuid:).uuidString.lowercased()`, without Foundation formatting each byte with `snprintf` and
  /// the result lower-cased again (most of a payment's authorisation, in the simulated gateway).
  static func uuidText(_ bytes: [UInt8]) -> String {
    precondition(bytes.count == 16, "a UUID is sixteen bytes")
    let digits: StaticString = "0123456789abcdef"
    return String(unsafeUninitializedCapacity: 36) { text in
      var end = 0
      for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          text[end] = UInt8(ascii: "-")
          end += 1
        }
        text[end] = digits.utf8Start[Int(byte >> 4)]
        text[end + 1] = digits.utf8Start[Int(byte & 0x0F)]
        end += 2
      }
      return end
    }
  }
}
