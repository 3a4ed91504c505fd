import CheckoutEngine
import GatewaySimulator
import PayDrillApp
import TerminalUI

/// The fuzzer's source of random but valid-shaped input, over `SeededRandom`: the same seed gives the same
/// steps. Most steps are keys (navigation, the panels' letters, digits, and now and then text with wide,
/// combining and control characters); some type a useful string one key at a time (a test card, an expiry,
/// the 3-D Secure code, a coupon) so that payments actually reach the gateway; the rest let answers fall due,
/// deliver old answers again, resize the screen, change the gateway or let time pass.
public struct FuzzInput {
  private var random: SeededRandom
  /// Strings worth typing in this scenario.
  private let words: [String]
  /// The card form's fields in this scenario, in focus order.
  private let cardFields: [CardField]
  /// The keys of a flow under way (paying by card, opening Apple Pay, …), fed in between other steps so that
  /// answers and noise can come in the middle of it.
  private var queued: [KeyEvent] = []

  /// Keys that move around or act, as every screen reads them.
  static let navigationKeys: [KeyEvent] = [
    .enter, .tab, .backTab, .up, .down, .left, .right, .escape, .backspace, .delete, .home, .end, .pageUp,
    .pageDown,
  ]
  /// Letters the screens and panels take as commands: the gateway and device panels, the history, the
  /// button gallery, the event pane, help, a screenshot, the sheet's authentication switch, j/k, and Ctrl-E
  /// and Ctrl-S.
  static let commandCharacters: [Character] = [
    "g", "d", "H", "b", "e", "?", "s", "t", "n", "p", "j", "k", "h", "l", "v", "+", "-", " ", "\u{05}",
    "\u{13}",
  ]
  /// Characters that test the screen: CJK, emoji (with modifiers and joiners), combining marks, right-to-left
  /// text, control bytes and a few odd scalars.
  static let awkwardCharacters: [Character] = [
    "漢", "字", "カ", "한", "😀", "👍🏽", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "\u{301}", "\u{20DD}", "ا", "ע", "\u{0}", "\u{1B}",
    "\u{7}", "\u{7F}", "\u{9B}", "\t", "\n", "\r", "\u{200B}", "\u{FEFF}", "€", "£", "¥", "ß", "Ω", "＄", "%",
    "\\", "\"",
  ]

  public init(seed: UInt64, scenario: Scenario) {
    random = SeededRandom(seed: seed)
    var words = TestCard.all.map(\.number) + TestAddress.all.map(\.postalCode)
    words += ["12/34", "1234", "123", "4321", "0199", "13/99", "Jane Doe", "90210", "123456", "00000"]
    words += scenario.applePay?.rules.coupons.map(\.code) ?? []
    words += ["SAVE10", "EXPIRED", "nope"]
    self.words = words
    cardFields = CheckoutState(scenario: scenario).cardFields
  }

  /// A whole number in `0..<bound`.
  mutating func number(_ bound: Int) -> Int {
    Int(random.next() % UInt64(max(1, bound)))
  }

  private mutating func chance(_ percent: Int) -> Bool { number(100) < percent }

  private mutating func element<T>(_ items: [T]) -> T { items[number(items.count)] }

  /// The next steps: usually one, several when a string is typed.
  public mutating func next(pending: Int, delivered: Int) -> [FuzzStep] {
    if !queued.isEmpty {
      // A flow goes on, with the engine's answers (and the spinner) coming in between its keys.
      if chance(80) { return [.key(queued.removeFirst())] }
      if pending > 0, chance(90) { return [.nextAnswer] }
      return [.tick]
    }
    let roll = number(1000)
    switch roll {
    case 0..<40:
      queued = flow()
      return [.key(queued.removeFirst())]
    case 40..<300 where pending > 0:
      return [.nextAnswer]
    case 300..<320 where pending > 0:
      // PassKit's 30 seconds, or a slow gateway's answer, run out.
      return [.sleep(milliseconds: 30_000 + number(2_000))]
    case 320..<340 where delivered > 0:
      return [.duplicate(pick: number(64))]
    case 340..<355:
      return [.key(.resize(size()))]
    case 355..<395:
      return [.gateway(gatewayChange())]
    case 395..<410:
      return [.sleep(milliseconds: chance(80) ? number(40_000) : number(200_000_000_000))]
    case 410..<440:
      return [.tick]
    case 440..<442:
      return [.key(.interrupt)]
    case 442..<540:
      return (chance(70) ? element(words) : awkwardText()).map { .key(.character($0)) }
    case 540..<640:
      return [.key(.character(element(Self.commandCharacters)))]
    case 640..<760:
      return [.key(.character(Character(String(number(10)))))]
    default:
      return [.key(element(Self.navigationKeys))]
    }
  }

  /// The keys of a whole flow from the method list: paying by card with a test card, PayPal, Apple Pay (pay
  /// and confirm), Paze, a 3-D Secure code, a new checkout.
  private mutating func flow() -> [KeyEvent] {
    func typed(_ text: String) -> [KeyEvent] { text.map { .character($0) } }
    switch number(6) {
    case 0, 1:
      let card = element(TestCard.all)
      var keys: [KeyEvent] = [.escape] + typed("1")
      for field in cardFields {
        switch field {
        case .number: keys += typed(card.number)
        // A month with or without a leading digit that could hide it, a code of its scheme's length, a
        // name: the details no message may quote.
        case .expiry: keys += typed(String(format: "%02d%02d", 1 + number(12), 27 + number(13)))
        case .securityCode:
          let length = card.scheme == .americanExpress ? 4 : 3
          keys += typed(String(format: "%0\(length)d", number(length == 4 ? 10_000 : 1000)))
        case .holderName: keys += typed(element(["Jane Doe", "Ada Lovelace", "Björn Ångström"]))
        case .postalCode: keys += typed(element(TestAddress.all.map(\.postalCode) + ["90210"]))
        }
        keys.append(.tab)
      }
      return keys + [.enter]
    case 2: return typed("2") + [.enter]
    case 3: return typed("3") + [.enter, .enter]
    case 4: return typed("4") + [.enter]
    default: return typed(element(["1234", "0000"])) + [.enter, .enter]
    }
  }

  /// A screen size from 1×1 to 300×100, often near the minimum the checkout draws in.
  private mutating func size() -> Size {
    switch number(4) {
    case 0: return Size(columns: 1 + number(300), rows: 1 + number(100))
    case 1:
      return Size(
        columns: AppModel.minimumSize.columns - 1 + number(3), rows: AppModel.minimumSize.rows - 1 + number(3)
      )
    case 2: return Size(columns: element([1, 2, 3, 300]), rows: element([1, 2, 100]))
    default: return Size(columns: 60 + number(140), rows: 20 + number(30))
    }
  }

  private mutating func awkwardText() -> String {
    String((0..<(1 + number(12))).map { _ in element(Self.awkwardCharacters) })
  }

  private mutating func gatewayChange() -> FuzzGatewayChange {
    switch number(5) {
    case 0: return .armFault(chance(20) ? nil : element(GatewaySettings.Fault.allCases))
    case 1: return .faultRate(percent: element([0, 0, 10, 50, 100]))
    case 2: return .latency(milliseconds: element([0, 50, 600, 5_000, 600_000]))
    case 3: return .jitter(percent: element([0, 25, 100]))
    // A seed the panel shows in full: kept short, so it is never mistaken for a card number.
    default: return .seed(UInt64(number(1_000_000)))
    }
  }
}
