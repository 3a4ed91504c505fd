/// What the footer says in place of the keys until the next key: what became of the last screenshot or copy.
/// One at a time: the latest answer replaces the notice before it.
public enum FooterNotice: Equatable, Sendable {
  case screenshot(ScreenshotOutcome)
  case copy(CopyOutcome)
}
