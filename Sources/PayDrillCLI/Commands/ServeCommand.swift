import Foundation
import GatewaySimulator
import PayDrillCommandLine
import PayDrillFiles
import PaymentHistory

/// `paydrill serve`: the simulated gateway over HTTP, for a team's own backend. The command line is checked
/// here like every command's; then this process becomes `paydrill-serve`, which links libmicrohttpd (loaded
/// by no other command) and runs the server with the same command line. `paydrill --serve` starts the same
/// program as a child and hears of each request (`ServerProcess`).
public enum ServeCommand {
  /// Its options, which the command line reads (`ServeOptions`, in `PayDrillCommandLine`).
  public typealias Options = ServeOptions

  static let program = HelperProgram(name: "paydrill-serve")

  /// Becomes paydrill-serve with the command line as given; returns 2 only when it cannot be run.
  static func run(_ arguments: [String]) -> Int32 {
    program.become("serve", arguments: arguments)
  }
}
