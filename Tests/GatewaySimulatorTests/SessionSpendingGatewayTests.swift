import Foundation
import Synchronization
import XCTest

@testable import CheckoutEngine
@testable import GatewaySimulator

/// A plugin gateway in a backend's session: the ledger (here a stand-in) is asked before the payment and
/// takes the approval as part of the charge; a ledger that cannot refuses the payment.
final class SessionSpendingGatewayTests: XCTestCase {
  /// A plugin that approves everything, answering later as a process does.
  private final class ApprovingPlugin: PaymentGateway {
    let counter = Mutex(0)
    func authorise(_ request: AuthorisationRequest) -> Reply<AuthorisationOutcome> {
      let number = counter.withLock {
        $0 += 1
        return $0
      }
      return .later { .approved(systemTransactionId: "tx-\(number)") }
    }
    func completeChallenge(_ challenge: ThreeDSecureChallenge, code: String?) -> Reply<AuthorisationOutcome> {
      .now(.approved(systemTransactionId: "tx-challenge"))
    }
    func createPayPalOrder(_ request: PayPalOrderRequest) -> Reply<PayPalOrder> {
      .now(PayPalOrder(orderId: "o", intent: request.intent, amount: request.amount))
    }
    func applePayInit(_ request: ApplePayInitRequest) -> Reply<ApplePayInitResponse> {
      .now(ApplePayInitEndpoint.answer(request))
    }
  }

  /// The payments a stand-in ledger took.
  private final class Taken: Sendable {
    let payments = Mutex<[SessionPayment]>([])
  }

  private struct Full: Error, CustomStringConvertible {
    var description: String { "ledger l.sqlite3: cannot be written: the disk is full" }
  }

  private func request(session: String = "s-1", key: String) -> AuthorisationRequest {
    AuthorisationRequest(
      method: .card, card: nil, amount: Money(minorUnits: 2500, currency: Currency(code: "USD")!),
      intent: "Authorisation", merchantTransactionId: "m-1", sessionId: session, idempotencyKey: key)
  }

  private func errorCode(_ reply: Reply<AuthorisationOutcome>) async -> String? {
    if case .declined(let error) = await reply.value.decision { return error.errorCode }
    return nil
  }

  func testThePluginsApprovalIsTakenByTheLedgerOnce() async {
    let taken = Taken()
    let sessions = SpentSessions(
      paidElsewhere: { id in taken.payments.withLock { $0.contains { $0.sessionId == id } } },
      takePayment: { payment in
        taken.payments.withLock { payments in
          guard !payments.contains(where: { $0.sessionId == payment.sessionId }) else { return false }
          payments.append(payment)
          return true
        }
      })
    let gateway = SessionSpendingGateway(ApprovingPlugin(), spentSessions: sessions)
    let first = await gateway.authorise(request(key: "k-1")).value
    XCTAssertEqual(first.systemTransactionId, "tx-1")
    XCTAssertEqual(taken.payments.withLock { $0.map(\.systemTransactionId) }, ["tx-1"])
    let second = await errorCode(gateway.authorise(request(key: "k-2")))
    XCTAssertEqual(second, "SESSION_SPENT")
    let sessionless = await gateway.authorise(request(session: "", key: "k-3")).value
    XCTAssertEqual(sessionless.systemTransactionId, "tx-2")
  }

  func testALedgerThatCannotTakeTheApprovalRefusesIt() async {
    let failing = SpentSessions(paidElsewhere: { _ in false }, takePayment: { _ in throw Full() })
    let gateway = SessionSpendingGateway(ApprovingPlugin(), spentSessions: failing)
    let refused = await gateway.authorise(request(key: "k-1")).value
    guard case .declined(let error) = refused.decision else { return XCTFail("\(refused)") }
    XCTAssertEqual(error.errorCode, "LEDGER_WRITE_FAILED")
    XCTAssertTrue(error.errorMessage.hasSuffix("the disk is full"), error.errorMessage)
    let unreadable = SpentSessions(paidElsewhere: { _ in throw Full() })
    let unchecked = await errorCode(
      SessionSpendingGateway(ApprovingPlugin(), spentSessions: unreadable).authorise(request(key: "k")))
    XCTAssertEqual(unchecked, "LEDGER_WRITE_FAILED")
  }
}
