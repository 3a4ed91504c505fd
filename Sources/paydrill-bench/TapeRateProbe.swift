import Foundation
import PayDrillApp
import PayDrillLoop
import PayDrillTools
import TerminalUI

/// `play`'s cost per card payment: `count` copies of `Tapes/pay-with-visa.tape` replayed by the `paydrill`
/// beside the bench in one process, one job, no ledger, divided by that process's CPU time (its start-up
/// included, once); and the screen's text against the frame it is read from, 200×60 after the payment (a
/// full event pane), each the median of several rounds in this process.
enum TapeRateProbe {
  struct Figures {
    var tapes: Int
    var cpuSeconds: Double
    /// Microseconds to build `lines` of the frame, and to render it.
    var textMicroseconds: Double
    var renderMicroseconds: Double

    var tapesPerCPUSecond: Double { Double(tapes) / cpuSeconds }
  }

  static func measure(_ executable: String, tapes count: Int = 500) throws(BenchError) -> Figures {
    let source = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent("Tapes/pay-with-visa.tape")
    guard let tape = try? Data(contentsOf: source) else { throw BenchError("no \(source.path)") }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("paydrill-tape-rate-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for index in 0..<count {
      let path = folder.appendingPathComponent("visa-\(index).tape").path
      guard FileManager.default.createFile(atPath: path, contents: tape) else {
        throw BenchError("cannot write \(path)")
      }
      paths.append(path)
    }
    let cpu = try ChildProcessRun(
      executable, ["play"] + paths + ["--jobs", "1", "--no-ledger"], name: "paydrill play",
      failure: "a tape failed"
    ).cpuSeconds
    let (text, render) = try screenTextAndRender(tape: String(decoding: tape, as: UTF8.self))
    return Figures(tapes: count, cpuSeconds: cpu, textMicroseconds: text, renderMicroseconds: render)
  }

  /// The lines `paydrill-bench` prints, with their goals.
  static func lines(paydrill executable: String) throws(BenchError) -> [String] {
    let figures = try measure(executable)
    let ratio = figures.textMicroseconds / figures.renderMicroseconds
    return [
      String(format: "card-payment tapes: %.0f tapes per CPU-second", figures.tapesPerCPUSecond)
        + " (\(BenchGoal.atLeast(1000, "tapes/CPU-s").verdict(figures.tapesPerCPUSecond))), "
        + String(format: "%d copies of Tapes/pay-with-visa.tape in %.2f s", figures.tapes, figures.cpuSeconds)
        + " of the child's user+system CPU (paydrill play --jobs 1 --no-ledger, start-up included once)",
      String(format: "screen text of a 200×60 frame: %.1f µs, ", figures.textMicroseconds)
        + String(format: "its render %.1f µs: %.2f× the render", figures.renderMicroseconds, ratio)
        + " (\(BenchGoal.atMost(1, "×").verdict(ratio)))",
    ]
  }

  /// Microseconds to build the text of a 200×60 frame after the tape's payment, and to render it: the
  /// median of 9 rounds of 200 each.
  private static func screenTextAndRender(tape text: String) throws(BenchError) -> (Double, Double) {
    let runtime = CheckoutRuntime(
      scenario: .acmeElectronics, size: Size(columns: 200, rows: 60), latencyMilliseconds: 600)
    let tape: Tape
    do { tape = try Tape.parse(text, file: "pay-with-visa.tape") } catch {
      throw BenchError("the Visa tape does not parse: \(error)")
    }
    guard TapePlayer(runtime: runtime).play(tape) == .completed else {
      throw BenchError("the Visa tape did not complete")
    }
    let frame = runtime.render()
    func median(_ work: () -> Int) -> Double {
      var rounds: [Double] = []
      var sink = 0
      for _ in 0..<9 {
        let start = ContinuousClock.now
        for _ in 0..<200 { sink &+= work() }
        rounds.append((ContinuousClock.now - start) / .microseconds(200))
      }
      precondition(sink != 0)
      return PairedRatio.median(rounds)
    }
    let textTime = median { frame.lines.count }
    let renderTime = median { runtime.render().cells.count }
    return (textTime, renderTime)
  }
}
