import CheckoutEngine
import Foundation
import GatewaySimulator
import PayDrillApp
import PayDrillLoop
import Platform
import TerminalUI

/// `paydrill-bench` (`make bench`): figures anyone can re-run, one line each with its unit, and for those of
/// issue #7 and of "One loop" the goal and whether it is met. Tests never assert them.
///
/// In process: the reducer, headless checkouts (card, Apple Pay), a key and its frame with a short and a long
/// event log, memory over many rounds of the Apple Pay sheet, and drawing a frame into the buffer. Through a
/// pseudo-terminal, with the `paydrill` built beside this program: a keystroke to the terminal's update,
/// start-up to the first frame beside floor programs built on the spot, and the peak memory of a whole
/// session.
enum Benchmark {
  /// The pseudo-terminal's size for the terminal figures: paydrill's default.
  static let terminalSize = Size(columns: 100, rows: 32)

  /// The shopper's actions of one card checkout, from the method list to Pay.
  static func cardCheckoutActions() -> [CheckoutAction] {
    var actions: [CheckoutAction] = [.selectMethod(.card)]
    actions += "4242424242424242".map { .type(String($0), into: .number) }
    actions += [.leaveField(.number)]
    actions += "1234".map { .type(String($0), into: .expiry) }
    actions += "123".map { .type(String($0), into: .securityCode) }
    actions += "Jane Doe".map { .type(String($0), into: .holderName) }
    actions += [.submitCard]
    return actions
  }

  /// The event log's lengths of the per-key figures, and how many sheet rounds the memory figure makes.
  static let shortLog = 1_000
  static let longLog = 100_000
  static let sheetCycles = 2_000

  /// The sections asked for on the command line (`paydrill-bench render fuzzer`: the sections whose name
  /// starts with one of the words), every section when none is: a change to one part measured before and
  /// after without the four minutes of the whole bench.
  static let asked = Array(CommandLine.arguments.dropFirst())

  /// Whether the section called `name` runs.
  static func wanted(_ name: String) -> Bool {
    asked.isEmpty || asked.contains { name.hasPrefix($0) }
  }

  static func run() {
    // Memory first, while the heap is fresh: memory freed by the other figures would hide growth.
    let memory =
      wanted("memory after")
      ? Result { () throws(BenchError) in try SheetMemoryProbe.measure(cycles: sheetCycles) } : nil
    let context = ReduceContext(now: Date())
    let actions = cardCheckoutActions()

    report("reduce") {
      let reduceRate = measure(seconds: 1) {
        var state = CheckoutState(scenario: .acmeElectronics)
        for action in actions { _ = CheckoutReducer.reduce(&state, action, context: context) }
        return actions.count
      }
      return [String(format: "reduce: %.0f actions/s", reduceRate)]
    }

    // Whole checkouts go the way `play` goes: the app reducer and the one interpreter, on a virtual clock.
    report("headless card checkouts") {
      let checkoutRate = measure(seconds: 1) {
        let runtime = CheckoutRuntime(
          scenario: .acmeElectronics, size: terminalSize, latencyMilliseconds: 0)
        runtime.start()
        for action in actions {
          runtime.send(.checkout(action))
          runtime.settle()
        }
        return 1
      }
      return [String(format: "headless card checkouts: %.0f checkouts/s", checkoutRate)]
    }

    // Flows one after another on one runtime, a new checkout after each payment, as a tester repeats it;
    // then the same with a new runtime for each flow (its set-up included).
    report("headless Apple Pay flows") {
      let applePay = ApplePayFlow()
      let repeating = applePay.runtime()
      let flowRate = medianRate(rounds: 5, seconds: 0.4) {
        applePay.payThenStartAgain(on: repeating)
        return 1
      }
      let flowGoal = BenchGoal.atLeast(20_000, "flows/s")
      let freshRate = medianRate(rounds: 5, seconds: 0.4) {
        _ = applePay.run()
        return 1
      }
      return [
        String(format: "headless Apple Pay flows: %.0f flows/s", flowRate)
          + " (\(flowGoal.verdict(flowRate))), one runtime, a new checkout after each payment; median of 5 rounds",
        String(format: "headless Apple Pay flows, a new runtime each: %.0f flows/s", freshRate),
      ]
    }

    report("per-key cost") { try keyCostLines() }
    if let memory {
      report("memory after \(sheetCycles.grouped) sheet open/cancel cycles") { try memoryLines(memory.get()) }
    }

    report("render") { try renderLines() }

    runInTerminal()
  }

  /// A key and its frame on the method list, with a short and a long event log, and a round of the sheet at
  /// each length (`KeyCostProbe`).
  static func keyCostLines() throws(BenchError) -> [String] {
    let keys = 500
    let rounds = 5
    let figures = try KeyCostProbe.measure(
      atEvents: [shortLog, longLog], keys: keys, rounds: rounds, cycles: 20)
    let (short, long) = (figures[0], figures[1])
    let shortKey = short.perKey / .microseconds(1)
    let longKey = long.perKey / .microseconds(1)
    let ratio = longKey / shortKey
    let shortCycle = short.perSheetCycle / .microseconds(1)
    let longCycle = long.perSheetCycle / .microseconds(1)
    return [
      "per-key cost at \(shortLog.grouped) events: \(BenchGoal.number(shortKey)) µs/key (a key on the method"
        + " list and its frame; the fastest of \(rounds) rounds of \(keys) keys)",
      "per-key cost at \(longLog.grouped) events: \(BenchGoal.number(longKey)) µs/key,"
        + " \(String(format: "%.2f", ratio))× the cost at \(shortLog.grouped)"
        + " (\(BenchGoal.atMost(1.5, "×").verdict(ratio)))",
      "sheet open/cancel cycle: \(BenchGoal.number(shortCycle)) µs at \(shortLog.grouped) events,"
        + " \(BenchGoal.number(longCycle)) µs at \(longLog.grouped)"
        + " (\(String(format: "%.1f", longCycle / shortCycle))×; no goal)",
    ]
  }

  /// Whole 200×60 frames of a realistic session (`RenderProbe`): the method list with the event pane full, the
  /// open Apple Pay sheet, and the method list after logs of 1,000 and 100,000 events.
  static func renderLines() throws(BenchError) -> [String] {
    let figures = try RenderProbe.measure(grownTo: [shortLog, longLog], frames: 300, rounds: 7)
    let goal = BenchGoal.atMost(0.25, "ms")
    func line(_ name: String, _ frame: RenderProbe.Frame) -> String {
      let milliseconds = frame.perFrame / .milliseconds(1)
      return "render 200×60, \(name) (\(frame.events.grouped) events): \(BenchGoal.number(milliseconds))"
        + " ms/frame (\(goal.verdict(milliseconds)))"
    }
    let (short, long) = (figures.grown[0], figures.grown[1])
    let ratio = long.perFrame / short.perFrame
    return [
      line(
        "the method list, the event pane full after an Apple Pay payment and a declined card",
        figures.methodList),
      line("the Apple Pay sheet open over the same session", figures.sheet),
      line("the same method list after a log of \(shortLog.grouped)", short),
      line("the same method list after a log of \(longLog.grouped)", long),
      "render at \(longLog.grouped) events against \(shortLog.grouped): \(String(format: "%.2f", ratio))×"
        + " (\(BenchGoal.atMost(1.5, "×").verdict(ratio))); the median of 7 rounds of 300 frames each",
    ]
  }

  /// What the sheet's rounds leave behind (`SheetMemoryProbe`).
  static func memoryLines(_ figures: SheetMemoryProbe.Figures) -> [String] {
    let perCycle = Double(figures.residentGrowth) / 1024 / Double(figures.cycles)
    let goal = BenchGoal.below(1, "kB/cycle")
    var memory =
      "memory after \(figures.cycles.grouped) sheet open/cancel cycles: \(kibibytes(figures.residentGrowth))"
      + " kB more resident, \(BenchGoal.number(perCycle)) kB/cycle (\(goal.verdict(perCycle)))"
    if let heap = figures.heapGrowth { memory += "; heap in use \(kibibytes(heap)) kB more" }
    let left = Double(max(figures.timerCount, figures.scheduledCount))
    var lines = [
      memory,
      "after the cycles: \(figures.timerCount) timers and \(figures.scheduledCount) answers or timers"
        + " scheduled on the interpreter (\(BenchGoal.atMost(0, "").verdict(left)))",
    ]
    // The heap the cycles kept, per event they added: the log's own cost at most (with its spare capacity).
    if let heap = figures.heapGrowth, figures.eventsAdded > 0 {
      lines.append(
        "event log: \(heap / figures.eventsAdded) bytes/event at most (the heap the cycles kept,"
          + " spare capacity included, over the \(figures.eventsAdded.grouped) events they added)")
    }
    return lines
  }

  /// The figures measured on `paydrill` in a pseudo-terminal, and the floors beside them.
  static func runInTerminal() {
    let executable: String
    switch paydrillExecutable() {
    case .success(let path): executable = path
    case .failure(let error):
      print("terminal figures: unavailable (\(error))")
      return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "paydrill-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // The bench's sessions go to a ledger of their own, never the user's run history.
    let arguments = ["--latency", "0", "--ledger", folder.appendingPathComponent("ledger.sqlite3").path]
    let size = terminalSize

    report("keystroke to terminal update") {
      let figures = try KeystrokeProbe.measure(executable, arguments: arguments, size: size, keystrokes: 200)
      let bytesGoal = BenchGoal.below(300, "bytes")
      let move = Double(figures.cursorMoveBytes)
      var lines: [String] = []
      if let cpu = figures.cpuPerKeystroke {
        let milliseconds = cpu / .milliseconds(1)
        lines.append(
          String(format: "keystroke to terminal update: %.3f ms CPU/keystroke", milliseconds)
            + " (\(BenchGoal.below(2, "ms").verdict(milliseconds))), mean of \(figures.keystrokes) cursor moves"
            + " in a \(size) pty")
      } else {
        lines.append(
          "keystroke to terminal update: CPU time unavailable (this system does not report a child's CPU time)"
        )
      }
      lines.append(
        "cursor move in the method list: \(figures.cursorMoveBytes) bytes written (\(bytesGoal.verdict(move)));"
          + " the first frame took \(figures.firstFrameBytes) bytes")
      return lines
    }

    report("idle wake-ups") {
      let idle = Duration.seconds(10)
      let figures = try IdleProbe.measure(executable, arguments: arguments, size: size, idle: idle)
      return [
        String(format: "idle wake-ups: %.1f wake-ups/s", figures.perSecond)
          + " (\(BenchGoal.atMost(0, "wake-ups/s").verdict(figures.perSecond))), \(figures.wakeUps) over"
          + " \(idle.components.seconds) idle s in a \(size) pty, every thread"
      ]
    }

    let swiftFloorPeak =
      wanted("start-up") || wanted("floor") || wanted("peak memory")
      ? startUpLines(executable, arguments: arguments, in: folder) : nil
    tapeAndProcessLines(executable, arguments: arguments, in: folder, swiftFloorPeak: swiftFloorPeak)
  }

  /// Start-up against the floors (`StartupProbe`), the floors' own lines; the Swift floor's peak memory.
  private static func startUpLines(_ executable: String, arguments: [String], in folder: URL) -> Int? {
    let size = terminalSize
    let paydrill = StartupProbe.Program(
      executable: executable, arguments: arguments, marker: KeystrokeProbe.firstFrameMarker, quitKeys: "q")
    let floors = [FloorPrograms.Language.swift, .c].map { language in
      (
        language,
        FloorPrograms.build(language, in: folder).map { path in
          StartupProbe.Program(executable: path, marker: FloorPrograms.marker, quitKeys: "q")
        }
      )
    }
    // Start-up is paired with the Swift floor: a run of each in turn, the ratio taken pair by pair.
    let startPairs = 15
    let start = Result { () throws(BenchError) -> StartupProbe.Paired in
      switch floors[0].1 {
      case .success(let floor):
        return try StartupProbe.paired(paydrill, against: floor, pairs: startPairs, size: size)
      case .failure(let error): throw error
      }
    }
    report("start-up to first frame") {
      let paired = try start.get()
      let milliseconds = paired.paydrill.firstFrame / .milliseconds(1)
      let ratio = paired.ratio.median
      return [
        String(format: "start-up to first frame: %.1f ms", milliseconds)
          + " (\(BenchGoal.below(30, "ms").verdict(milliseconds))), median of \(startPairs) in a \(size) pty;"
          + String(format: " the Swift floor: %.1f ms", paired.floor.firstFrame / .milliseconds(1)),
        String(format: "start-up against the Swift floor: %.2f×", ratio)
          + " (\(BenchGoal.atMost(1.5, "×").verdict(ratio))), \(paired.ratio.description), paydrill and the"
          + " floor in turn",
      ]
    }
    let swiftFloorPeak = (try? start.get())?.floor.peakMemory
    for (language, floor) in floors {
      let run = Result { () throws(BenchError) -> StartupProbe.Run in
        let program = try floor.get()
        if language == .swift, let paired = try? start.get() { return paired.floor }
        return try StartupProbe.median(
          of: 5, program.executable, marker: program.marker, quitKeys: program.quitKeys, size: size)
      }
      switch run {
      case .success(let run):
        print(
          "floor \(language.rawValue): "
            + String(format: "%.1f ms to first frame", run.firstFrame / .milliseconds(1))
            + (run.peakMemory.map { ", peak memory \(mebibytes($0)) MiB" } ?? ""))
      case .failure(let error):
        print("floor \(language.rawValue): unavailable (\(error))")
      }
    }
    return swiftFloorPeak
  }

  /// The tapes, the fuzzer, a whole session's memory and the session requests: `paydrill` run as a child.
  private static func tapeAndProcessLines(
    _ executable: String, arguments: [String], in folder: URL, swiftFloorPeak: Int?
  ) {
    let size = terminalSize

    report("tapes replayed") {
      let figures = try TapeSuiteProbe.measure(executable)
      let speedUp = figures.speedUp.median
      var lines = [
        String(format: "tapes replayed: %.1f tapes/s with --jobs 1", figures.oneJob)
          + " (\(BenchGoal.atLeast(20, "tapes/s").verdict(figures.oneJob))), "
          + String(format: "%.1f tapes/s with --jobs %d", figures.allCores, figures.cores)
          + " (the cores), median of 5 runs of \(figures.tapes) tapes (the \(figures.suite) of Tapes/,"
          + " \(figures.tapes / figures.suite) times over)"
      ]
      if figures.cores > 1 {
        lines.append(
          String(format: "tapes at --jobs %d against --jobs 1: %.2f×", figures.cores, speedUp)
            + " (\(BenchGoal.atLeast(1.3, "×").verdict(speedUp))), \(figures.speedUp.description), one job"
            + " then the cores")
      }
      return lines
    }

    report("card-payment tapes") { try TapeRateProbe.lines(paydrill: executable) }
    report("fuzzer") { try FuzzRateProbe.lines(paydrill: executable) }

    report("peak memory of a session") {
      let rounds = 20
      let session = try LongSessionProbe.measure(executable, arguments: arguments, size: size, rounds: rounds)
      let peak = session.afterFirstRound
      let megabytes = Double(peak) / 1_048_576
      var lines = [
        "peak memory of a session: \(mebibytes(peak)) MiB (\(BenchGoal.below(25, "MiB").verdict(megabytes))),"
          + " a card and an Apple Pay payment; \(mebibytes(session.firstFrame)) MiB at the first frame"
      ]
      if let floorPeak = swiftFloorPeak {
        let ratio = Double(peak) / Double(floorPeak)
        lines.append(
          String(format: "peak memory against the Swift floor: %.2f×", ratio)
            + " (\(BenchGoal.atMost(1.4, "×").verdict(ratio))); the floor at its first frame:"
            + " \(mebibytes(floorPeak)) MiB")
      }
      let growth = session.growthPerRound / 1024
      lines.append(
        "memory over a long session: \(mebibytes(session.afterLastRound)) MiB after \(rounds) rounds of the"
          + " session, \(BenchGoal.number(growth)) kB more a round after the first"
          + " (\(BenchGoal.below(16, "kB").verdict(growth)): a round's 30-odd events in the log)")
      return lines
    }

    report("session requests") { try SessionRateProbe.lines(paydrill: executable, in: folder) }
  }

  /// Prints a measurement's lines, or why it could not be made.
  /// Nothing when the section is not asked for.
  private static func report(_ name: String, _ measure: () throws -> [String]) {
    guard wanted(name) else { return }
    do {
      for line in try measure() { print(line) }
    } catch {
      print("\(name): unavailable (\(error))")
    }
  }

  private static func mebibytes(_ bytes: Int) -> String {
    String(format: "%.1f", Double(bytes) / 1_048_576)
  }

  private static func kibibytes(_ bytes: Int) -> String {
    (bytes / 1024).grouped
  }

  /// The `paydrill` the terminal figures run: the one built beside this program (`swift build -c release`
  /// builds both into the same folder), so `make bench` measures the release build of the shipped binary.
  static func paydrillExecutable() -> Result<String, BenchError> {
    let own =
      ProcessStatistics.executablePath()
      ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    guard let own else { return .failure(BenchError("the path of paydrill-bench is unknown")) }
    let folder = URL(fileURLWithPath: own).deletingLastPathComponent()
    let paydrill = folder.appendingPathComponent("paydrill").path
    guard FileManager.default.isExecutableFile(atPath: paydrill) else {
      return .failure(
        BenchError("no paydrill beside paydrill-bench in \(folder.path); build both with swift build"))
    }
    return .success(paydrill)
  }

  /// Runs `body` repeatedly for about `seconds`; returns the units it reported per second.
  /// The median rate of several rounds: one round is at the mercy of whatever else the machine does.
  private static func medianRate(rounds: Int, seconds: Double, _ body: () -> Int) -> Double {
    let rates = (0..<rounds).map { _ in measure(seconds: seconds, body) }.sorted()
    return rates[rates.count / 2]
  }

  private static func measure(seconds: Double, _ body: () -> Int) -> Double {
    let clock = ContinuousClock()
    var units = 0
    let start = clock.now
    var elapsed = Duration.zero
    var runs = 0
    while fixedRuns.map({ runs < $0 }) ?? (elapsed < .seconds(seconds)) {
      units += body()
      runs += 1
      elapsed = clock.now - start
    }
    return Double(units) / (elapsed / .seconds(1))
  }

  /// `PAYDRILL_BENCH_RUNS=N`: each in-process rate runs its body exactly N times instead of for a while, so
  /// that an instruction count (`valgrind --tool=callgrind`) covers the same work before and after a change,
  /// whatever the machine's speed.
  private static let fixedRuns = ProcessInfo.processInfo.environment["PAYDRILL_BENCH_RUNS"].flatMap {
    Int($0)
  }
}

extension Int {
  /// "100,000": thousands grouped with commas whatever the locale, as the figures' names are written.
  fileprivate var grouped: String {
    let digits = String(magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index).isMultiple(of: 3) { text.append(",") }
      text.append(digit)
    }
    return self < 0 ? "-" + text : text
  }
}
