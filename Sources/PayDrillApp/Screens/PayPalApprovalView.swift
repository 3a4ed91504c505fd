import CheckoutEngine
import TerminalUI

/// The simulated PayPal approval page: the buyer, on PayPal.com, approves the order with a funding option or
/// cancels and returns to the merchant.
struct PayPalApprovalView {
  var model: AppModel
  var order: PayPalOrder

  func render(in rect: Rect, into buffer: inout ScreenBuffer) {
    WalletPageView(
      header: "paypal.com · sandbox buyer", payee: "Pay \(model.checkout.scenario.merchantName)",
      amount: MoneyFormatter(locale: model.checkout.scenario.locale).string(for: order.amount),
      detail: "Order \(order.orderId) · intent \(order.intent)",
      options: CheckoutReducer.payPalOptions(model.checkout).map(\.label), choice: model.walletChoice,
      footer: "Enter approves · Esc cancels and returns to the merchant"
    ).render(in: rect, into: &buffer)
  }
}
