extension Scenario {
  /// The built-in demo: "Acme Electronics Store", one pair of Wireless Headphones for $49.99, and the seed's
  /// session response (Visa, Diners, Mastercard and American Express cards, PayPal and Apple Pay).
  /// `Scenarios/acme-electronics.json` is this scenario written out; a test keeps the two equal.
  public static let acmeElectronics = Scenario(
    name: "acme-electronics",
    merchantName: "Acme Electronics Store",
    currency: .usd,
    merchantTransactionId: "0ce72cfd-014d-4256-a006-a56601b2ffc4",
    items: [
      LineItem(name: "Wireless Headphones", quantity: 1, unitPrice: Money(minorUnits: 4999, currency: .usd))
    ],
    session: SessionData(
      sessionId: "c5f0799b-0839-43ce-abc5-5b462a98f250",
      hmacKey: "904bc42395d4af634e2fd48ee8c2c7f52955a1da97a3aa3d82957ff12980a7bb",
      encryptionKey: "20d175a669ad3f8c195c9c283fc86155",
      sessionExpiry: "2025-05-19T13:39:20.3843454Z",
      allowedFundingTypes: AllowedFundingTypes(
        cardSchemes: ["Visa", "Diners", "Mastercard", "AmericanExpress"],
        wallets: Wallets(
          paypal: PayPalWallet(
            allowedFundingOptions: ["paylater", "paypal"], merchantId: "paypal-merchant-123"),
          applePay: ApplePayWallet(merchantId: "merchant.com.example.store", merchantName: "Your Store Name"))
      )),
    beforeSubmit: BeforeSubmitRule(allow: true)
  )
}
