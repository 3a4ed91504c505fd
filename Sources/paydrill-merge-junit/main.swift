import Foundation
import JUnitMerge

// `paydrill merge-junit` runs this program with its checked arguments (`[--output FILE] -- REPORT…`).
exit(JUnitMergeProgram.main(Array(CommandLine.arguments.dropFirst())))
