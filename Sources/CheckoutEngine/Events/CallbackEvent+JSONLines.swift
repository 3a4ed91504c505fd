import Foundation
import StrictJSON

extension CallbackEvent {
  /// Events as JSON Lines: one `jsonLine()` per event, each ending with a newline.
  public static func jsonLines(_ events: [CallbackEvent]) -> String {
    events.map { $0.jsonLine() + "\n" }.joined()
  }

  /// The event a `jsonLine()` wrote (the ledger keeps its attempts' events so), its payload in the order it
  /// was written; nil for a line that is not one (a ledger's line from an older PayDrill).
  public init?(jsonLine: String) {
    guard case .object(let members)? = try? JSONReader.read(jsonLine) else { return nil }
    var name: CallbackName?
    var sequence: Int?
    var time: Date?
    var method: DropInPaymentMethod?
    var details: [EventDetail] = []
    for member in members {
      switch (member.key, member.value) {
      case ("event", .string(let text)): name = CallbackName(rawValue: text)
      case ("seq", .number(let text)): sequence = Int(text)
      case ("time", .string(let text)):
        time = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
      case ("method", .string(let text)): method = DropInPaymentMethod(rawValue: text)
      case (let key, .string(let text)): details.append(EventDetail(key, .string(text)))
      case (let key, .bool(let flag)): details.append(EventDetail(key, .bool(flag)))
      case (let key, .number(let text)):
        guard let number = Int64(text) else { return nil }
        details.append(EventDetail(key, .integer(number)))
      default: return nil
      }
    }
    guard let name, let sequence, let time else { return nil }
    self.init(sequence: sequence, time: time, name: name, method: method, details: details)
  }
}
