import Foundation

/// Session requests per second through `paydrill serve` (the release build beside the bench, with a ledger
/// of its own), beside a floor: a minimal C program on the same libmicrohttpd that answers every request
/// with a fixed 200, built here in the same run. The same load drives both (`Tools/session-load.py`: 64
/// clients on keep-alive connections, each request signed as a backend signs it), in turn, floor then
/// paydrill, `pairs` times; the figure is the median rate and the median of the pairs' ratios.
enum SessionRateProbe {
  struct Figures {
    var paydrill: Double
    var floor: Double
    /// Paydrill's rate over the floor's, pair by pair.
    var ratio: PairedRatio
    var requests: Int
    var clients: Int
    var pairs: Int
  }

  static let goal = BenchGoal.atLeast(0.5, "×")

  /// The bench's lines: the rate, the floor's, and the ratio against its goal.
  static func lines(paydrill executable: String, in folder: URL) throws(BenchError) -> [String] {
    let figures = try measure(paydrill: executable, in: folder)
    return [
      String(format: "session requests: %.0f requests/s", figures.paydrill)
        + " through paydrill serve (a ledger of its own), \(figures.clients) clients, \(figures.requests)"
        + " signed requests a run; the floor (C + libmicrohttpd, a fixed 200): "
        + String(format: "%.0f requests/s", figures.floor),
      String(format: "session requests against the floor: %.2f×", figures.ratio.median)
        + " (\(goal.verdict(figures.ratio.median))), \(figures.ratio.description), the floor then paydrill",
    ]
  }

  static func measure(
    paydrill executable: String, in folder: URL, requests: Int = 6000, clients: Int = 64, pairs: Int = 3
  ) throws(BenchError) -> Figures {
    guard let python = FloorPrograms.executable(named: "python3") else {
      throw BenchError("python3 is not in PATH (it runs Tools/session-load.py)")
    }
    guard let client = loadClient(besides: executable) else {
      throw BenchError(
        "Tools/session-load.py is not in the working folder: run make bench from the repository")
    }
    let floor = try buildFloor(in: folder)
    var paydrillRates: [Double] = []
    var floorRates: [Double] = []
    for pair in 0..<pairs {
      let floorRate = try rate(
        of: Server(floor, [], in: folder), python: python, client: client, requests: requests,
        clients: clients)
      let ledger = folder.appendingPathComponent("serve-\(pair).sqlite3").path
      let serve = Server(
        executable, ["serve", "--listen", "127.0.0.1:0", "--ledger", ledger], in: folder)
      let paydrillRate = try rate(
        of: serve, python: python, client: client, requests: requests, clients: clients)
      floorRates.append(floorRate)
      paydrillRates.append(paydrillRate)
    }
    return Figures(
      paydrill: PairedRatio.median(paydrillRates), floor: PairedRatio.median(floorRates),
      ratio: PairedRatio(paydrillRates, over: floorRates), requests: requests,
      clients: clients, pairs: pairs)
  }

  /// `Tools/session-load.py` in the working folder, or in the repository the bench was built in.
  private static func loadClient(besides executable: String) -> String? {
    let relative = "Tools/session-load.py"
    let repository = URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent("../../..").standardized
    return [FileManager.default.currentDirectoryPath + "/" + relative, repository.path + "/" + relative]
      .first { FileManager.default.fileExists(atPath: $0) }
  }

  /// A server as the probe runs it: started, asked where it listens, and ended with its load.
  private struct Server {
    var executable: String
    var arguments: [String]
    var folder: URL

    init(_ executable: String, _ arguments: [String], in folder: URL) {
      self.executable = executable
      self.arguments = arguments
      self.folder = folder
    }
  }

  /// Starts the server, drives it with the load client, stops it; returns the client's requests per second.
  private static func rate(
    of server: Server, python: String, client: String, requests: Int, clients: Int
  ) throws(BenchError) -> Double {
    let log = server.folder.appendingPathComponent("server-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: server.executable)
    process.arguments = server.arguments
    process.standardInput = Pipe()
    do {
      let handle = try FileHandle(forWritingTo: log)
      process.standardOutput = handle
      process.standardError = handle
      try process.run()
    } catch {
      throw BenchError("\(server.executable) cannot be started: \(error)")
    }
    defer {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
    // Both say where they listen in their first line: "… listens on http://127.0.0.1:PORT".
    var url: String?
    let deadline = Date().addingTimeInterval(10)
    while url == nil, Date() < deadline, process.isRunning {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: #"listens on http://\S+"#, options: .regularExpression) {
        url = String(text[range].dropFirst("listens on ".count))
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    guard let url else {
      throw BenchError("\(URL(fileURLWithPath: server.executable).lastPathComponent) did not start listening")
    }
    let output = server.folder.appendingPathComponent("load-\(UUID().uuidString).json")
    let load = Process()
    load.executableURL = URL(fileURLWithPath: python)
    load.arguments = [client, "--url", url, "--requests", "\(requests)", "--clients", "\(clients)"]
    do {
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      load.standardOutput = try FileHandle(forWritingTo: output)
      load.standardError = FileHandle.nullDevice
      try load.run()
    } catch {
      throw BenchError("the load client cannot be started: \(error)")
    }
    load.waitUntilExit()
    guard load.terminationStatus == 0,
      let data = FileManager.default.contents(atPath: output.path),
      let summary = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let rate = summary["rate"] as? Double, let ok = summary["ok"] as? Int
    else {
      throw BenchError("the load client failed (status \(load.terminationStatus))")
    }
    guard ok == requests else {
      throw BenchError("only \(ok) of \(requests) requests were answered 200 by \(server.executable)")
    }
    return rate
  }

  /// Builds the C floor with pkg-config's flags for libmicrohttpd.
  private static func buildFloor(in folder: URL) throws(BenchError) -> String {
    guard let cc = FloorPrograms.executable(named: "cc"),
      let pkgConfig = FloorPrograms.executable(named: "pkg-config")
    else { throw BenchError("the floor needs cc and pkg-config in PATH") }
    let source = folder.appendingPathComponent("floor-http.c")
    let program = folder.appendingPathComponent("floor-http").path
    let flags = folder.appendingPathComponent("floor-http.flags")
    do {
      try cSource.write(to: source, atomically: true, encoding: .utf8)
    } catch {
      throw BenchError("cannot write the floor's source: \(error)")
    }
    // pkg-config's flags, then the compiler, through the shell: one line each, as a developer would type it.
    let script =
      "\(pkgConfig) --cflags --libs libmicrohttpd > '\(flags.path)' && "
      + "\(cc) -O2 '\(source.path)' -o '\(program)' $(cat '\(flags.path)')"
    let build = Process()
    build.executableURL = URL(fileURLWithPath: "/bin/sh")
    build.arguments = ["-c", script]
    build.standardOutput = FileHandle.nullDevice
    build.standardError = FileHandle.nullDevice
    do {
      try build.run()
    } catch {
      throw BenchError("the floor cannot be built: \(error)")
    }
    build.waitUntilExit()
    guard build.terminationStatus == 0 else {
      throw BenchError("the C floor did not build (is libmicrohttpd-dev installed?)")
    }
    return program
  }

  /// The floor: libmicrohttpd with the same threading as paydrill serve (a pool of one thread a core),
  /// reading the whole body and answering a fixed 200 with a JSON body. It says where it listens as
  /// paydrill serve does, and ends when its standard input closes.
  static let cSource = #"""
    #include <microhttpd.h>
    #include <stdio.h>
    #include <string.h>
    #include <unistd.h>
    #include <netinet/in.h>
    #include <arpa/inet.h>

    static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **state) {
      static int started;
      if (*state == NULL) { *state = &started; return MHD_YES; }
      if (*upload_data_size > 0) { *upload_data_size = 0; return MHD_YES; }
      static const char body[] = "{\"floor\":true}";
      struct MHD_Response *response =
          MHD_create_response_from_buffer(sizeof body - 1, (void *)body, MHD_RESPMEM_PERSISTENT);
      MHD_add_response_header(response, "Content-Type", "application/json");
      enum MHD_Result queued = MHD_queue_response(connection, 200, response);
      MHD_destroy_response(response);
      return queued;
    }

    int main(void) {
      struct sockaddr_in address;
      memset(&address, 0, sizeof address);
      address.sin_family = AF_INET;
      address.sin_port = 0;
      address.sin_addr.s_addr = inet_addr("127.0.0.1");
      long cores = sysconf(_SC_NPROCESSORS_ONLN);
      struct MHD_Daemon *daemon = MHD_start_daemon(
          MHD_USE_AUTO_INTERNAL_THREAD, 0, NULL, NULL, answer, NULL, MHD_OPTION_SOCK_ADDR, &address,
          MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)(cores > 0 ? cores : 1), MHD_OPTION_CONNECTION_LIMIT,
          256u, MHD_OPTION_END);
      if (daemon == NULL) { fprintf(stderr, "floor: cannot listen\n"); return 2; }
      const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
      printf("floor listens on http://127.0.0.1:%u\n", info ? info->port : 0);
      fflush(stdout);
      char buffer[64];
      while (read(0, buffer, sizeof buffer) > 0) {}
      MHD_stop_daemon(daemon);
      return 0;
    }
    """#
}
