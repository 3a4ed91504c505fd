/// One line of the order summary: a product, how many, and the price of one.
public struct LineItem: Equatable, Sendable {
  public var name: String
  public var quantity: Int
  public var unitPrice: Money

  public init(name: String, quantity: Int, unitPrice: Money) {
    self.name = name
    self.quantity = quantity
    self.unitPrice = unitPrice
  }

  /// Quantity times unit price; nil on overflow.
  public var lineTotal: Money? { unitPrice.multiplied(by: quantity) }
}
