import CMicroHTTPD
import Foundation
import GatewaySimulator
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An HTTP server on libmicrohttpd: it parses requests and writes answers; `respond` (the simulated API)
/// decides, and `screen` may refuse a request from its headers before its body is read. Bounded: a body
/// past `limits.maximumBodyBytes` gets a 413 without being kept, a connection past `limits.connectionLimit`
/// (or past `limits.connectionsPerClient` from one address) is accepted and closed at once, one idle for `limits.connectionTimeoutSeconds` is closed, and one
/// whose request has not arrived whole `limits.requestTimeoutSeconds` after it could begin (however steadily
/// it trickles in) is cut off without an answer, and logged as a 408 (`RequestDeadlines`).
/// libmicrohttpd calls `respond` on its own threads, several at once: it must be safe to.
public final class HTTPDaemon: Sendable {
  /// Where it listens, with the port the system chose for port 0.
  public let address: ListenAddress
  public let port: UInt16
  private let handle: DaemonHandle
  private let context: Unmanaged<DaemonContext>

  /// Why the server could not start.
  public struct StartFailure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts listening; throws when the address cannot be bound (in use, not this machine's). `screen`
  /// sees each request with its headers and no body: an answer it gives is sent at once and the body is
  /// never read (a client that is not signed cannot make the server read one).
  public init(
    address: ListenAddress, limits: ServerLimits,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    screen: @escaping @Sendable (HTTPRequest) -> HTTPResponse? = { _ in nil },
    respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws {
    let context = Unmanaged.passRetained(DaemonContext(limits: limits, screen: screen, respond: respond))
    let pool = max(1, threads)
    let daemon: OpaquePointer? = Self.withSocketAddress(address) { socketAddress in
      cmhd_start(
        cmhd_flags(address.isIPv6 ? 1 : 0), socketAddress, accessHandler, context.toOpaque(), requestBegun,
        requestCompleted, connectionChanged, acceptPolicy, context.toOpaque(),
        // libmicrohttpd's own limit, which would leave connections waiting in the backlog, is never
        // reached: `acceptPolicy` closes those past PayDrill's (a few threads may each accept one more at
        // the same moment).
        UInt32(limits.connectionLimit * 2 + pool), UInt32(limits.connectionsPerClient),
        UInt32(limits.connectionTimeoutSeconds), UInt32(pool), 64 * 1024)
    }
    guard let daemon else {
      context.release()
      throw StartFailure(
        description:
          "cannot listen on \(address): \(errno == 0 ? "the address cannot be bound" : String(cString: strerror(errno)))"
      )
    }
    self.address = address
    self.context = context
    handle = DaemonHandle(daemon, deadlines: context.takeUnretainedValue().deadlines)
    port = cmhd_port(daemon)
    context.takeUnretainedValue().deadlines.start()
  }

  /// The base URL clients use.
  public var url: String { address.url(port: port) }

  /// The connections open now, as libmicrohttpd's notifications count them: what a test waits on instead of
  /// sleeping until the server has taken its clients.
  var openConnections: Int { context.takeUnretainedValue().open.load(ordering: .relaxed) }

  /// Stops listening, finishes the connections, and returns once no request is being handled.
  public func stop() {
    guard handle.take() != nil else { return }
    context.release()
  }

  deinit { stop() }

  private static func withSocketAddress<Result>(
    _ address: ListenAddress, _ body: (UnsafePointer<sockaddr>) -> Result
  ) -> Result {
    if address.isIPv6 {
      var socket = sockaddr_in6()
      socket.sin6_family = sa_family_t(AF_INET6)
      socket.sin6_port = address.port.bigEndian
      _ = inet_pton(AF_INET6, address.host, &socket.sin6_addr)
      return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
    var socket = sockaddr_in()
    socket.sin_family = sa_family_t(AF_INET)
    socket.sin_port = address.port.bigEndian
    _ = inet_pton(AF_INET, address.host, &socket.sin_addr)
    return withUnsafePointer(to: &socket) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
  }
}

/// The daemon's pointer, stopped once (its deadlines' timer first).
private final class DaemonHandle: @unchecked Sendable {
  private let lock = NSLock()
  private var daemon: OpaquePointer?
  private let deadlines: RequestDeadlines

  init(_ daemon: OpaquePointer, deadlines: RequestDeadlines) {
    self.daemon = daemon
    self.deadlines = deadlines
  }

  /// Stops the daemon, the first time; returns it then.
  func take() -> OpaquePointer? {
    lock.lock()
    let taken = daemon
    daemon = nil
    lock.unlock()
    if let taken {
      deadlines.stop()
      MHD_stop_daemon(taken)
    }
    return taken
  }
}

/// What every callback of the daemon needs: the limits, the answering functions, the requests' deadlines
/// and the connections open.
private final class DaemonContext: Sendable {
  let limits: ServerLimits
  let screen: @Sendable (HTTPRequest) -> HTTPResponse?
  let respond: @Sendable (HTTPRequest) -> HTTPResponse
  let deadlines: RequestDeadlines
  /// Connections open now (libmicrohttpd's notifications count them).
  let open = Atomic<Int>(0)

  init(
    limits: ServerLimits, screen: @escaping @Sendable (HTTPRequest) -> HTTPResponse?,
    respond: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    self.limits = limits
    self.screen = screen
    self.respond = respond
    deadlines = RequestDeadlines(seconds: limits.requestTimeoutSeconds)
  }
}

/// Asked of each connection as libmicrohttpd accepts it: one past the limit is closed at once, so that no
/// connection waits in the system's backlog for one to end.
private func acceptPolicy(
  _ cls: UnsafeMutableRawPointer?, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> MHD_Result {
  guard let cls else { return .NO }
  let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
  return context.open.load(ordering: .relaxed) < context.limits.connectionLimit ? .YES : .NO
}

/// One request as it arrives, kept between libmicrohttpd's calls for it (a connection's calls come one at a
/// time): made when its target is read, released when it completes however it ends.
private final class ArrivingRequest {
  let target: String
  /// Its connection's deadline.
  let watch: RequestDeadlines.Watch
  var started = false
  var headers: [String: String] = [:]
  var body = Data()
  var tooLarge = false
  /// Answered from its headers (`screen`): its body is not kept.
  var refused = false

  init(target: String, watch: RequestDeadlines.Watch) {
    self.target = target
    self.watch = watch
  }
}

/// A connection opened (its deadline starts, in its socket context) or closed (a cut-off one is logged).
private func connectionChanged(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ code: MHD_ConnectionNotificationCode
) {
  guard let cls, let connection, let socketContext else { return }
  let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
  if cmhd_connection_opened(code) != 0 {
    context.open.add(1, ordering: .relaxed)
    let watch = context.deadlines.opened(socket: cmhd_connection_socket(connection))
    socketContext.pointee = Unmanaged.passRetained(watch).toOpaque()
    return
  }
  context.open.subtract(1, ordering: .relaxed)
  guard let pointer = socketContext.pointee else { return }
  socketContext.pointee = nil
  let watch = Unmanaged<RequestDeadlines.Watch>.fromOpaque(pointer).takeRetainedValue()
  // Logged like a refusal when a request had begun (not for a connection idle between requests, or one that
  // never sent a whole first line); nothing is sent.
  guard context.deadlines.closed(watch), let target = watch.target else { return }
  var request = HTTPRequest(method: watch.method ?? "-", target: target)
  request.isTooSlow = true
  _ = context.respond(request)
}

/// libmicrohttpd read a request's target: its state begins.
private func requestBegun(
  _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
  guard let connection, let watchPointer = cmhd_socket_context(connection) else { return nil }
  let watch = Unmanaged<RequestDeadlines.Watch>.fromOpaque(watchPointer).takeUnretainedValue()
  let request = ArrivingRequest(target: uri.map { String(cString: $0) } ?? "/", watch: watch)
  watch.target = request.target
  return Unmanaged.passRetained(request).toOpaque()
}

/// libmicrohttpd finished with a request (answered, or the client went away): its state is released, and
/// the connection's next request has its deadline from now.
private func requestCompleted(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
  _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ reason: MHD_RequestTerminationCode
) {
  guard let cls, let state, let pointer = state.pointee else { return }
  let request = Unmanaged<ArrivingRequest>.fromOpaque(pointer).takeRetainedValue()
  state.pointee = nil
  Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue().deadlines.answered(request.watch)
}

/// Reads one header into the request.
private func collectHeader(
  _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
  _ value: UnsafePointer<CChar>?
) -> MHD_Result {
  guard let cls, let key else { return .YES }
  let request = Unmanaged<ArrivingRequest>.fromOpaque(cls).takeUnretainedValue()
  request.headers[String(cString: key).lowercased()] = value.map { String(cString: $0) } ?? ""
  return .YES
}

/// libmicrohttpd's access handler: called once with the headers, then with each part of the body, then
/// once more when the body is whole. It answers on the first call when the declared body is too large, and
/// on the last otherwise; a call past the request's deadline closes the connection (`RequestDeadlines`).
private func accessHandler(
  _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
  _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
  _ uploadDataSize: UnsafeMutablePointer<Int>?, _ state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
  guard let cls, let connection, let state, let pointer = state.pointee else { return .NO }
  let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
  let request = Unmanaged<ArrivingRequest>.fromOpaque(pointer).takeUnretainedValue()
  let limit = context.limits.maximumBodyBytes
  // A client that sends a byte now and then is not waited for: the rest of its request is not read.
  guard !context.deadlines.isCutOff(request.watch) else { return .NO }
  if !request.started {
    request.started = true
    request.watch.method = method.map { String(cString: $0) }
    _ = MHD_get_connection_values(connection, cmhd_header_kind(), collectHeader, pointer)
    if let length = request.headers["content-length"].flatMap(Int.init), length > limit {
      // Answered before the body is read: the client that waits for 100 Continue sends none of it.
      request.tooLarge = true
      return answer(request, method: method, context: context, on: connection)
    }
    // Refused from its headers alone (not signed, say): answered before the body is read too.
    let headersOnly = HTTPRequest(
      method: method.map { String(cString: $0) } ?? "", target: request.target, headers: request.headers)
    if let refusal = context.screen(headersOnly) {
      guard context.deadlines.arrived(request.watch) else { return .NO }
      request.refused = true
      return queue(refusal, on: connection)
    }
    return .YES
  }
  if let size = uploadDataSize, size.pointee > 0 {
    if !request.tooLarge, !request.refused, let data = uploadData {
      if request.body.count + size.pointee > limit {
        request.tooLarge = true
        request.body = Data()
      } else {
        request.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size.pointee)
      }
    }
    size.pointee = 0
    return .YES
  }
  return answer(request, method: method, context: context, on: connection)
}

/// The simulated API's answer to a request, sent.
private func answer(
  _ request: ArrivingRequest, method: UnsafePointer<CChar>?, context: DaemonContext,
  on connection: OpaquePointer
) -> MHD_Result {
  guard context.deadlines.arrived(request.watch) else { return .NO }
  var arrived = HTTPRequest(
    method: method.map { String(cString: $0) } ?? "", target: request.target, headers: request.headers,
    body: request.body)
  arrived.isTooLarge = request.tooLarge
  return queue(context.respond(arrived), on: connection)
}

/// Sends an answer: its JSON body, its headers.
private func queue(_ answer: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
  let response = answer.body.withUnsafeBytes { bytes in
    MHD_create_response_from_buffer(
      bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), cmhd_must_copy())
  }
  guard let response else { return .NO }
  defer { MHD_destroy_response(response) }
  _ = MHD_add_response_header(response, "Content-Type", "application/json")
  for (name, value) in answer.headers { _ = MHD_add_response_header(response, name, value) }
  return MHD_queue_response(connection, UInt32(answer.status), response)
}
