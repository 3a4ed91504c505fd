/// The box-drawing characters (U+2500–U+257F) and block elements (U+2580–U+259F) as SVG shapes filling
/// their cell the way a terminal draws them: each line runs from the cell's centre to the middle of its
/// edges, so the line of one cell meets the next cell's. Lines are pixel rectangles on whole pixels (a
/// light line is one pixel wide), rounded corners quarter arcs on the same centre lines.
enum BoxDrawing {
  /// How an arm of a box-drawing character is drawn.
  enum Weight: UInt8 {
    case none = 0, light, heavy, double
  }

  /// The arms of a character: up, right, down, left; `rounded` for `╭╮╯╰`; `dashes` for the dashed lines
  /// (`┄┆╌╎`…), how many dashes a cell holds.
  struct Arms {
    var up: Weight = .none
    var right: Weight = .none
    var down: Weight = .none
    var left: Weight = .none
    var rounded = false
    var dashes = 0
  }

  /// The shapes of a character in a cell, or nil when it is no box drawing or block element (text, then).
  static func shapes(of character: Character, x: Int, y: Int, width: Int, height: Int, color: String)
    -> [String]?
  {
    guard character.unicodeScalars.count == 1, let value = character.unicodeScalars.first?.value else {
      return nil
    }
    let cell = Cell(x: x, y: y, width: width, height: height, color: color)
    if let block = cell.block(value) { return block }
    guard let arms = table[value] else { return nil }
    return cell.lines(arms)
  }

  /// The pixels of one cell, and its colour.
  private struct Cell {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var color: String

    /// The column and row of a light line's pixel through the centre.
    var centreX: Int { x + (width - 1) / 2 }
    var centreY: Int { y + (height - 1) / 2 }

    func rect(_ left: Int, _ top: Int, _ rectWidth: Int, _ rectHeight: Int) -> String {
      "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(max(0, rectWidth))\" height=\"\(max(0, rectHeight))\" "
        + "fill=\"\(color)\"/>"
    }

    /// The block elements: `▁`…`█` fill from the bottom by eighths, `▉`…`▏` from the left, `▀` the top
    /// half, `▐` the right half, `▔` the top eighth, `▕` the right eighth.
    func block(_ value: UInt32) -> [String]? {
      switch value {
      case 0x2581...0x2588:
        let filled = height * Int(value - 0x2580) / 8
        return [rect(x, y + height - filled, width, filled)]
      case 0x2589...0x258F:
        return [rect(x, y, width * Int(0x2590 - value) / 8, height)]
      case 0x2580: return [rect(x, y, width, height / 2)]
      case 0x2590: return [rect(x + width / 2, y, width - width / 2, height)]
      case 0x2594: return [rect(x, y, width, max(1, height / 8))]
      case 0x2595: return [rect(x + width - max(1, width / 8), y, max(1, width / 8), height)]
      default: return nil
      }
    }

    /// The lines (or dashes) of the arms, each from its edge to the far side of the centre's strokes.
    func lines(_ arms: Arms) -> [String] {
      if arms.dashes > 0 { return dashes(arms) }
      if arms.rounded { return [arc(arms)] }
      let vertical = pieces(arms.up, arms.down, start: y, length: height, centre: centreY, middle: centreX)
      let horizontal = pieces(
        arms.left, arms.right, start: x, length: width, centre: centreX, middle: centreY)
      return vertical.map { rect($0.across, $0.along, $0.thickness, $0.extent) }
        + horizontal.map { rect($0.along, $0.across, $0.extent, $0.thickness) }
    }

    /// The strokes of one axis's two arms (up and down, or left and right) of a cell `length` pixels long
    /// from `start` along the axis, its centre's pixel at `centre` along it and `middle` across it: where
    /// each stroke lies across the axis (and how thick it is) and along it (and how long). A straight line
    /// (`│`, `═`) is one stroke from edge to edge; arms of their own reach past the centre, to meet the arms
    /// across them.
    func pieces(_ first: Weight, _ second: Weight, start: Int, length: Int, centre: Int, middle: Int)
      -> [(across: Int, thickness: Int, along: Int, extent: Int)]
    {
      if first != .none, first == second {
        return strokes(first, centre: middle).map { ($0.0, $0.1, start, length) }
      }
      var pieces: [(across: Int, thickness: Int, along: Int, extent: Int)] = []
      for (weight, isFirst) in [(first, true), (second, false)] where weight != .none {
        let (before, after) = reach(weight)
        for (across, thickness) in strokes(weight, centre: middle) {
          pieces.append(
            isFirst
              ? (across, thickness, start, centre + after - start)
              : (across, thickness, centre - before, start + length - centre + before))
        }
      }
      return pieces
    }

    /// How far a line of this weight reaches before and after the centre's pixel (exclusive after): an arm
    /// reaches that far past the centre, so that it meets the arms across it.
    func reach(_ weight: Weight) -> (before: Int, after: Int) {
      switch weight {
      case .none, .light: return (0, 1)
      case .heavy: return (1, 2)
      case .double: return (2, 3)
      }
    }

    /// Where the strokes of a line of this weight start across it, and how thick each is.
    func strokes(_ weight: Weight, centre: Int) -> [(Int, Int)] {
      switch weight {
      case .none: return []
      case .light: return [(centre, 1)]
      case .heavy: return [(centre - 1, 3)]
      case .double: return [(centre - 2, 1), (centre + 2, 1)]
      }
    }

    /// A dashed line across the cell: `dashes` dashes, with gaps between them.
    func dashes(_ arms: Arms) -> [String] {
      let thickness = arms.up == .heavy || arms.left == .heavy ? 3 : 1
      let vertical = arms.up != .none
      let length = vertical ? height : width
      let step = Double(length) / Double(arms.dashes)
      return (0..<arms.dashes).map { index in
        let start = Int((Double(index) * step).rounded())
        let dash = max(1, Int((step * 0.6).rounded()))
        return vertical
          ? rect(centreX - thickness / 2, y + start, thickness, dash)
          : rect(x + start, centreY - thickness / 2, dash, thickness)
      }
    }

    /// A rounded corner: the two arms' centre lines joined by a quarter arc.
    func arc(_ arms: Arms) -> String {
      let (middleX, middleY) = (Double(centreX) + 0.5, Double(centreY) + 0.5)
      let radius = Double(min(width, height)) / 2
      let verticalEnd = arms.up != .none ? Double(y) : Double(y + height)
      let horizontalEnd = arms.left != .none ? Double(x) : Double(x + width)
      let turnY = arms.up != .none ? middleY - radius : middleY + radius
      let turnX = arms.left != .none ? middleX - radius : middleX + radius
      return "<path d=\"M \(number(middleX)) \(number(verticalEnd)) V \(number(turnY)) Q \(number(middleX)) "
        + "\(number(middleY)) \(number(turnX)) \(number(middleY)) H \(number(horizontalEnd))\" fill=\"none\" "
        + "stroke=\"\(color)\" stroke-width=\"1\"/>"
    }

    /// A coordinate as SVG writes it: `4.5`, or `4` without a fraction.
    func number(_ value: Double) -> String {
      value == value.rounded() ? String(Int(value)) : String(value)
    }
  }

  /// The characters drawn, by their scalar's value.
  static let table: [UInt32: Arms] = {
    let (l, h, d) = (Weight.light, Weight.heavy, Weight.double)
    var table: [UInt32: Arms] = [
      0x2500: Arms(right: l, left: l), 0x2501: Arms(right: h, left: h),
      0x2502: Arms(up: l, down: l), 0x2503: Arms(up: h, down: h),
      0x250C: Arms(right: l, down: l), 0x250F: Arms(right: h, down: h),
      0x2510: Arms(down: l, left: l), 0x2513: Arms(down: h, left: h),
      0x2514: Arms(up: l, right: l), 0x2517: Arms(up: h, right: h),
      0x2518: Arms(up: l, left: l), 0x251B: Arms(up: h, left: h),
      0x251C: Arms(up: l, right: l, down: l), 0x2523: Arms(up: h, right: h, down: h),
      0x2524: Arms(up: l, down: l, left: l), 0x252B: Arms(up: h, down: h, left: h),
      0x252C: Arms(right: l, down: l, left: l), 0x2533: Arms(right: h, down: h, left: h),
      0x2534: Arms(up: l, right: l, left: l), 0x253B: Arms(up: h, right: h, left: h),
      0x253C: Arms(up: l, right: l, down: l, left: l), 0x254B: Arms(up: h, right: h, down: h, left: h),
      0x2550: Arms(right: d, left: d), 0x2551: Arms(up: d, down: d),
      0x2554: Arms(right: d, down: d), 0x2557: Arms(down: d, left: d),
      0x255A: Arms(up: d, right: d), 0x255D: Arms(up: d, left: d),
      0x2560: Arms(up: d, right: d, down: d), 0x2563: Arms(up: d, down: d, left: d),
      0x2566: Arms(right: d, down: d, left: d), 0x2569: Arms(up: d, right: d, left: d),
      0x256C: Arms(up: d, right: d, down: d, left: d),
      0x256D: Arms(right: l, down: l, rounded: true), 0x256E: Arms(down: l, left: l, rounded: true),
      0x256F: Arms(up: l, left: l, rounded: true), 0x2570: Arms(up: l, right: l, rounded: true),
      0x2574: Arms(left: l), 0x2575: Arms(up: l), 0x2576: Arms(right: l), 0x2577: Arms(down: l),
    ]
    // The dashed lines: triple (┄┅┆┇), quadruple (┈┉┊┋) and double (╌╍╎╏) dashes, light and heavy,
    // horizontal and vertical.
    for (first, dashes) in [(UInt32(0x2504), 3), (0x2508, 4), (0x254C, 2)] {
      table[first] = Arms(right: l, left: l, dashes: dashes)
      table[first + 1] = Arms(right: h, left: h, dashes: dashes)
      table[first + 2] = Arms(up: l, down: l, dashes: dashes)
      table[first + 3] = Arms(up: h, down: h, dashes: dashes)
    }
    return table
  }()
}
