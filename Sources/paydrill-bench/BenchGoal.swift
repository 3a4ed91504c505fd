import Foundation

/// A figure's goal (issue #7), and how a measurement compares with it.
struct BenchGoal {
  enum Direction {
    /// The figure must stay under the limit (a time, a size).
    case below
    /// The figure must not pass the limit (a ratio).
    case atMost
    /// The figure must reach the limit (a rate).
    case atLeast
  }

  let direction: Direction
  let limit: Double
  let unit: String

  static func below(_ limit: Double, _ unit: String) -> BenchGoal {
    BenchGoal(direction: .below, limit: limit, unit: unit)
  }

  static func atMost(_ limit: Double, _ unit: String) -> BenchGoal {
    BenchGoal(direction: .atMost, limit: limit, unit: unit)
  }

  static func atLeast(_ limit: Double, _ unit: String) -> BenchGoal {
    BenchGoal(direction: .atLeast, limit: limit, unit: unit)
  }

  func isMet(by value: Double) -> Bool {
    switch direction {
    case .below: return value < limit
    case .atMost: return value <= limit
    case .atLeast: return value >= limit
    }
  }

  private var symbol: String {
    switch direction {
    case .below: return "<"
    case .atMost: return "≤"
    case .atLeast: return "≥"
    }
  }

  /// "goal < 0.5 ms: met", or "goal < 0.5 ms: missed by 0.12 ms".
  func verdict(_ value: Double) -> String {
    let goal = "goal \(symbol) \(String(format: "%g", limit))\(spacedUnit)"
    if isMet(by: value) { return "\(goal): met" }
    return "\(goal): missed by \(Self.number(abs(value - limit)))\(spacedUnit)"
  }

  private var spacedUnit: String { unit.isEmpty || unit == "×" ? unit : " \(unit)" }

  /// A number with three significant digits or more ("0.412", "27.1", "24310").
  static func number(_ value: Double) -> String {
    let magnitude = abs(value)
    if magnitude >= 100 || magnitude == magnitude.rounded() { return String(format: "%.0f", value) }
    if magnitude >= 10 { return String(format: "%.1f", value) }
    if magnitude >= 1 { return String(format: "%.2f", value) }
    return String(format: "%.3f", value)
  }
}
