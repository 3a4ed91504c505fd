import Foundation

/// Cuts a stream into lines as it arrives, in time linear in its length: each chunk is scanned once, and a
/// line longer than `limit` is not kept (its start is, for the error message) but reported once and skipped to
/// its newline, so that a process writing without newlines costs neither memory nor rescans.
public struct JSONLineSplitter: Sendable {
  /// A piece of the stream: a whole line (without its newline), or a line that passed the limit.
  public enum Piece: Equatable, Sendable {
    case line(Data)
    case tooLong(start: Data)
  }

  /// The longest line kept, in bytes.
  public let limit: Int
  /// The line being read, not yet ended.
  private(set) var pending = Data()
  /// Inside a line that passed the limit: its bytes are dropped until its newline.
  private var skipping = false

  public init(limit: Int) {
    self.limit = limit
  }

  /// How many bytes of a line that passed the limit are kept to show.
  static let startKept = 120

  /// The lines that `chunk` completes, and a line that passed the limit, once, as soon as it does.
  public mutating func feed(_ chunk: Data) -> [Piece] {
    var pieces: [Piece] = []
    var start = chunk.startIndex
    while start < chunk.endIndex {
      let newline = chunk[start...].firstIndex(of: 0x0A)
      let end = newline ?? chunk.endIndex
      let part = chunk[start..<end]
      if !skipping {
        if pending.count + part.count > limit {
          pieces.append(.tooLong(start: (pending + part).prefix(Self.startKept)))
          pending = Data()
          skipping = true
        } else {
          pending.append(part)
        }
      }
      guard let newline else { break }
      if !skipping { pieces.append(.line(pending)) }
      pending = Data()
      skipping = false
      start = newline + 1
    }
    return pieces
  }

  /// The last line, when the stream ended without a newline after it.
  public mutating func finish() -> [Piece] {
    defer {
      pending = Data()
      skipping = false
    }
    return skipping || pending.isEmpty ? [] : [.line(pending)]
  }
}
