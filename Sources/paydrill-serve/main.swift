import Foundation

// `paydrill serve` becomes this program, and `paydrill --serve` starts it; the server is in ServeProgram
// (not here: top-level code is the main actor's, and libmicrohttpd calls back on its own threads).
exit(ServeProgram.main(Array(CommandLine.arguments.dropFirst())))
