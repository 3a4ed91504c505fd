import StrictJSON

/// The scenario's declarative answer to `onBeforeSubmit`: whether the merchant lets the submission go on, and
/// the message it shows when it does not (for example "Please accept terms and conditions").
public struct BeforeSubmitRule: Codable, Equatable, Sendable {
  /// `true` lets the payment proceed, `false` blocks it.
  public var allow: Bool
  /// What the merchant shows when it blocks the submission.
  public var message: String?
  /// The methods the rule applies to; empty or missing means every method.
  public var methods: [DropInPaymentMethod]

  public init(allow: Bool, message: String? = nil, methods: [DropInPaymentMethod] = []) {
    self.allow = allow
    self.message = message
    self.methods = methods
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    allow = try container.decode(Bool.self, forKey: .allow)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    let names = try container.decodeIfPresent([String].self, forKey: .methods) ?? []
    methods = try names.enumerated().map { index, name in
      guard let method = DropInPaymentMethod(rawValue: name) else {
        let known = DropInPaymentMethod.allCases.map(\.rawValue).joined(separator: ", ")
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: container.codingPath + [CodingKeys.methods, PathKey(index)],
            debugDescription: "unknown payment method \"\(name)\" (expected one of \(known))"))
      }
      return method
    }
  }

  /// The merchant's verdict for a method.
  public func verdict(for method: DropInPaymentMethod) -> BeforeSubmitVerdict {
    guard methods.isEmpty || methods.contains(method) else { return BeforeSubmitVerdict(allowed: true) }
    return BeforeSubmitVerdict(allowed: allow, message: allow ? nil : message)
  }
}

/// What `onBeforeSubmit` returned: `true` to proceed, or `false` with the merchant's message.
public struct BeforeSubmitVerdict: Equatable, Sendable {
  public var allowed: Bool
  public var message: String?

  public init(allowed: Bool, message: String? = nil) {
    self.allowed = allowed
    self.message = message
  }
}

extension BeforeSubmitRule {
  /// The keys a file may hold, all of them (the strict decoder refuses others).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case allow, message, methods
  }
}
