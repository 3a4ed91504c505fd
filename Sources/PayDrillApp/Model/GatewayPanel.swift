import CheckoutEngine
import GatewaySimulator
import TerminalUI

/// The gateway panel: the simulated gateway's latency by operation (with its spread and shape), a fault for
/// the next call, a random fault rate, the PSP profile and the seed, changed while a checkout runs (a tester
/// stages "the network drops during authorisation").
enum GatewayPanel {
  /// The panel's rows: the latency of each operation, and the settings shared by all.
  enum Row: CaseIterable {
    case latency(GatewayOperation)
    case jitter, shape, nextFault, faultRate, profile, seed

    /// The first five rows keep the order tapes rely on (`Down 2` reaches "Next call").
    static let allCases: [Row] =
      [.latency(.authorise), .jitter, .nextFault, .faultRate, .seed]
      + [.latency(.initialise), .latency(.threeDSecure), .latency(.session), .shape, .profile]

    var name: String {
      switch self {
      case .latency(let operation): return operation.label
      case .jitter: return "Jitter"
      case .shape: return "Distribution"
      case .nextFault: return "Next call"
      case .faultRate: return "Random faults"
      case .profile: return "PSP profile"
      case .seed: return "Random seed"
      }
    }
  }

  static let rows = Row.allCases
  static let latencies = [0, 100, 300, 600, 1500, 3000]
  static let jitters = [0, 25, 50, 100]
  static let rates = [0, 10, 25, 50, 100]

  static func value(of row: Int, in settings: GatewaySettings) -> String {
    switch rows[row] {
    case .latency(let operation): return settings.latency(of: operation).summary
    case .jitter: return "±\(settings.jitterPercent) % (every operation)"
    case .shape: return settings.latency(of: .authorise).shape.rawValue
    case .nextFault: return settings.nextFault.map { "\($0.rawValue) (\($0.error.errorCode))" } ?? "no fault"
    case .faultRate: return "\(settings.faultRatePercent) % of authorisations"
    case .profile: return settings.profile.rawValue
    case .seed: return "\(settings.seed) (--seed)"
    }
  }

  /// The settings with a row's value moved to the next one.
  static func changing(_ row: Int, of settings: GatewaySettings) -> GatewaySettings {
    var settings = settings
    func next<Value: Equatable>(_ values: [Value], after value: Value) -> Value {
      values[((values.firstIndex(of: value) ?? -1) + 1) % values.count]
    }
    switch rows[row] {
    case .latency(let operation):
      settings.latency[operation, default: LatencyDistribution(meanMilliseconds: 0)].meanMilliseconds = next(
        latencies, after: settings.latency(of: operation).meanMilliseconds)
    case .jitter: settings.jitterPercent = next(jitters, after: settings.jitterPercent)
    case .shape:
      let shape = next(LatencyDistribution.Shape.allCases, after: settings.latency(of: .authorise).shape)
      for operation in GatewayOperation.allCases { settings.latency[operation]?.shape = shape }
    case .nextFault:
      settings.nextFault = next([nil] + GatewaySettings.Fault.allCases, after: settings.nextFault)
    case .faultRate: settings.faultRatePercent = next(rates, after: settings.faultRatePercent)
    case .profile: settings.profile = next(PSPProfile.allCases, after: settings.profile)
    case .seed: settings.seed &+= 1
    }
    return settings
  }

  static func view(_ settings: GatewaySettings, highlighted: Int, plugin: String? = nil) -> SettingsPanelView
  {
    SettingsPanelView(
      title: plugin == nil ? "Gateway" : "Gateway (plugin)",
      rows: rows.indices.map { (rows[$0].name, value(of: $0, in: settings)) },
      highlighted: highlighted,
      hint: plugin == nil
        ? "Enter changes a setting; it applies to the next call."
        : "A gateway plugin answers: these settings do not apply to it.")
  }
}
