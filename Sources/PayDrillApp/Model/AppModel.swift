import CheckoutEngine
import Foundation
import GatewaySimulator
import TerminalUI

/// The application's state: the checkout (owned by the engine) and what only the terminal needs: which row
/// is highlighted, which field has focus, whether the event pane and the help are shown, the screen size.
public struct AppModel: Equatable, Sendable {
  public var checkout: CheckoutState
  /// The highlighted row of the method list.
  public var highlightedMethod = 0
  /// The highlight and drafts of the screen on show (`AppModel+ScreenControls` reads them by name); they go
  /// with the screen.
  var controls: ScreenControls = .none
  /// What is open over the checkout, if anything: one overlay at a time.
  var overlay: Overlay?
  /// Whether the gallery is where the program started (`paydrill buttons`): Escape then quits.
  public var galleryIsHome = false
  /// Large type for projectors (`--zoom`): the checkout alone, with more room around it.
  public var zoom = false
  /// The caption and playback state of `paydrill demo`; nil in every other mode.
  public var presentation: Presentation?
  /// The REC marker while `record` writes the session's keys as a tape; nil in every other mode.
  public var recording: RecordingMark?
  /// The merchant's backend the checkout waits for and opens sessions of (`--serve`); nil in every other
  /// mode.
  public var backend: BackendLink?
  /// The simulated gateway's latency and faults, as the gateway panel sets them; the runtime hands them to
  /// the gateway.
  public var gatewaySettings = GatewaySettings(latencyMilliseconds: 600)
  /// The command of the gateway plugin answering instead of the simulated gateway, if one does.
  public var gatewayPlugin: String?
  /// Why the run history is not being recorded (the ledger could not be opened or written), for the footer.
  public var ledgerNotice: String?
  /// Whether the theme is dark (the `automatic` button style follows it).
  public var darkAppearance = true
  public var showsEventPane = true
  /// The event pane as a list the keys can walk (`v`).
  package var eventList = EventList()
  public var size: Size
  /// The time zone of the event pane's timestamps.
  public var timeZone: TimeZone
  /// The app's own requests whose answers are awaited (screenshots, captures, copies), by id.
  public var awaiting: [RequestID: AppRequest] = [:]
  /// The first capture that could not be saved: `play` fails with it once the tape has run.
  public var captureFailure: ScreenshotOutcome?
  /// The last id of the app's own requests (screenshots, history); ids only grow.
  public var lastAppRequest = 0
  /// How many of the checkout's events the hooks were told about.
  public var eventsNotified = 0
  /// What became of the last screenshot or copy, shown in the footer until the next key.
  public var footerNotice: FooterNotice?

  public init(
    checkout: CheckoutState, size: Size, latencyMilliseconds: Int, timeZone: TimeZone = .current
  ) {
    self.checkout = checkout
    self.size = size
    gatewaySettings = GatewaySettings(
      latencyMilliseconds: latencyMilliseconds, seed: 1, configuration: checkout.scenario.gateway)
    self.timeZone = timeZone
  }

  /// The gateway's mean simulated latency, shown while processing.
  public var latencyMilliseconds: Int { gatewaySettings.latencyMilliseconds }

  /// Whether a spinner is on screen (the gateway processing, the sheet awaiting an answer): only then does a
  /// turn of it change what is drawn.
  @inlinable @inline(__always)
  public var showsSpinner: Bool {
    switch checkout.screen {
    case .processing: return true
    case .applePaySheet(let sheet): return sheet.phase == .processing || sheet.pendingUpdate != nil
    default: return false
    }
  }

  /// The smallest terminal PayDrill draws a checkout in.
  public static let minimumSize = Size(columns: 60, rows: 20)

  /// Whether the terminal is too small to draw the checkout.
  public var isTooSmall: Bool {
    size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
  }

  /// The button gallery, while it is the overlay. Setting one opens it over anything else; setting nil
  /// closes it (and nothing else).
  public var gallery: ButtonGallery? {
    get {
      if case .gallery(let gallery) = overlay { return gallery }
      return nil
    }
    set { setOverlay(newValue.map(Overlay.gallery), ifNil: gallery != nil) }
  }

  /// The gateway panel's highlighted row, while it is the overlay.
  public var gatewayPanel: Int? {
    get {
      if case .gatewayPanel(let row) = overlay { return row }
      return nil
    }
    set { setOverlay(newValue.map { .gatewayPanel(row: $0) }, ifNil: gatewayPanel != nil) }
  }

  /// The device panel's highlighted row, while it is the overlay.
  public var devicePanel: Int? {
    get {
      if case .devicePanel(let row) = overlay { return row }
      return nil
    }
    set { setOverlay(newValue.map { .devicePanel(row: $0) }, ifNil: devicePanel != nil) }
  }

  /// The history panel, while it is the overlay.
  var history: HistoryPanel? {
    get {
      if case .history(let panel) = overlay { return panel }
      return nil
    }
    set { setOverlay(newValue.map(Overlay.history), ifNil: history != nil) }
  }

  /// The event inspector, while it is the overlay.
  package var inspector: EventInspector? {
    get {
      if case .inspector(let inspector) = overlay { return inspector }
      return nil
    }
    set { setOverlay(newValue.map(Overlay.inspector), ifNil: inspector != nil) }
  }

  /// Whether the keys' help is the overlay. Opening it keeps what was open under it; closing it gives that
  /// back.
  public var showsHelp: Bool {
    get {
      if case .help = overlay { return true }
      return false
    }
    set {
      if newValue, !showsHelp {
        overlay = .help(over: overlay)
      } else if !newValue, case .help(let under) = overlay {
        overlay = under
      }
    }
  }

  /// Opens an overlay, or closes the current one when `isOpen` says it is the one being closed.
  private mutating func setOverlay(_ new: Overlay?, ifNil isOpen: Bool) {
    if let new {
      overlay = new
    } else if isOpen {
      overlay = nil
    }
  }

  /// A new id for one of the app's own requests; `awaiting` notes what it is for, when given.
  mutating func issueAppRequest(for request: AppRequest? = nil) -> RequestID {
    lastAppRequest += 1
    let id = RequestID(lastAppRequest)
    if let request { awaiting[id] = request }
    return id
  }

  /// Takes the awaited request `id` when it is of one of `kinds`, for its answer to be routed by what it was
  /// for; an answer of another kind leaves it awaited and gets nil.
  mutating func takeAwaited(_ id: RequestID, ofKind kinds: Set<AppRequest>) -> AppRequest? {
    guard let request = awaiting[id], kinds.contains(request) else { return nil }
    awaiting[id] = nil
    return request
  }

  /// Whether the focused element would keep this character as text. `?` opens the keys wherever it would
  /// not: on the 3-D Secure code and the passcode (digits only), and in the card form's digit fields.
  func takesAsText(_ character: Character) -> Bool {
    let digit = character.isASCII && character.isNumber
    if eventList.isEditingFilter || couponDraft != nil { return true }
    switch checkout.screen {
    case .cardForm:
      switch focus.field {
      case .number, .expiry, .securityCode: return digit
      case .postalCode: return character.isASCII && (character.isLetter || digit || " -".contains(character))
      case .holderName: return true
      case nil: return false
      }
    case .threeDSChallenge: return digit
    case .applePaySheet: return checkout.applePaySheet?.phase == .authenticating(.passcode) && digit
    default: return false
    }
  }

  /// Whether the focused element takes typed text (then letters are text, not commands).
  /// The card field a typed character goes into now, or nil when something else has the keys (help, a panel,
  /// the event list, another screen): what `record` keeps out of a tape.
  public var cardFieldTakingKeys: CardField? {
    guard checkout.screen == .cardForm, overlay == nil, !eventList.isFocused, !isTooSmall,
      backend?.isWaiting != true
    else { return nil }
    return focus.field
  }

  var isTyping: Bool {
    if eventList.isEditingFilter { return true }
    switch checkout.screen {
    case .cardForm: return focus.field != nil
    case .threeDSChallenge: return true
    case .applePaySheet:
      return couponDraft != nil || checkout.applePaySheet?.phase == .authenticating(.passcode)
    default: return false
    }
  }
}
