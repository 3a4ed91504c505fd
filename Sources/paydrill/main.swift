import Foundation
import PayDrillCLI

// `buildCommit` is generated before every build by the GitCommit plugin (Plugins/GitCommit).
exit(PayDrillCommand.main(Array(CommandLine.arguments.dropFirst()), commit: buildCommit))
