import CheckoutEngine

/// A card number with a known outcome, as the big sandboxes publish them.
public struct TestCard: Sendable, Equatable {
  public var number: String
  public var scheme: CardScheme
  /// `nil` approves; otherwise the error the gateway answers with.
  public var decline: SdkError?
  /// What the card does, for the README and `paydrill cards`.
  public var summary: String
  /// How the issuer runs 3-D Secure for the card, if it does.
  public var threeDS: ThreeDSBehaviour?

  /// A test card's 3-D Secure: a frictionless `transStatus`, or a challenge (then approved or declined).
  public enum ThreeDSBehaviour: Equatable, Sendable {
    case frictionless(String)
    case challenge(thenDeclined: Bool)
  }

  /// Every test card the simulator knows. Any other valid number approves.
  public static let all: [TestCard] = [
    TestCard(number: "4242424242424242", scheme: .visa, decline: nil, summary: "Approved"),
    TestCard(number: "4000056655665556", scheme: .visa, decline: nil, summary: "Approved (debit)"),
    TestCard(number: "5555555555554444", scheme: .mastercard, decline: nil, summary: "Approved"),
    TestCard(number: "2223003122003222", scheme: .mastercard, decline: nil, summary: "Approved (2-series)"),
    TestCard(number: "378282246310005", scheme: .americanExpress, decline: nil, summary: "Approved"),
    TestCard(number: "36227206271667", scheme: .diners, decline: nil, summary: "Approved"),
    TestCard(number: "3056930009020004", scheme: .diners, decline: nil, summary: "Approved"),
    TestCard(number: "6011111111111117", scheme: .discover, decline: nil, summary: "Approved"),
    TestCard(number: "3566002020360505", scheme: .jcb, decline: nil, summary: "Approved"),
    TestCard(
      number: "4000000000003063", scheme: .visa, decline: nil, summary: "3DS frictionless, authenticated (Y)",
      threeDS: .frictionless("Y")),
    TestCard(
      number: "4000000000003089", scheme: .visa, decline: nil, summary: "3DS frictionless, attempted (A)",
      threeDS: .frictionless("A")),
    TestCard(
      number: "4000000000003220", scheme: .visa, decline: nil, summary: "3DS challenge (C), code 1234",
      threeDS: .challenge(thenDeclined: false)),
    TestCard(
      number: "4000008400001629", scheme: .visa, decline: nil, summary: "3DS challenge, then declined",
      threeDS: .challenge(thenDeclined: true)),
    TestCard(
      number: "4000000000003097", scheme: .visa, decline: nil, summary: "3DS not authenticated (N)",
      threeDS: .frictionless("N")),
    TestCard(
      number: "4000000000003105", scheme: .visa, decline: nil, summary: "3DS rejected (R)",
      threeDS: .frictionless("R")),
    TestCard(
      number: "4000000000003113", scheme: .visa, decline: nil, summary: "3DS unavailable (U), approved",
      threeDS: .frictionless("U")),
    TestCard(
      number: "5200000000001005", scheme: .mastercard, decline: nil, summary: "3DS frictionless (Y), ECI 02",
      threeDS: .frictionless("Y")),
    TestCard(
      number: "5200000000003225", scheme: .mastercard, decline: nil, summary: "3DS challenge (C), code 1234",
      threeDS: .challenge(thenDeclined: false)),
    TestCard(
      number: "4000000000000002", scheme: .visa,
      decline: SdkError(errorCode: "CARD_DECLINED", errorMessage: "The card was declined."),
      summary: "Generic decline"),
    TestCard(
      number: "4000000000009995", scheme: .visa,
      decline: SdkError(errorCode: "INSUFFICIENT_FUNDS", errorMessage: "The card has insufficient funds."),
      summary: "Insufficient funds"),
    TestCard(
      number: "4000000000000069", scheme: .visa,
      decline: SdkError(errorCode: "EXPIRED_CARD", errorMessage: "The card has expired."),
      summary: "Expired card"),
    TestCard(
      number: "4000000000000127", scheme: .visa,
      decline: SdkError(errorCode: "INCORRECT_CVC", errorMessage: "The card's security code is incorrect."),
      summary: "Incorrect CVC"),
    TestCard(
      number: "4000000000000119", scheme: .visa,
      decline: SdkError(
        errorCode: "PROCESSING_ERROR", errorMessage: "An error occurred while processing the card."),
      summary: "Processing error"),
  ]

  /// The test card with this number, if any.
  public static func card(number: String) -> TestCard? {
    all.first { $0.number == number }
  }
}
