import PayDrillCommandLine
import PayDrillFiles
import PayDrillTools

extension CommandLineOptions {
  /// The options a tape runs with: its header's, then the command line's, which win (`play`, `demo`).
  static func parse(header tape: Tape, arguments: [String]) throws -> CommandLineOptions {
    let header: CommandLineOptions
    do {
      header = try parse(header: tape.headerArguments)
    } catch {
      throw ConfigurationError(file: tape.file, problem: "header: \(error)")
    }
    return try parse(arguments, over: header)
  }
}
