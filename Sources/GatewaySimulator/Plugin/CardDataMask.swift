import CheckoutEngine
import Foundation

/// What a gateway plugin says back (its error message, its crash output, a garbled answer) with the card it
/// was sent taken out: the number whole or grouped (`4242 4242 4242 4242`) cut to its last four, and the
/// security code, the expiry and the holder's name replaced by `•••`, so that none of them reaches the event
/// pane, the ledger, a JUnit report or a terminal log.
struct CardDataMask {
  private let card: CardDetails?

  init(_ card: CardDetails?) {
    self.card = card
  }

  /// The outcome with its error's message masked.
  func masking(_ outcome: AuthorisationOutcome) -> AuthorisationOutcome {
    switch outcome {
    case .declined(let error): return .declined(masking(error))
    case .reported(let report, let decision): return .reported(report, masking(decision))
    default: return outcome
    }
  }

  func masking(_ error: SdkError) -> SdkError {
    SdkError(errorCode: error.errorCode, errorMessage: masking(error.errorMessage))
  }

  /// `text` without the card: any card number (plain or grouped), then this card's other details.
  func masking(_ text: String) -> String {
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
