import GatewaySimulator
import TerminalUI

/// The gateway panel: the simulated gateway's latency, jitter, a fault for the next call and a random fault
/// rate, changed while a checkout runs (a tester stages "the network drops during authorisation").
enum GatewayPanel {
  static let rows = ["Latency", "Jitter", "Next call", "Random faults", "Seed"]
  static let latencies = [0, 100, 300, 600, 1500, 3000]
  static let jitters = [0, 25, 50, 100]
  static let rates = [0, 10, 25, 50, 100]

  static func value(of row: Int, in settings: GatewaySettings) -> String {
    switch row {
    case 0: return "\(settings.latencyMilliseconds) ms"
    case 1: return "±\(settings.jitterPercent) %"
    case 2: return settings.nextFault.map { "\($0.rawValue) (\($0.error.errorCode))" } ?? "no fault"
    case 3: return "\(settings.faultRatePercent) % of authorisations"
    default: return "\(settings.seed) (--seed)"
    }
  }

  /// The settings with a row's value moved to the next one.
  static func changing(_ row: Int, of settings: GatewaySettings) -> GatewaySettings {
    var settings = settings
    func next(_ values: [Int], after value: Int) -> Int {
      values[((values.firstIndex(of: value) ?? -1) + 1) % values.count]
    }
    switch row {
    case 0: settings.latencyMilliseconds = next(latencies, after: settings.latencyMilliseconds)
    case 1: settings.jitterPercent = next(jitters, after: settings.jitterPercent)
    case 2:
      let all: [GatewaySettings.Fault?] = [nil] + GatewaySettings.Fault.allCases
      settings.nextFault = all[((all.firstIndex(of: settings.nextFault) ?? 0) + 1) % all.count]
    case 3: settings.faultRatePercent = next(rates, after: settings.faultRatePercent)
    default: settings.seed &+= 1
    }
    return settings
  }

  /// A key in the open panel.
  static func handle(_ key: KeyEvent, row: Int, in model: inout AppModel) {
    switch key {
    case .up, .character("k"): model.gatewayPanel = max(0, row - 1)
    case .down, .character("j"), .tab: model.gatewayPanel = min(rows.count - 1, row + 1)
    case .escape, .character("g"): model.gatewayPanel = nil
    case .enter, .character(" "), .right: model.gatewaySettings = changing(row, of: model.gatewaySettings)
    default: break
    }
  }

  static func view(_ settings: GatewaySettings, highlighted: Int) -> SettingsPanelView {
    SettingsPanelView(
      title: "Gateway", rows: rows.indices.map { (rows[$0], value(of: $0, in: settings)) },
      highlighted: highlighted,
      hint: "Enter changes a setting; it applies to the next call.")
  }
}
