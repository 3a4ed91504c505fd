import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `paydrill serve` listens: an IP address (IPv4, or IPv6 in brackets) and a port, `127.0.0.1:8787`
/// unless told otherwise. `localhost` stands for 127.0.0.1; port 0 lets the system choose a free one.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
  public var host: String
  public var port: UInt16
  public var isIPv6: Bool

  public static let standard = ListenAddress(host: "127.0.0.1", port: 8787, isIPv6: false)

  public init(host: String, port: UInt16, isIPv6: Bool) {
    self.host = host
    self.port = port
    self.isIPv6 = isIPv6
  }

  /// `HOST:PORT`, `[IPv6]:PORT`, or `:PORT` (loopback); nil with no usable address or port.
  public init?(parsing text: String) {
    let host: String
    let portText: Substring
    if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
      host = String(text[text.index(after: text.startIndex)..<close])
      let rest = text[text.index(after: close)...]
      guard rest.hasPrefix(":") else { return nil }
      portText = rest.dropFirst()
    } else {
      guard let colon = text.lastIndex(of: ":") else { return nil }
      host = text[..<colon].isEmpty ? "127.0.0.1" : String(text[..<colon])
      portText = text[text.index(after: colon)...]
    }
    guard let port = UInt16(portText) else { return nil }
    let named = host == "localhost" ? "127.0.0.1" : host
    var v4 = in_addr()
    var v6 = in6_addr()
    if inet_pton(AF_INET, named, &v4) == 1 {
      self.init(host: named, port: port, isIPv6: false)
    } else if inet_pton(AF_INET6, named, &v6) == 1 {
      self.init(host: named, port: port, isIPv6: true)
    } else {
      return nil
    }
  }

  /// Whether only this machine can reach it: 127.0.0.0/8, and `::1` however it is spelled
  /// (`0:0:0:0:0:0:0:1`, `::0:1`) or an IPv4 loopback address mapped into IPv6 (`::ffff:127.0.0.1`). Read
  /// from the address's bytes, not its text.
  public var isLoopback: Bool {
    if !isIPv6 {
      var v4 = in_addr()
      guard inet_pton(AF_INET, host, &v4) == 1 else { return false }
      return UInt32(bigEndian: v4.s_addr) >> 24 == 127
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: &v6) { Array($0) }
    let loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
    let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    return loopback || (mapped && bytes[12] == 127)
  }

  public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// The server's base URL at this address and `port` (the one the system chose for port 0).
  public func url(port: UInt16) -> String {
    isIPv6 ? "http://[\(host)]:\(port)" : "http://\(host):\(port)"
  }
}
