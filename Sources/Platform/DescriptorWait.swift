#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Sleeping until descriptors are readable, and asking whether one hung up: `poll(2)` on Linux, `select(2)`
/// on Darwin, whose `poll` is reported to answer `POLLNVAL` for terminal devices (so a terminal would look
/// closed at the first key).
package enum DescriptorWait {
  #if canImport(Darwin)
    /// Darwin's `FIONREAD` (`sys/filio.h`: `_IOR('f', 127, int)`, i.e. `IOC_OUT` 0x40000000, the size of an
    /// int (4) << 16, 'f' << 8, 127), a function-like macro that Swift does not import.
    private static let bytesWaitingRequest: UInt = 0x4004_667F
  #endif

  /// Blocks until one of `descriptors` is readable (or hung up), a signal interrupts, or `milliseconds`
  /// pass (-1: no limit). Returns which of them are readable, in their order; none when it timed out or
  /// was interrupted.
  package static func readable(_ descriptors: [Int32], milliseconds: Int32) -> [Bool] {
    #if canImport(Darwin)
      var set = fd_set()  // all clear: FD_ZERO is a macro, which Swift does not import
      for descriptor in descriptors { __darwin_fd_set(descriptor, &set) }
      let highest = (descriptors.max() ?? -1) + 1
      var limit = timeval(
        tv_sec: Int(milliseconds / 1000), tv_usec: Int32(milliseconds % 1000) * 1000)
      let ready =
        milliseconds < 0
        ? select(highest, &set, nil, nil, nil) : select(highest, &set, nil, nil, &limit)
      guard ready > 0 else { return descriptors.map { _ in false } }
      return descriptors.map { __darwin_fd_isset($0, &set) != 0 }
    #else
      var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      guard poll(&entries, nfds_t(entries.count), milliseconds) > 0 else {
        return descriptors.map { _ in false }
      }
      return entries.map { $0.revents != 0 }
    #endif
  }

  /// Whether `descriptor` hung up or failed (a closed terminal), asked without waiting. On Darwin: it is
  /// readable and has no byte to read, or it is no longer a descriptor.
  package static func hungUp(_ descriptor: Int32) -> Bool {
    #if canImport(Darwin)
      var set = fd_set()  // all clear: FD_ZERO is a macro, which Swift does not import
      __darwin_fd_set(descriptor, &set)
      var now = timeval(tv_sec: 0, tv_usec: 0)
      let ready = select(descriptor + 1, &set, nil, nil, &now)
      if ready < 0 { return errno == EBADF }
      guard ready > 0 else { return false }
      var waiting: Int32 = 0
      return ioctl(descriptor, Self.bytesWaitingRequest, &waiting) != 0 || waiting == 0
    #else
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 0) == 1 else { return false }
      return entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    #endif
  }
}
