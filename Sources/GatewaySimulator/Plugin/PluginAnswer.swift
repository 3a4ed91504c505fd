import CheckoutEngine
import Foundation

/// A gateway plugin's answer to `authorise` or `threeDSecureResult`, as it came over the pipe: the decision
/// and what goes with it, and the PSP's own `resultCode` and `avsResult`, kept for reporting.
public struct PluginAnswer: Equatable, Sendable {
  /// The plugin's `"result"`.
  public enum Decision: String, Equatable, Sendable, CaseIterable {
    case approved, declined, challenge, redirect
  }

  public var result: Decision
  public var systemTransactionId: String?
  public var errorCode: String?
  public var errorMessage: String?
  /// A frictionless 3-D Secure `transStatus` ("Y", "A", …) that came with an approval.
  public var transStatus: String?
  public var acsTransactionId: String?
  public var returnURL: String?
  /// The PSP's own result code ("Authorised", "Refused", …).
  public var resultCode: String?
  /// The address verification result ("Y", "N", …).
  public var avsResult: String?
}

extension PluginAnswer {
  /// Reads an answer line, checking what each `result` needs; `requestType` names the request in errors.
  /// Throws `PLUGIN_PROTOCOL_ERROR`.
  public init(line: Data, requestType: String) throws(SdkError) {
    let text = String(decoding: line, as: UTF8.self)
    guard let object = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any] else {
      throw PluginError.protocolError(type: requestType, expected: "one JSON object per line", got: text)
    }
    func string(_ key: String) throws(SdkError) -> String? {
      guard let value = object[key], !(value is NSNull) else { return nil }
      guard let string = value as? String else {
        throw PluginError.protocolError(type: requestType, expected: "\"\(key)\" as a string", got: text)
      }
      return string
    }
    func required(_ key: String, for result: Decision) throws(SdkError) -> String {
      guard let value = try string(key), !value.isEmpty else {
        throw PluginError.protocolError(
          type: requestType, expected: "\"\(key)\" with \"result\": \"\(result.rawValue)\"", got: text)
      }
      return value
    }
    let choices = Decision.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    guard let raw = object["result"] as? String, let result = Decision(rawValue: raw) else {
      throw PluginError.protocolError(type: requestType, expected: "\"result\": one of \(choices)", got: text)
    }
    self.init(
      result: result, systemTransactionId: try string("systemTransactionId"),
      errorCode: try string("errorCode"),
      errorMessage: try string("errorMessage"), transStatus: try string("transStatus"),
      acsTransactionId: try string("acsTransactionId"), returnURL: try string("returnURL"),
      resultCode: try string("resultCode"), avsResult: try string("avsResult"))
    switch result {
    case .approved:
      _ = try required("systemTransactionId", for: result)
    case .redirect:
      _ = try required("systemTransactionId", for: result)
      _ = try required("returnURL", for: result)
    case .challenge:
      _ = try required("acsTransactionId", for: result)
    case .declined:
      _ = try required("errorCode", for: result)
    }
    if let avsResult, AddressVerificationResult(rawValue: avsResult) == nil {
      let letters = AddressVerificationResult.allCases.map(\.rawValue).joined(separator: ", ")
      throw PluginError.protocolError(
        type: requestType, expected: "\"avsResult\": one of \(letters)", got: text)
    }
  }

  /// The answer as the engine takes it, for the request it answers: the decision, with the plugin's
  /// `resultCode` and `avsResult` reported beside it.
  /// An `avsResult` counts only when the request carried an address to verify: for PayPal, Paze, or a card
  /// form without a postcode, nothing was checked, and an AVS event would say otherwise.
  public func outcome(for request: AuthorisationRequest) -> AuthorisationOutcome {
    let verified = request.addressVerification == nil ? nil : avsResult
    return decision(for: request).reporting(
      GatewayReport(
        addressVerification: verified.flatMap(AddressVerificationResult.init(rawValue:)),
        resultCode: resultCode))
  }

  private func decision(for request: AuthorisationRequest) -> AuthorisationOutcome {
    let scheme = request.card?.number.scheme ?? .visa
    let id = systemTransactionId ?? ""
    switch result {
    case .approved:
      // PayPal and Paze authenticate the buyer themselves: a `transStatus` there is no 3-D Secure of this
      // payment, and a threeDSecure event in their flows would say otherwise.
      let authenticates = request.method == .card || request.method == .applePay
      guard let transStatus, !transStatus.isEmpty, authenticates else {
        return .approved(systemTransactionId: id)
      }
      return .approvedWithThreeDSecure(
        systemTransactionId: id, ThreeDSecureResult(transStatus: transStatus, network: scheme))
    case .redirect:
      return .approvedAfterRedirect(systemTransactionId: id, returnURL: returnURL ?? "")
    case .challenge:
      return .challengeRequired(
        ThreeDSecureChallenge(acsTransactionId: acsTransactionId ?? "", scheme: scheme, request: request))
    case .declined:
      return .declined(
        SdkError(
          errorCode: errorCode ?? "DECLINED",
          errorMessage: errorMessage ?? "The gateway plugin declined the payment"))
    }
  }
}
