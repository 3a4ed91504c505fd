extension Duration {
  /// The duration in seconds, for printing and for APIs that take a `TimeInterval`.
  package var inSeconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
