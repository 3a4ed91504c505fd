/// How long the interactive loop may sleep in `poll(2)`: until the soonest of its deadlines (an answer or a
/// timer due on the clock, the spinner's next turn, the demo's next beat). Rounded up to whole milliseconds,
/// so that it never wakes just before a deadline only to find nothing due and sleep again for 0 ms; a
/// deadline already passed is 0 (do not sleep); none at all is -1 (sleep until something arrives).
package struct PollTimeout: Equatable {
  /// What `poll` takes.
  let milliseconds: Int32

  /// `remaining` holds the time left until each deadline; nil where there is none.
  package init(untilSoonestOf remaining: [Duration?]) {
    guard let soonest = remaining.compactMap({ $0 }).min() else {
      milliseconds = -1
      return
    }
    let rounded = (max(soonest, .zero) / .milliseconds(1)).rounded(.up)
    milliseconds = Int32(min(rounded, Double(Int32.max)))
  }
}
