import Foundation

/// An exact amount of money: an integer count of minor units in a currency. Never a floating-point number.
public struct Money: Hashable, Sendable {
  /// The amount in the currency's minor units (cents for USD, yen for JPY, fils for BHD).
  public var minorUnits: Int64
  public var currency: Currency

  public init(minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }

  /// Zero in a currency.
  public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

  /// The amount as an exact `Decimal` of major units (for formatting only, never for arithmetic).
  public var decimalValue: Decimal {
    Decimal(minorUnits) / Decimal(currency.minorUnitsPerMajor)
  }

  /// The amount written with a dot and exactly the currency's exponent of decimals ("49.99", "1235", "1.300").
  public var plainString: String {
    withPlainUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  /// The longest `plainString` can be: a sign, the 19 digits of an Int64, a dot and a leading zero.
  public static let plainUTF8Capacity = 24

  /// Calls `body` with `plainString`'s UTF-8, written right to left into a buffer on the stack. An event's
  /// payload lists several amounts: a string for each part of each amount (sign, units, padded decimals)
  /// cost more than the rest of the update it describes.
  public func withPlainUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.plainUTF8Capacity) { buffer in
      var magnitude = minorUnits.magnitude
      var start = buffer.count
      func write(_ byte: UInt8) {
        start -= 1
        buffer[start] = byte
      }
      for _ in 0..<currency.exponent {
        write(UInt8(ascii: "0") + UInt8(magnitude % 10))
        magnitude /= 10
      }
      if currency.exponent > 0 { write(UInt8(ascii: ".")) }
      repeat {
        write(UInt8(ascii: "0") + UInt8(magnitude % 10))
        magnitude /= 10
      } while magnitude > 0
      if minorUnits < 0 { write(UInt8(ascii: "-")) }
      return body(UnsafeBufferPointer(rebasing: buffer[start...]))
    }
  }

  /// The sum of two amounts in the same currency; nil when the currencies differ or the sum overflows.
  public func adding(_ other: Money) -> Money? {
    guard other.currency == currency else { return nil }
    let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
    return overflow ? nil : Money(minorUnits: sum, currency: currency)
  }

  /// Whether the amount is no more than PayDrill charges (`AmountParser.maximumMinorUnits`): a total above
  /// it is refused, never sent to the gateway.
  public var isWithinAmountLimit: Bool { minorUnits <= AmountParser.maximumMinorUnits }

  /// What a total past the limit is, in the words of an error message.
  public static var amountLimitText: String {
    "more than \(AmountParser.maximumMinorUnits) minor units, the most an amount can be"
  }

  /// The amount multiplied by a whole quantity; nil on overflow.
  public func multiplied(by quantity: Int) -> Money? {
    let (product, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(quantity))
    return overflow ? nil : Money(minorUnits: product, currency: currency)
  }
}
