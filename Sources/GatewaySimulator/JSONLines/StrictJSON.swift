import Foundation

/// Reading `JSONSerialization`'s values strictly: Foundation bridges `1` and `true` to each other, the
/// JSON Lines protocols do not.
public enum StrictJSON {
  /// A JSON integer (not a boolean, not a fraction), or nil.
  public static func integer(_ value: Any?) -> Int64? {
    guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
    let integer = number.int64Value
    return Double(integer) == number.doubleValue ? integer : nil
  }

  /// A JSON `true` or `false` (not a number), or nil.
  public static func boolean(_ value: Any?) -> Bool? {
    guard let number = value as? NSNumber, isBoolean(number) else { return nil }
    return number.boolValue
  }

  private static func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }
}
