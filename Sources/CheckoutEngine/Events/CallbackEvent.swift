import Foundation

/// The SDK callbacks PayDrill fires, with the SDK's names.
public enum CallbackName: String, Sendable, Codable, CaseIterable {
  case onBeforeSubmit
  case onSubmit
  case onSuccess
  case onError
  case onPreAuthorisation
  case onPostAuthorisation
  case onCancel
  case onShippingContactSelected
  case onShippingMethodSelected
  case onPaymentMethodSelected
  case onCouponCodeChanged
  /// A payment method moved to another state (`PLUGIN_INCOMPATIBLE`, `PARTNER_UI_FATAL_ERROR`, …).
  case methodStateChanged
  /// The Apple Pay plugin's `/init` answered.
  case applePayInit
  /// Plugin event: `/init` failed.
  case initFailed
  /// Plugin event: the sheet could not present, or the token could not be read.
  case clientError
  /// The AVS session update: the address check's result, before 3-D Secure.
  case addressVerification
  /// 3-D Secure's result (`transStatus`, ECI) or its challenge.
  case threeDSecure
  /// The seed's Apple Pay timeline step "Session update with `allowTransaction: true`": once pre-authorisation
  /// let the payment through, Drop-in updates the session before the gateway authorises.
  case sessionUpdate
  /// PayDrill's own: the merchant hook process gave no usable answer to a callback (it crashed, hung past
  /// the callback's limit or answered garbage).
  case merchantHookFailed
  /// PayDrill's own: an answer arrived for a request the checkout no longer waited for (it came late, twice,
  /// or for a sheet that closed) and changed nothing.
  case answerDropped
  /// PayDrill's own: what the merchant answered to an Apple Pay sheet callback (the update PassKit applied:
  /// its summary items and total, shipping methods and errors), right after the callback, so that request
  /// and reply are read side by side.
  case sheetUpdated
  /// PayDrill's own: a request of the merchant's backend reached the simulated API over HTTP (`paydrill
  /// --serve`): its method, path and status, and the reason of a refusal or the session it created.
  case httpRequest

  /// Whether this is one of the merchant's callbacks (`on…`), as opposed to a plugin or method-state event.
  public var isMerchantCallback: Bool { rawValue.hasPrefix("on") }
}

/// A value in a callback's payload.
public enum EventValue: Hashable, Sendable, CustomStringConvertible {
  case string(String)
  case integer(Int64)
  case bool(Bool)

  public var description: String {
    switch self {
    case .string(let text): return text
    case .integer(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    }
  }
}

/// One field of a callback's payload, kept in the order the callback's documentation lists them.
public struct EventDetail: Hashable, Sendable {
  public var key: String
  public var value: EventValue

  public init(_ key: String, _ value: EventValue) {
    self.key = key
    self.value = value
  }
}

/// A merchant callback as it fired: its place in the run, when, for which method, and its payload in short.
/// Payloads hold last fours and codes, never a full card number or a key.
public struct CallbackEvent: Hashable, Sendable {
  /// 1 for the first callback of a run, then 2, 3, …
  public var sequence: Int
  public var time: Date
  public var name: CallbackName
  public var method: DropInPaymentMethod?
  public var details: [EventDetail]

  /// An event as the engine records it (the test stores and the ledger's readers build them too).
  public init(
    sequence: Int, time: Date, name: CallbackName, method: DropInPaymentMethod?, details: [EventDetail]
  ) {
    self.sequence = sequence
    self.time = time
    self.name = name
    self.method = method
    self.details = details
  }

  /// The payload value for a key, if present.
  public subscript(key: String) -> EventValue? {
    details.first { $0.key == key }?.value
  }

  /// The event as one line of JSON: `{"event":"onSubmit","seq":2,"time":"…","method":"card",…}`, keys in
  /// that order and then the payload's, so a JSON Lines file reads like the event pane.
  public func jsonLine() -> String {
    "{" + jsonFields.map { "\($0):\($1)" }.joined(separator: ",") + "}"
  }

  /// The same object pretty-printed, a field a line in the same order: what the event inspector shows and
  /// copies, whole.
  public func prettyJSON() -> String {
    "{\n" + jsonFields.map { "  \($0): \($1)" }.joined(separator: ",\n") + "\n}"
  }

  /// The object's keys and values as JSON text, in the event pane's order.
  private var jsonFields: [(String, String)] {
    var fields: [(String, String)] = [
      ("event", Self.json(name.rawValue)),
      ("seq", String(sequence)),
      ("time", Self.json(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(time))),
    ]
    if let method { fields.append(("method", Self.json(method.rawValue))) }
    for detail in details {
      switch detail.value {
      case .string(let text): fields.append((detail.key, Self.json(text)))
      case .integer(let number): fields.append((detail.key, String(number)))
      case .bool(let flag): fields.append((detail.key, flag ? "true" : "false"))
      }
    }
    return fields.map { (Self.json($0.0), $0.1) }
  }

  /// A JSON string literal, escaped by Foundation's encoder. Printable ASCII without a quote or a backslash
  /// (nearly every key and value) is written as it is between quotes, which is what the encoder writes for
  /// it (it escapes only control characters, `"` and `\`), without its cost: every event is written as a
  /// line many times over (the events file, the ledger, the fuzzer's checks).
  static func json(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
      return "\"" + text + "\""
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let data = (try? encoder.encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }
}
