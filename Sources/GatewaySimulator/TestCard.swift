import CheckoutEngine

/// A card number with a known outcome, as the big sandboxes publish them.
public struct TestCard: Sendable, Equatable {
  public var number: String
  public var scheme: CardScheme
  /// `nil` approves; otherwise the error the gateway answers with.
  public var decline: SdkError?
  /// What the card does, for the README and `paydrill cards`.
  public var summary: String
  /// Approved after a further step (a 3-D Secure redirect) the shopper comes back from.
  public var redirects = false

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
      number: "4000000000003220", scheme: .visa, decline: nil, summary: "Approved after a 3DS redirect",
      redirects: true),
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
