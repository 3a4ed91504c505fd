/// What is open over the checkout: one thing at a time, or nothing. Opening one closes the other.
enum Overlay: Equatable, Sendable {
  /// The keys' help (`?`) over what was open, which it lists the keys of and gives back when any key
  /// closes it.
  indirect case help(over: Overlay?)
  /// The Apple Pay button gallery (`b`, or `paydrill buttons`).
  case gallery(ButtonGallery)
  /// The gateway panel (`g`), with its highlighted row.
  case gatewayPanel(row: Int)
  /// The device panel (`d`), with its highlighted row.
  case devicePanel(row: Int)
  /// The run history (`H`).
  case history(HistoryPanel)
  /// One event opened whole from the event list (Enter).
  case inspector(EventInspector)
  /// The whole order, opened from the method list (`o`).
  case order(OrderList)
}
