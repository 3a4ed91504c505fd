import Foundation

/// This process's own memory, for the figures measured in process. Foundation's `ProcessInfo` does not say
/// how much is resident on Linux, so it is read from `/proc/self/statm`; the heap in use comes from glibc's
/// `malloc_info`, which counts bytes handed out whether or not their pages were resident already.
package enum ProcessMemory {
  /// Resident memory in bytes (the second field of `/proc/self/statm`, in pages); nil where there is none.
  package static func resident() -> Int? {
    #if os(Linux)
      guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
      let fields = text.split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      return nil
    #endif
  }

  /// The bytes malloc has handed out and not had back, over every arena (`mallinfo`'s `uordblks + hblkhd`:
  /// the arenas' memory less their free chunks, plus blocks of their own mapping); nil without glibc.
  ///
  /// `mallinfo2` is not imported into Swift (`malloc.h` is not in the Glibc module), so this asks
  /// `malloc_info` (found with `dlsym`) for its XML report and reads its totals, which follow the last arena.
  package static func heapInUse() -> Int? {
    #if canImport(Glibc)
      typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return nil }
      let mallocInfo = unsafeBitCast(symbol, to: MallocInfo.self)
      var buffer: UnsafeMutablePointer<CChar>?
      var length = 0
      guard let stream = open_memstream(&buffer, &length) else { return nil }
      let status = mallocInfo(0, stream)
      fclose(stream)
      defer { free(buffer) }
      guard status == 0, let buffer else { return nil }
      let report = String(cString: buffer)
      guard let system = lastSize(of: #"<system type="current""#, in: report),
        let fast = lastSize(of: #"<total type="fast""#, in: report),
        let rest = lastSize(of: #"<total type="rest""#, in: report),
        let mapped = lastSize(of: #"<total type="mmap""#, in: report)
      else { return nil }
      return system - fast - rest + mapped
    #else
      return nil
    #endif
  }

  /// The `size` attribute of the last element of the report that starts with `prefix`.
  private static func lastSize(of prefix: String, in report: String) -> Int? {
    guard let element = report.range(of: prefix, options: .backwards),
      let attribute = report.range(of: #"size=""#, range: element.upperBound..<report.endIndex)
    else { return nil }
    let digits = report[attribute.upperBound...].prefix { $0.isNumber }
    return Int(digits)
  }
}
