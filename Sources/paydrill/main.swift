import Foundation
import PayDrillApp

exit(PayDrillCommand.main(Array(CommandLine.arguments.dropFirst())))
