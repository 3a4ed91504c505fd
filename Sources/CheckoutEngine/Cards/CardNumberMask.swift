import Foundation

/// Card numbers taken out of free text (a plugin's message, a tape's report): every run of 12 to 19 digits,
/// written whole or in groups with single spaces or hyphens between them (`4242 4242 4242 4242`), is cut to
/// its last four (`••••4242`).
public enum CardNumberMask {
  public static func masked(_ text: String) -> String {
    guard text.contains(where: \.isNumber) else { return text }
    return text.replacingOccurrences(
      of: #"(?<![0-9])(?:[0-9][ -]?){8,15}([0-9]{4})(?![0-9])"#, with: "••••$1", options: .regularExpression)
  }
}
