import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillLoop
import Synchronization

/// What the fuzzer's gateway plugin or merchant hook (`FuzzPeer`) writes back to each request, drawn from the
/// checkout's seed: mostly a valid answer, after a latency the fuzzer's clock then lets pass, and now and then
/// the answer twice, a stale line first, garbage, a line past the limit, nothing at all, a crash with stderr,
/// a command the shell cannot find, or (the plugin) a decline that quotes the card it was sent. It keeps what
/// a backend keeps: an approval is replayed for the same idempotency key, and each new approval counts as a
/// charge, for the invariants.
final class FuzzPeerScript: Sendable {
  /// Whose part the peer plays.
  enum Role: Sendable { case plugin, hook }

  /// What the peer does with one request.
  enum Behaviour: CaseIterable, Sendable {
    case answer, answerTwice, staleFirst, garbage, tooLong, silent, crash, unavailable, echoCard
  }

  /// The lines a request gets, what goes to stderr, and whether the peer ends.
  struct Reply {
    var lines: [JSONLinesEvent] = []
    var stderr: [String] = []
    var exit: (status: Int32, signalled: Bool)?
  }

  /// One exchange of a call, as the clock sees it: answered after a latency, or never (its timeout).
  enum Exchange: Equatable, Sendable {
    case answered(milliseconds: Int)
    case silent
  }

  /// What reached the peer as a charge: approvals it gave for the first time, by session and by payment.
  struct Tally: Sendable {
    var chargesBySession: [String: Int] = [:]
    var chargesByPayment: [String: Int] = [:]
    var requests = 0
  }

  private struct State {
    var random: SeededRandom
    var exchanges: [Exchange] = []
    var tally = Tally()
    /// The approvals given, by idempotency key: replayed, as a backend replays a payment it has decided.
    var approvals: [String: Data] = [:]
    var lastId = 0
    var transactions = 0
    /// Behaviours to take, in order, before the seed's (a test's script).
    var planned: [Behaviour] = []
  }

  let role: Role
  private let state: Mutex<State>

  init(role: Role, seed: UInt64, planned: [Behaviour] = []) {
    self.role = role
    state = Mutex(
      State(
        random: SeededRandom(seed: seed ^ (role == .plugin ? 0x9106_1A ^ 0x5EED : 0x400C)), planned: planned))
  }

  var tally: Tally { state.withLock { $0.tally } }

  /// Starts counting the exchanges of one call of the plugin or the hook.
  func startCall() {
    state.withLock { $0.exchanges = [] }
  }

  /// How long the call took on the fuzzer's clock: the latencies of its exchanges, and `timeout` for each
  /// one left unanswered (the process was killed then).
  func endCall(timeout: Duration) -> Duration {
    let exchanges = state.withLock { $0.exchanges }
    return exchanges.reduce(Duration.zero) { total, exchange in
      switch exchange {
      case .answered(let milliseconds): return total + .milliseconds(milliseconds)
      case .silent: return total + timeout
      }
    }
  }

  /// What the peer writes back to the request `type` with `id`.
  func reply(to type: String, id: Int, request: [String: Any]) -> Reply {
    let role = self.role
    let request = RequestFields(request)
    return state.withLock { state in
      Self.reply(to: type, id: id, request: request.object, role: role, state: &state)
    }
  }

  /// A request's fields, handed into the lock (the script reads them there and keeps none of them).
  private struct RequestFields: @unchecked Sendable {
    let object: [String: Any]
    init(_ object: [String: Any]) { self.object = object }
  }

  private static func reply(
    to type: String, id: Int, request: [String: Any], role: Role, state: inout State
  ) -> Reply {
    do {
      state.tally.requests += 1
      defer { state.lastId = id }
      var random = state.random
      defer { state.random = random }
      func number(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }
      let roll = number(100)
      let behaviour =
        state.planned.isEmpty ? Self.behaviour(roll, role: role, type: type) : state.planned.removeFirst()
      let answer = Self.answer(to: type, request: request, role: role, state: &state, number: number)
      var object = answer
      object["id"] = id
      let line = Self.line(object)
      var reply = Reply()
      switch behaviour {
      case .answer, .echoCard:
        reply.lines = [.line(line)]
      case .answerTwice:
        // The second copy waits in the pipe: the next request reads it first, as a stale answer to skip.
        reply.lines = [.line(line), .line(line)]
      case .staleFirst:
        var stale = answer
        stale["id"] = max(0, state.lastId)
        // (A blank line before it would be dropped by the pipe's reader, before any request sees it.)
        reply.lines = [.line(Self.line(stale)), .line(line)]
      case .garbage:
        reply.lines = [.line(Self.garbage(number(Self.garbageKinds), id: id, answer: answer))]
      case .tooLong:
        reply.lines = [.lineTooLong(start: Data(#"{"id": \#(id), "padding": "xxxxxxxx"#.utf8))]
      case .silent:
        state.exchanges.append(.silent)
        return reply
      case .crash:
        let card = Self.cardText(request, form: number(3))
        reply.stderr = ["fuzz-\(role): panic while handling \(type)" + (card.map { " for \($0)" } ?? "")]
        reply.exit = number(2) == 0 ? (1, false) : (11, true)
      case .unavailable:
        reply.stderr = ["sh: 1: exec: fuzz-\(role): not found"]
        reply.exit = (127, false)
      }
      if behaviour == .echoCard, let card = Self.cardText(request, form: number(3)) {
        reply.lines = [
          .line(
            Self.line([
              "id": id, "result": "declined", "errorCode": "05",
              "errorMessage": "Do not honour: \(card) was refused",
            ]))
        ]
      }
      state.exchanges.append(.answered(milliseconds: latency(type, role: role, number)))
      return reply
    }
  }

  /// The behaviour for a roll of 0 to 99: most requests get their answer.
  private static func behaviour(_ roll: Int, role: Role, type: String) -> Behaviour {
    switch roll {
    case 0..<62: return .answer
    case 62..<67: return .answerTwice
    case 67..<72: return .staleFirst
    case 72..<82: return .garbage
    case 82..<84: return .tooLong
    case 84..<89: return .silent
    case 89..<94: return .crash
    case 94..<96: return .unavailable
    default: return role == .plugin && type == "authorise" ? .echoCard : .answer
    }
  }

  /// How long an answer takes: a plugin within its 5 s, a hook's sheet update now and then past PassKit's
  /// 30 s (but within the second of grace the hook has, so it comes late, not never).
  private static func latency(_ type: String, role: Role, _ number: (Int) -> Int) -> Int {
    switch role {
    case .plugin:
      return number(10) == 0 ? 1500 + number(3499) : number(800)
    case .hook:
      guard type.hasSuffix("Selected") || type == "onCouponCodeChanged" else { return number(2000) }
      return number(12) == 0 ? 29_500 + number(1500) : number(1000)
    }
  }

  /// A plugin's or hook's reply made due on the fuzzer's clock: the work that talks to the peer runs now (the
  /// peer never waits), and its value is due after the latencies the script drew, `timeout` for an exchange
  /// left unanswered.
  func settle<Value: Sendable>(_ reply: GatewaySimulator.Reply<Value>, timeout: Duration)
    -> GatewaySimulator.Reply<Value>
  {
    guard case .later(let work) = reply else { return reply }
    startCall()
    let value = AsyncBridge.wait(work)
    return .after(endCall(timeout: timeout), value)
  }

  // MARK: - Answers

  private static func answer(
    to type: String, request: [String: Any], role: Role, state: inout State, number: (Int) -> Int
  ) -> [String: Any] {
    switch (role, type) {
    case (.plugin, "init"):
      var answer: [String: Any] = [
        "countryCode": request["countryCode"] ?? "US", "currencyCode": request["currencyCode"] ?? "USD",
        "networks": request["networks"] ?? [String](),
      ]
      if number(10) == 0 { answer["failure"] = "Merchant validation failed" }
      if number(20) == 0 { answer["countryCode"] = NSNull() }
      return answer
    case (.plugin, "authorise"), (.plugin, "threeDSecureResult"):
      return authorisation(type, request: request, state: &state, number: number)
    case (.plugin, "capture"):
      return number(10) == 0
        ? ["captured": false, "errorMessage": "Capture window closed"] : ["captured": true]
    case (.plugin, "paypalOrder"):
      state.transactions += 1
      return ["orderId": "PAYID-FUZZ\(state.transactions)"]
    case (.hook, "onBeforeSubmit"):
      return number(7) == 0
        ? ["allow": false, "message": "Please accept terms and conditions"] : ["allow": true]
    case (.hook, "onPreAuthorisation"):
      switch number(10) {
      case 0:
        return [
          "errors": [
            [
              "kind": "shippingContactInvalid", "field": "phoneNumber",
              "message": "Enter a valid phone number",
            ]
          ]
        ]
      case 1, 2: return ["addressVerification": ["countryCode": "US", "postalCode": "95014"]]
      default: return [:]
      }
    case (.hook, _):
      return sheetUpdate(request: request, number: number)
    default:
      return [:]
    }
  }

  /// A decision for `authorise` or `threeDSecureResult`; an approval is kept for its idempotency key and
  /// counted as a charge the first time.
  private static func authorisation(
    _ type: String, request: [String: Any], state: inout State, number: (Int) -> Int
  ) -> [String: Any] {
    let fields = (type == "authorise" ? request : request["authorisation"] as? [String: Any]) ?? [:]
    let key = fields["idempotencyKey"] as? String ?? ""
    if let approved = state.approvals[key],
      let object = (try? JSONSerialization.jsonObject(with: approved)) as? [String: Any]
    {
      return object
    }
    // As a backend does (and the simulated gateway): a session whose payment was charged takes no other.
    let session = fields["sessionId"] as? String ?? ""
    if !session.isEmpty, state.tally.chargesBySession[session, default: 0] > 0 {
      return [
        "result": "declined", "errorCode": "SESSION_SPENT", "errorMessage": "The session was already paid",
      ]
    }
    let isCard = fields["card"] != nil
    var answer: [String: Any]
    if type == "threeDSecureResult" {
      answer =
        request["code"] is NSNull
        ? ["result": "declined", "errorCode": "3DS_CANCELLED", "errorMessage": "The shopper cancelled"]
        : ["result": "approved"]
    } else {
      let roll = number(20)
      if roll < 12 {
        answer = ["result": "approved", "resultCode": "Authorised"]
      } else if roll < 17 {
        answer = ["result": "declined", "errorCode": "05", "errorMessage": "Do not honour"]
      } else if roll < 19, isCard {
        answer = ["result": "challenge", "acsTransactionId": "acs-fuzz-\(number(1000))"]
      } else if roll == 19, isCard {
        answer = ["result": "redirect", "returnURL": "https://acs.example/return"]
      } else {
        answer = ["result": "approved", "transStatus": "Y"]
      }
    }
    guard let result = answer["result"] as? String, result == "approved" || result == "redirect" else {
      return answer
    }
    state.transactions += 1
    answer["systemTransactionId"] = "fuzz-transaction-\(state.transactions)"
    if number(3) == 0 { answer["avsResult"] = ["Y", "A", "Z", "N", "U", "R"][number(6)] }
    state.approvals[key] = line(answer)
    state.tally.chargesBySession[session, default: 0] += 1
    state.tally.chargesByPayment[key, default: 0] += 1
    return answer
  }

  /// A sheet update priced from the request: the order's items, the chosen shipping method and a coupon's
  /// discount, then the total, as exact minor units of the request's currency. Now and then the total is one
  /// minor unit off, or the goods are priced past the amount limit, or the coupon is refused: the sheet must
  /// show the merchant's problem and never be paid.
  private static func sheetUpdate(request: [String: Any], number: (Int) -> Int) -> [String: Any] {
    let currency = (request["currencyCode"] as? String).flatMap(Currency.init(code:)) ?? .usd
    func money(_ value: Any?) -> Money? {
      (value as? String).flatMap { try? AmountParser.parse($0, currency: currency).get() }
    }
    var items: [(label: String, amount: Money)] = []
    for item in request["paymentItems"] as? [[String: Any]] ?? [] {
      guard let label = item["label"] as? String, let amount = money(item["amount"]) else { continue }
      items.append((label, amount))
    }
    let roll = number(20)
    if roll == 0 {
      let limit = AmountParser.maximumMinorUnits
      items = [
        ("Gold", Money(minorUnits: limit, currency: currency)),
        ("Gold", Money(minorUnits: limit, currency: currency)),
      ]
    }
    let goods = items.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
    let sheet = request["sheet"] as? [String: Any] ?? [:]
    if let method = sheet["shippingMethod"] as? [String: Any], let amount = money(method["amount"]) {
      items.append(("Shipping (\(method["label"] as? String ?? ""))", amount))
    }
    var answer: [String: Any] = [:]
    let coupon = (sheet["couponCode"] as? String ?? "").trimmingCharacters(in: .whitespaces)
    if !coupon.isEmpty {
      if roll == 1 {
        answer["errors"] = [["kind": "couponCodeInvalid", "message": "Unknown coupon \(coupon)"]]
      } else {
        items.append(("Discount (\(coupon))", Money(minorUnits: -(goods / 10), currency: currency)))
      }
    }
    var total = items.reduce(Int64(0)) { $0 + $1.amount.minorUnits }
    if roll == 2 { total += 1 }
    let name = request["merchantDisplayName"] as? String ?? "Total"
    answer["paymentSummaryItems"] =
      items.map { ["label": $0.label, "amount": $0.amount.plainString] }
      + [["label": name, "amount": Money(minorUnits: total, currency: currency).plainString]]
    return answer
  }

  // MARK: - Garbage

  static let garbageKinds = 8

  /// A line that is not the answer the protocol asks for.
  private static func garbage(_ kind: Int, id: Int, answer: [String: Any]) -> Data {
    switch kind {
    case 0: return Data("this is not JSON \u{1B}[31m".utf8)
    case 1: return Data("[\(id)]".utf8)
    case 2: return line(answer.merging(["id": "\(id)"]) { $1 })
    case 3: return line(["id": id, "result": 42, "allow": "yes", "paymentSummaryItems": "none"])
    case 4:
      return line([
        "id": id,
        "paymentSummaryItems": [["label": "Odd", "amount": "1.2345"], ["label": "Total", "amount": 1.2]],
      ])
    case 5: return line(["id": id, "errors": [["kind": "noSuchKind", "message": "?"]], "allow": true])
    case 6: return Data(#"{"id": \#(id), "result": "approved""#.utf8)
    default: return line(["id": id, "result": "declined"])
    }
  }

  /// The card the request carries, written as a careless plugin would write it: its number whole, grouped
  /// by spaces or by hyphens, with the security code, the expiry and the holder's name.
  private static func cardText(_ request: [String: Any], form: Int) -> String? {
    let fields = (request["card"] ?? (request["authorisation"] as? [String: Any])?["card"]) as? [String: Any]
    guard let fields, let digits = fields["number"] as? String else { return nil }
    let groups = stride(from: 0, to: digits.count, by: 4).map { start -> String in
      let from = digits.index(digits.startIndex, offsetBy: start)
      return String(
        digits[from..<(digits.index(from, offsetBy: 4, limitedBy: digits.endIndex) ?? digits.endIndex)])
    }
    let number = [digits, groups.joined(separator: " "), groups.joined(separator: "-")][form % 3]
    let month = fields["expiryMonth"].map { "\($0)" } ?? ""
    let year = fields["expiryYear"].map { "\($0)" } ?? ""
    let code = fields["securityCode"] as? String ?? ""
    let holder = fields["holderName"] as? String ?? ""
    return "card \(number) (\(holder), expires \(month)/\(year), CVC \(code))"
  }

  private static func line(_ object: [String: Any]) -> Data {
    (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
  }
}
