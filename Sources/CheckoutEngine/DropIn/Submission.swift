import Foundation

/// A payment on its way to the gateway: what the processing screen shows, and what the receipt is built from
/// when it succeeds. It lives in the processing screen and nowhere else, so no other attempt can show it.
public struct Submission: Equatable, Sendable {
  public var method: DropInPaymentMethod
  /// What pays, as the shopper knows it: "Visa •••• 4242", "PayPal balance · PAYID-…", a Paze card's label;
  /// "PayPal" while the order is being created.
  public var paidWith: String
  public var amount: Money
  /// When the gateway request started (the spinner's wait, the event pane).
  public var since: Date
  /// PayPal: the order the buyer approved, and with what; nil while the order is being created.
  public var payPal: PayPalApproval?
}

extension Submission {
  /// The submission of a gateway request, named in the shopper's words: a card as "Visa •••• 4242", PayPal's
  /// funding and order, a Paze card's label.
  public init(_ request: AuthorisationRequest, since: Date, localisation: Localisation = .english) {
    let paidWith: String
    if let approval = request.payPal {
      let funding = localisation.text(approval.funding == .paylater ? .payLater : .payPalBalance)
      paidWith = "\(funding) · \(approval.orderId)"
    } else if let pazeCard = request.paze {
      paidWith = localisation.label(of: pazeCard)
    } else if let card = request.card {
      paidWith = "\(card.number.scheme?.displayName ?? localisation.text(.card)) \(card.number.masked)"
    } else {
      paidWith = localisation.name(of: request.method)
    }
    self.init(
      method: request.method, paidWith: paidWith, amount: request.amount, since: since, payPal: request.payPal
    )
  }
}
