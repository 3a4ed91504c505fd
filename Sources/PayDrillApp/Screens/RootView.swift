import CheckoutEngine
import TerminalUI

/// The whole screen as a pure function of the model: header, checkout, event pane, footer, and the help over
/// them. The event pane sits beside the checkout when the terminal is wide enough, below it otherwise.
public enum RootView {
  /// The narrowest terminal that has the event pane beside the checkout.
  static let sideBySideWidth = 96

  public static func render(_ model: AppModel) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: model.size)
    render(model, into: &buffer)
    return buffer
  }

  /// Draws the whole frame into `buffer`, whatever it held: every cell is written and the click targets are
  /// the frame's own, so one buffer serves frame after frame.
  public static func render(_ model: AppModel, into buffer: inout ScreenBuffer) {
    buffer.removeClickTargets()
    if model.isTooSmall {
      buffer.fill(buffer.bounds, role: .normal)
      TooSmallView(size: model.size).render(into: &buffer)
      return
    }
    let (header, rest) = buffer.bounds.splitTop(1)
    var (body, footer) = rest.splitBottom(1)
    let hasCaption = model.presentation?.caption != nil && body.height > 10
    let layout = paneSplit(model, in: hasCaption ? body.splitBottom(1).rest : body)
    // The event pane fills its own rectangle: the screen around it is cleared, not the screen twice.
    fill(buffer.bounds, around: layout?.pane, into: &buffer)
    if case .help(let under) = model.overlay {
      // The help lists the keys of what it covers, drawn under it.
      var beneath = model
      beneath.overlay = under
      render(beneath, into: &buffer)
      HelpOverlay(model: beneath).render(in: body, into: &buffer)
      return
    }
    HeaderBar(model: model).render(in: header, into: &buffer)
    FooterBar(model: model).render(in: footer, into: &buffer)
    if let caption = model.presentation?.caption, hasCaption {
      let split = body.splitBottom(1)
      body = split.rest
      CaptionBar(caption: caption).render(in: split.bottom, into: &buffer)
    }

    if let gallery = model.gallery {
      ButtonGalleryView(gallery: gallery, darkAppearance: model.darkAppearance).render(
        in: body, into: &buffer)
      return
    }
    var checkoutArea = body
    // Zoomed, the checkout has the screen to itself, with a margin around it and inside its frame.
    let padded = model.zoom && body.width >= 64 && body.height >= 16
    if padded { checkoutArea = body.inset(by: 3, 1) }
    if let layout {
      checkoutArea = layout.checkout
      EventPaneView(events: model.checkout.events, timeZone: model.timeZone, list: model.eventList).render(
        in: layout.pane, into: &buffer)
    }
    let text = model.checkout.localisation
    let waiting = model.backend?.isWaiting == true
    let inner = Frame(title: waiting ? text.text(.checkout) : title(for: model.checkout.screen, text))
      .render(in: checkoutArea, into: &buffer).inset(by: padded ? 2 : 1, padded ? 1 : 0)
    if let link = model.backend, waiting {
      BackendWaitingView(link: link, localisation: text.text(.choosePaymentMethod)).render(
        in: inner, into: &buffer)
    } else {
      renderScreen(model, in: inner, into: &buffer)
    }
    model.overlay?.render(over: model, in: body, into: &buffer)
  }

  /// The body shared by the checkout and the event pane, if the pane shows: beside the checkout when the
  /// terminal is wide enough, below it otherwise; not over the button gallery nor when the checkout is
  /// zoomed. Under the help, the screen beneath draws it.
  private static func paneSplit(_ model: AppModel, in body: Rect) -> (checkout: Rect, pane: Rect)? {
    if case .help = model.overlay { return nil }
    guard model.showsEventPane && !model.zoom && model.gallery == nil else { return nil }
    guard body.width >= sideBySideWidth else {
      let split = body.splitBottom(max(5, body.height / 3))
      return (split.rest, split.bottom)
    }
    let split = body.splitLeft(body.width - body.width * 2 / 5)
    return (split.left, split.rest)
  }

  /// Fills the screen with blanks but for one rectangle (whose view fills it), a rectangle at a time.
  private static func fill(_ bounds: Rect, around hole: Rect?, into buffer: inout ScreenBuffer) {
    guard let hole else { return buffer.fill(bounds, role: .normal) }
    buffer.fill(Rect(x: bounds.x, y: bounds.y, width: bounds.width, height: hole.y - bounds.y), role: .normal)
    buffer.fill(Rect(x: bounds.x, y: hole.y, width: hole.x - bounds.x, height: hole.height), role: .normal)
    buffer.fill(
      Rect(x: hole.maxX, y: hole.y, width: bounds.maxX - hole.maxX, height: hole.height), role: .normal)
    buffer.fill(
      Rect(x: bounds.x, y: hole.maxY, width: bounds.width, height: bounds.maxY - hole.maxY), role: .normal)
  }

  /// The checkout's screen inside its frame.
  private static func renderScreen(_ model: AppModel, in inner: Rect, into buffer: inout ScreenBuffer) {
    let text = model.checkout.localisation
    switch model.checkout.screen {
    case .methodList: MethodListView(model: model).render(in: inner, into: &buffer)
    case .cardForm: CardFormView(model: model).render(in: inner, into: &buffer)
    case .processing(let submission):
      ProcessingView(model: model, submission: submission).render(in: inner, into: &buffer)
    case .result(let outcome): ResultView(model: model, outcome: outcome).render(in: inner, into: &buffer)
    case .methodUnavailable(let method):
      MethodUnavailableView(method: method, localisation: text).render(in: inner, into: &buffer)
    case .applePaySheet: ApplePaySheetView(model: model).render(in: inner, into: &buffer)
    case .applePaySetUp: ApplePaySetUpView(localisation: text).render(in: inner, into: &buffer)
    case .payPalApproval(let order):
      PayPalApprovalView(model: model, order: order).render(in: inner, into: &buffer)
    case .threeDSChallenge(let challenge):
      ThreeDSChallengeView(model: model, challenge: challenge).render(in: inner, into: &buffer)
    case .pazeCheckout:
      WalletPageView(
        header: text.text(.pazeHeader),
        payee: text.text(.payMerchant, model.checkout.scenario.merchantName),
        amount: MoneyFormatter(locale: model.checkout.scenario.locale).string(for: model.checkout.total),
        detail: "Paze returns the card as PazeCheckoutDecoded in onSuccess's paymentData",
        options: PazeCard.allCases.map(text.label(of:)), choice: model.walletChoice,
        footer: text.text(.pazePageKeys)
      ).render(in: inner, into: &buffer)
    case .initialisationFailed(let error):
      NoticeScreenView(
        title: text.text(.unableToLoadCheckout),
        text:
          "\(error.errorMessage)\n\nonError(nil, \(error.errorCode)) fired before any method could be selected. "
          + "Fix the session in the scenario; q quits.", role: .error, button: nil
      ).render(in: inner, into: &buffer)
    }
  }

  /// The checkout frame's title, in the shopper's language (brands keep their names).
  private static func title(for screen: CheckoutScreen, _ text: Localisation) -> String {
    switch screen {
    case .methodList, .initialisationFailed: return text.text(.checkout)
    case .cardForm: return text.name(of: .card)
    case .processing: return text.text(.processing)
    case .result(.success): return text.text(.paid)
    case .result(.failure): return text.text(.paymentFailed)
    case .methodUnavailable(let method): return text.name(of: method)
    case .applePaySheet: return "Apple Pay"
    case .applePaySetUp: return text.text(.setUpApplePay)
    case .payPalApproval: return "PayPal (sandbox)"
    case .pazeCheckout: return "Paze"
    case .threeDSChallenge: return "3-D Secure"
    }
  }
}
