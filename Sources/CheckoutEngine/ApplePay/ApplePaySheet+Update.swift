extension ApplePaySheet {
  /// Changes the sheet for a callback and marks the callback pending, in one change in place; returns what
  /// the callback lets the merchant see (not the whole sheet: a copy kept aside while the sheet changes would
  /// make the change copy its arrays).
  mutating func beginUpdate(_ kind: PendingUpdate, _ change: (inout ApplePaySheet) -> Void)
    -> SheetSelections
  {
    change(&self)
    return fields.value.awaitUpdate(kind)
  }

  /// Takes the merchant's update for the pending callback; returns whether the payment method callback the
  /// sheet owes since it opened is due now (after the opening contact's update).
  mutating func take(_ update: SheetUpdate, for pending: PendingUpdate) -> Bool {
    fields.value.take(update, for: pending)
  }
}

// The sheet's own changes work on its fields where they lie: in place, and without a key path between.
extension ApplePaySheet.Fields {
  mutating func awaitUpdate(_ kind: ApplePaySheet.PendingUpdate) -> SheetSelections {
    pendingUpdate = kind
    return selectionsForMerchant
  }

  mutating func take(_ update: SheetUpdate, for pending: ApplePaySheet.PendingUpdate) -> Bool {
    pendingUpdate = nil
    if let refusal = update.refusal(answering: pending) {
      // Nothing of it applies, and paying waits for an update the SDK's type can carry.
      updateProblem = refusal
    } else {
      apply(update, kind: pending)
    }
    guard pending == .shippingContact, needsInitialCardUpdate else { return false }
    needsInitialCardUpdate = false
    return true
  }

  /// Applies the merchant's update: errors replace those of the same family, items and methods replace the
  /// sheet's when given (an update with no items keeps the current ones, as PassKit does).
  mutating func apply(_ update: SheetUpdate, kind: ApplePaySheet.PendingUpdate) {
    switch kind {
    case .couponCode:
      errors.removeAll { $0.kind == .couponCodeInvalid }
      errors += update.errors.filter { $0.kind == .couponCodeInvalid }
    case .shippingContact:
      errors = update.errors
    case .shippingMethod, .paymentMethod:
      // Their updates carry summary items only: the errors stay until the contact or the coupon changes.
      break
    }
    if !update.paymentSummaryItems.isEmpty {
      summaryItems = update.paymentSummaryItems
      updateProblem = CheckoutReducer.totalProblem(
        of: update.paymentSummaryItems, from: kind.callbackName.rawValue)
    }
    if let methods = update.shippingMethods {
      shippingMethods = methods
      if !methods.contains(where: { $0.identifier == shippingMethod?.identifier }) {
        shippingMethod = methods.first
      }
    }
  }
}
