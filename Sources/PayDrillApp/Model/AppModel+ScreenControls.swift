/// The controls of the screen on show, by name. Each reads its screen's case of `controls` (or what that
/// screen starts with, when another screen is on show). Writing one changes its screen's case only while that
/// screen is on show: a write meant for another screen is dropped, never turns `controls` into a case that
/// contradicts the checkout's screen (`AppReducer.send` alone changes the case, with the screen).
extension AppModel {
  /// Which element of the card form has the keyboard.
  var focus: FormFocus {
    get {
      if case .cardForm(let focus) = controls { return focus }
      return .field(.number)
    }
    set { if case .cardForm = controls { controls = .cardForm(newValue) } }
  }

  /// The highlighted button of the result screen: 0 "Try again", 1 "Choose another method".
  var resultChoice: Int {
    get {
      if case .result(let choice) = controls { return choice }
      return 0
    }
    set { if case .result = controls { controls = .result(choice: newValue) } }
  }

  /// The highlighted option of a wallet's page (PayPal's approval, Paze's checkout).
  var walletChoice: Int {
    get {
      if case .wallet(let choice) = controls { return choice }
      return 0
    }
    set { if case .wallet = controls { controls = .wallet(choice: newValue) } }
  }

  /// The one-time code being typed on the 3-D Secure challenge.
  package var challengeDraft: String {
    get {
      if case .challenge(let draft) = controls { return draft }
      return ""
    }
    set { if case .challenge = controls { controls = .challenge(draft: newValue) } }
  }

  /// The frame of the spinner on show: the processing screen's, or the Apple Pay sheet's.
  var spinnerFrame: Int {
    get {
      switch controls {
      case .processing(let frame): return frame
      case .applePaySheet(let sheet): return sheet.spinnerFrame
      default: return 0
      }
    }
    set {
      switch controls {
      case .applePaySheet: sheetControls.spinnerFrame = newValue
      case .processing: controls = .processing(spinnerFrame: newValue)
      default: break
      }
    }
  }

  /// The Apple Pay sheet's controls: its highlighted row, chooser, coupon and passcode.
  var sheetControls: SheetControls {
    get {
      if case .applePaySheet(let sheet) = controls { return sheet }
      return SheetControls()
    }
    set { if case .applePaySheet = controls { controls = .applePaySheet(newValue) } }
  }

  /// The highlighted row of the Apple Pay sheet.
  var sheetRow: SheetRow {
    get { sheetControls.row }
    set { sheetControls.row = newValue }
  }

  /// The highlighted option while a row's chooser (cards, contacts, methods) is open.
  var sheetChooser: Int? {
    get { sheetControls.chooser }
    set { sheetControls.chooser = newValue }
  }

  /// The coupon code being typed, while the coupon row is being edited.
  package var couponDraft: String? {
    get { sheetControls.couponDraft }
    set { sheetControls.couponDraft = newValue }
  }

  /// The passcode being typed at the simulated passcode prompt.
  package var passcodeDraft: String {
    get { sheetControls.passcodeDraft }
    set { sheetControls.passcodeDraft = newValue }
  }

  /// Why Enter did not take the passcode typed so far (too short); typing again clears it.
  var passcodeProblem: String? {
    get { sheetControls.passcodeProblem }
    set { sheetControls.passcodeProblem = newValue }
  }
}
