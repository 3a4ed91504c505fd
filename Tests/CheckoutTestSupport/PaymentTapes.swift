/// Tapes the tests play, written once: the end-to-end tests write them to files, the ledger tests parse them.
public enum PaymentTapes {
  /// Pays with the Visa test card from the method list, as a shopper types it, and waits for `ending` (the
  /// success by default); `checks` (tape lines) follow.
  public static func card(waitingFor ending: String = "Payment successful", then checks: String = "")
    -> String
  {
    """
    Wait /Choose a payment method/
    Enter
    Type "4242 4242 4242 4242"
    Tab
    Type "12/34"
    Tab
    Type "123"
    Tab
    Type "Jane Doe"
    Tab
    Enter
    Wait@10s /\(ending)/

    """ + (checks.isEmpty ? "" : checks + "\n")
  }
}
