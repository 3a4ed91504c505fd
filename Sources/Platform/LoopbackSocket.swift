#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A plain TCP socket, for tests that speak raw bytes to a local server. The two C libraries differ in the
/// socket type (glibc's `SOCK_STREAM` is an enum, Darwin's an int) and in how a write to a closed peer is
/// kept from raising SIGPIPE (`MSG_NOSIGNAL` on Linux, the socket option `SO_NOSIGPIPE` on Darwin).
package enum LoopbackSocket {
  /// A new TCP socket (-1 when none could be made), which never raises SIGPIPE.
  package static func stream() -> Int32 {
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
      var on: Int32 = 1
      if descriptor >= 0 {
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      }
      return descriptor
    #else
      return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
  }

  /// Sends `bytes` on `descriptor` without SIGPIPE; the count sent, or -1.
  package static func send(_ bytes: [UInt8], on descriptor: Int32) -> Int {
    #if canImport(Darwin)
      return Darwin.send(descriptor, bytes, bytes.count, 0)
    #else
      return Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL))
    #endif
  }
}
