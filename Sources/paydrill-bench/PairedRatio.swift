/// A ratio measured pair by pair: each pair runs PayDrill and its floor one right after the other, so that
/// whatever the machine does at that moment (a build beside it, a frequency change) weighs on both sides of
/// the pair. The figure is the median of the pairs' ratios, with the spread of all of them: a single ratio of
/// two medians taken minutes apart swings with the load (issue #16 saw 2.2× to 3.5× for the same build).
struct PairedRatio {
  /// Each pair's ratio, in the order measured.
  let ratios: [Double]

  init(_ ratios: [Double]) {
    precondition(!ratios.isEmpty, "a paired ratio needs at least one pair")
    self.ratios = ratios
  }

  /// The pairs' ratios: in each pair, the figure measured (PayDrill's) over the one it is compared with
  /// (its floor's), both taken in the same order.
  init(_ measured: [Double], over reference: [Double]) {
    precondition(measured.count == reference.count, "each run pairs with one run of what it is compared with")
    self.init(zip(measured, reference).map { $0 / $1 })
  }

  var median: Double { Self.median(ratios) }
  var lowest: Double { ratios.min() ?? 0 }
  var highest: Double { ratios.max() ?? 0 }

  /// "median of 9 pairs, spread 1.82–2.10×".
  var description: String {
    "median of \(ratios.count) pairs, spread \(BenchGoal.number(lowest))–\(BenchGoal.number(highest))×"
  }

  /// The middle value (the upper middle of an even count), as every median of the bench is taken.
  static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }
}
