/// The terminal's part of the Apple Pay sheet on show: dropped with the sheet.
struct SheetControls: Equatable, Sendable {
  /// The highlighted row (the sheet opens on Pay).
  var row: SheetRow = .card
  /// The highlighted option while a row's chooser (cards, contacts, methods) is open.
  var chooser: Int?
  /// The coupon code being typed, while the coupon row is being edited.
  var couponDraft: String?
  /// The passcode being typed at the simulated passcode prompt.
  var passcodeDraft = ""
  /// Why Enter did not take the passcode typed so far (too short); typing again clears it.
  var passcodeProblem: String?
  /// The spinner's frame while the sheet processes or awaits the merchant's update.
  var spinnerFrame = 0
}
