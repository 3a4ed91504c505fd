import CheckoutEngine
import Foundation

/// What a gateway plugin or a merchant hook says back (every string of its answer, its error code and
/// message, its crash output, a garbled answer) with the card it was sent taken out: the number whole or
/// grouped (`4242 4242 4242 4242`) cut to its last four, and the security code, the expiry and the holder's
/// name replaced by `•••`, so that none of them reaches the event pane, the ledger, `--events`, a JUnit report
/// or a terminal log. Without a card (a hook, a request that carries none), any card number is cut.
package struct CardDataMask {
  private let card: CardDetails?

  package init(_ card: CardDetails?) {
    self.card = card
  }

  /// The outcome with every string the gateway chose masked: its error code and message, its result code
  /// and refusal reason, a redirect's URL, a 3-D Secure status. A transaction id keeps everything but a card
  /// number: it is looked up later, and a security code's three digits inside it are chance, not the card.
  package func masking(_ outcome: AuthorisationOutcome) -> AuthorisationOutcome {
    switch outcome {
    case .approved(let id):
      return .approved(systemTransactionId: CardNumberMask.masked(id))
    case .approvedAfterRedirect(let id, let url):
      return .approvedAfterRedirect(systemTransactionId: CardNumberMask.masked(id), returnURL: masking(url))
    case .approvedWithThreeDSecure(let id, var result):
      result.transStatus = masking(result.transStatus)
      return .approvedWithThreeDSecure(systemTransactionId: CardNumberMask.masked(id), result)
    case .challengeRequired(var challenge):
      challenge.acsTransactionId = CardNumberMask.masked(challenge.acsTransactionId)
      return .challengeRequired(challenge)
    case .declined(let error):
      return .declined(masking(error))
    case .reported(var report, let decision):
      report.resultCode = report.resultCode.map(masking)
      report.refusalReason = report.refusalReason.map(masking)
      return .reported(report, masking(decision))
    }
  }

  /// The error with its code and its message masked (a plugin chooses both).
  package func masking(_ error: SdkError) -> SdkError {
    SdkError(errorCode: masking(error.errorCode), errorMessage: masking(error.errorMessage))
  }

  /// A JSON line with every string in it masked, or the line as it came when none held card data (so that
  /// what is quoted from it keeps its layout).
  package func masking(line: Data) -> Data {
    guard let value = try? JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]) else {
      return line
    }
    var changed = false
    let masked = masking(json: value, changed: &changed)
    guard changed,
      let data = try? JSONSerialization.data(
        withJSONObject: masked, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    else { return line }
    return data
  }

  private func masking(json value: Any, changed: inout Bool) -> Any {
    switch value {
    case let text as String:
      let masked = masking(text)
      if masked != text { changed = true }
      return masked
    case let object as [String: Any]:
      var masked: [String: Any] = [:]
      for (key, member) in object { masked[key] = masking(json: member, changed: &changed) }
      return masked
    case let list as [Any]:
      return list.map { masking(json: $0, changed: &changed) }
    default:
      return value
    }
  }

  /// `text` without the card: any card number (plain or grouped), then this card's other details.
  package func masking(_ text: String) -> String {
    var masked = text
    if let card {
      // The card's own details first: its number, masked last, could otherwise hide an expiry's digits.
      let month = String(format: "%02d", card.expiryMonth)
      let year = String(format: "%02d", card.expiryYear % 100)
      // With the month's zero and without (`03/34`, `3/2034`), the longer year first.
      for month in [month, "\(card.expiryMonth)"] {
        for expiry in ["\(month)/20\(year)", "\(month)/\(year)"] {
          masked = Self.replacing(expiry, in: masked)
        }
      }
      masked = Self.replacing("\(month)\(year)", in: masked)
      if !card.securityCode.isEmpty { masked = Self.replacing(card.securityCode, in: masked) }
      let name = card.holderName.trimmingCharacters(in: .whitespaces)
      if name.count >= 2 {
        masked = masked.replacingOccurrences(of: name, with: "•••", options: .caseInsensitive)
      }
    }
    return CardNumberMask.masked(masked)
  }

  /// `digits` replaced where it stands alone, not inside a longer run of digits.
  private static func replacing(_ digits: String, in text: String) -> String {
    text.replacingOccurrences(
      of: "(?<![0-9])" + NSRegularExpression.escapedPattern(for: digits) + "(?![0-9])", with: "•••",
      options: .regularExpression)
  }
}
