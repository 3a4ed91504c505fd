/// The names of things as the shopper reads them: a method, the sheet's shipping rows, a card's funding type,
/// how the device confirms, the options of the PayPal and Paze pages. Brands (PayPal, Apple Pay, Paze, Face
/// ID, Touch ID) keep their names in every locale.
extension Localisation {
  /// A method as the method list, frame titles and result screens name it ("Card", "Karte", "カード").
  public func name(of method: DropInPaymentMethod) -> String {
    method == .card ? text(.card) : method.displayName
  }

  /// A method inside a sentence ("Processing your card payment…"): a common noun takes the case it has there.
  public func nameInSentence(of method: DropInPaymentMethod) -> String {
    method == .card ? text(.cardInSentence) : method.displayName
  }

  /// The label of the sheet's address row ("Shipping", "Delivery", "Store Pickup", "Service Pickup").
  public func addressLabel(for type: ShippingType) -> String { text(Self.keys(for: type).address) }

  /// The label of the sheet's method row ("Shipping method").
  public func methodLabel(for type: ShippingType) -> String { text(Self.keys(for: type).method) }

  /// The address row's value when no contact is chosen ("Add shipping address").
  public func addAddress(for type: ShippingType) -> String { text(Self.keys(for: type).add) }

  /// The sheet's words for a way goods reach the shopper: its address row, its method row, and the address
  /// row's value when no contact is chosen.
  private static func keys(for type: ShippingType) -> (
    address: ShopperText, method: ShopperText, add: ShopperText
  ) {
    switch type {
    case .shipping: return (.shippingLabel, .shippingMethodLabel, .addShippingAddress)
    case .delivery: return (.deliveryLabel, .deliveryMethodLabel, .addDeliveryAddress)
    case .storePickup: return (.storePickupLabel, .storePickupMethodLabel, .addStorePickupAddress)
    case .servicePickup: return (.servicePickupLabel, .servicePickupMethodLabel, .addServicePickupAddress)
    }
  }

  /// A Wallet card as the sheet lists it: "Visa •••• 1234 · Credit".
  public func describe(_ card: WalletCard) -> String {
    let funding: String
    switch card.type {
    case .credit: funding = text(.credit)
    case .debit: funding = text(.debit)
    case .prepaid: funding = text(.prepaid)
    }
    return "\(card.displayName) · \(funding)"
  }

  /// How the device confirms, in "Pay with Face ID" and "Confirm with Face ID".
  public func name(of kind: AuthenticationKind) -> String {
    kind == .passcode ? text(.passcode) : kind.displayName
  }

  /// How many items an order has ("1 item", "3 items").
  public func itemCount(_ count: Int) -> String {
    count == 1 ? text(.oneItem) : text(.items, String(count))
  }

  /// The line under an order that shows only its first items ("2 more items (30 in all)").
  public func moreItems(_ more: Int, of all: Int) -> String {
    more == 1 ? text(.oneMoreItem, String(all)) : text(.moreItems, String(more), String(all))
  }

  /// The Apple Pay button's words for its type ("Buy with Apple Pay", "Mit Apple Pay kaufen").
  public func label(of type: ApplePayButtonType) -> String {
    switch type {
    case .plain: return text(.applePayButtonPlain)
    case .buy: return text(.applePayButtonBuy)
    case .setUp: return text(.applePayButtonSetUp)
    case .inStore: return text(.applePayButtonInStore)
    case .donate: return text(.applePayButtonDonate)
    case .checkout: return text(.applePayButtonCheckout)
    case .book: return text(.applePayButtonBook)
    case .subscribe: return text(.applePayButtonSubscribe)
    case .reload: return text(.applePayButtonReload)
    case .addMoney: return text(.applePayButtonAddMoney)
    case .topUp: return text(.applePayButtonTopUp)
    case .order: return text(.applePayButtonOrder)
    case .rent: return text(.applePayButtonRent)
    case .support: return text(.applePayButtonSupport)
    case .contribute: return text(.applePayButtonContribute)
    case .tip: return text(.applePayButtonTip)
    }
  }

  /// An option of the simulated PayPal approval page.
  public func label(of funding: PayPalFunding) -> String {
    switch funding {
    case .paypal: return text(.payPalSandboxBalance)
    case .paylater: return text(.payPalPayLater)
    case .declinedSource: return text(.payPalDeclinedSource)
    }
  }

  /// A card of the simulated Paze wallet, as its checkout page lists it.
  public func label(of card: PazeCard) -> String {
    switch card {
    case .visa: return text(.pazeWalletCard, "Visa ••••1111")
    case .mastercard: return text(.pazeWalletCard, "Mastercard ••••4444")
    case .failing: return text(.pazeFailingCard, "SDK1123")
    }
  }
}
