import GatewaySimulator

/// A change the gateway panel can make to the simulated gateway.
public enum FuzzGatewayChange: Equatable, Sendable, CustomStringConvertible {
  case armFault(GatewaySettings.Fault?)
  case faultRate(percent: Int)
  case latency(milliseconds: Int)
  case jitter(percent: Int)
  case seed(UInt64)

  /// Applies the change to the settings.
  func apply(to settings: inout GatewaySettings) {
    switch self {
    case .armFault(let fault): settings.nextFault = fault
    case .faultRate(let percent): settings.faultRatePercent = percent
    case .latency(let milliseconds): settings.latencyMilliseconds = milliseconds
    case .jitter(let percent): settings.jitterPercent = percent
    case .seed(let seed): settings.seed = seed
    }
  }

  public var description: String {
    switch self {
    case .armFault(let fault): return "next fault \(fault?.rawValue ?? "none")"
    case .faultRate(let percent): return "fault rate \(percent)%"
    case .latency(let milliseconds): return "latency \(milliseconds) ms"
    case .jitter(let percent): return "jitter \(percent)%"
    case .seed(let seed): return "seed \(seed)"
    }
  }
}
