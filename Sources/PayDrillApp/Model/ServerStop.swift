import PayDrillFiles

/// How the server of `paydrill --serve` ended when nobody asked it to (a crash, a signal, a fatal error it
/// printed): the checkout shows it, with the server's last words, and exits with status 1.
public struct ServerStop: Equatable, Sendable {
  /// The exit status, or the signal's number when `signalled`.
  public var status: Int32
  public var signalled: Bool
  /// The last lines the server wrote to standard error, the last one last (`paydrill: ` taken off).
  public var lastWords: [String]

  public init(status: Int32, signalled: Bool, lastWords: [String]) {
    self.status = status
    self.signalled = signalled
    self.lastWords = lastWords
  }

  /// `exit status 3`, `signal 9`.
  public var how: String { signalled ? "signal \(status)" : "exit status \(status)" }

  /// One line for the footer and for the message after the terminal is back: what happened and the last
  /// thing the server said, its control characters written out.
  public var summary: String {
    let said =
      lastWords.last.map { ": " + PrintableText.visible($0) } ?? " without a word on its standard error"
    return "the server (paydrill serve) stopped (\(how))\(said)"
  }
}
