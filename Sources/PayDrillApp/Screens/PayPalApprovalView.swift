import CheckoutEngine
import TerminalUI

/// The simulated PayPal approval page: the buyer, on PayPal.com, approves the order with a funding option or
/// cancels and returns to the merchant.
struct PayPalApprovalView {
  var model: AppModel
  var order: PayPalOrder

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    let text = model.checkout.localisation
    // The buyer's texts are in the shopper's language; the order's id and intent are the developer's.
    WalletPageView(
      header: "paypal.com · sandbox buyer",
      payee: text.text(.payMerchant, model.checkout.scenario.merchantName),
      amount: MoneyFormatter(locale: model.checkout.scenario.locale).string(for: order.amount),
      detail: "Order \(order.orderId) · intent \(order.intent)",
      options: CheckoutReducer.payPalOptions(model.checkout).map(text.label(of:)), choice: model.walletChoice,
      footer: text.text(.payPalPageKeys)
    ).render(in: rect, into: &buffer)
  }
}
