import Foundation

/// The floor of our stack: the least a program can do to put one screen up with ncurses, built by the
/// benchmark itself on this machine so paydrill is compared with what the same machine, toolchain and
/// libraries can do. The Swift floor imports Foundation (as paydrill does) and uses it; the C floor is the
/// reference below any Swift program. Both fill the screen with a frame and a line of text in every row,
/// with colours, then wait for a key.
enum FloorPrograms {
  enum Language: String {
    case swift = "Swift + Foundation + ncurses"
    case c = "C + ncurses"
  }

  /// The text both floors put on screen, which the start-up probe waits for.
  static let marker = "floor"

  /// Builds a floor program into `folder`; returns its path, or why it could not be built.
  static func build(_ language: Language, in folder: URL) -> Result<String, BenchError> {
    let flags: [String]
    switch pkgConfig(["--cflags", "--libs", "ncursesw"]) {
    case .success(let output): flags = output.split(whereSeparator: \.isWhitespace).map(String.init)
    case .failure(let error): return .failure(error)
    }
    let program = folder.appendingPathComponent(language == .swift ? "floor-swift" : "floor-c").path
    do {
      switch language {
      case .c:
        guard let cc = executable(named: "cc") else {
          return .failure(BenchError("no C compiler (cc) in PATH"))
        }
        let source = folder.appendingPathComponent("floor.c")
        try cSource.write(to: source, atomically: true, encoding: .utf8)
        try run(cc, ["-O2", source.path, "-o", program] + flags)
      case .swift:
        guard let swiftc = executable(named: "swiftc") else {
          return .failure(BenchError("no Swift compiler (swiftc) in PATH"))
        }
        let module = folder.appendingPathComponent("FloorCurses")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try moduleMap.write(
          to: module.appendingPathComponent("module.modulemap"), atomically: true, encoding: .utf8)
        try shim.write(to: module.appendingPathComponent("shim.h"), atomically: true, encoding: .utf8)
        let source = folder.appendingPathComponent("main.swift")
        try swiftSource.write(to: source, atomically: true, encoding: .utf8)
        let cFlags = flags.filter { !$0.hasPrefix("-l") && !$0.hasPrefix("-L") }.flatMap { ["-Xcc", $0] }
        let linkFlags = flags.filter { $0.hasPrefix("-l") || $0.hasPrefix("-L") }
        try run(swiftc, ["-O", "-I", module.path] + cFlags + [source.path, "-o", program] + linkFlags)
      }
    } catch let error as BenchError {
      return .failure(error)
    } catch {
      return .failure(BenchError("\(error)"))
    }
    return .success(program)
  }

  private static func pkgConfig(_ arguments: [String]) -> Result<String, BenchError> {
    guard let tool = executable(named: "pkg-config") else {
      return .failure(BenchError("pkg-config is not in PATH (it finds ncursesw)"))
    }
    do {
      return .success(try run(tool, arguments))
    } catch let error as BenchError {
      return .failure(error)
    } catch {
      return .failure(BenchError("\(error)"))
    }
  }

  /// The first executable of that name in PATH.
  static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs a tool to the end; returns its standard output, or throws with what it printed on failure.
  @discardableResult
  private static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      let name = URL(fileURLWithPath: tool).lastPathComponent
      let firstLines = text.split(separator: "\n").prefix(3).joined(separator: " / ")
      throw BenchError("\(name) failed (status \(process.terminationStatus)): \(firstLines)")
    }
    return text
  }

  static let cSource = #"""
    #define _XOPEN_SOURCE_EXTENDED 1
    #include <locale.h>
    #include <ncursesw/curses.h>

    int main(void) {
      setlocale(LC_ALL, "");
      initscr(); raw(); noecho(); nonl(); keypad(stdscr, TRUE); curs_set(0);
      if (has_colors()) { start_color(); use_default_colors(); init_pair(1, COLOR_CYAN, -1); }
      box(stdscr, 0, 0);
      attron(COLOR_PAIR(1) | A_BOLD);
      mvprintw(0, 2, " PayDrill floor: C + ncurses, %dx%d ", COLS, LINES);
      attroff(COLOR_PAIR(1) | A_BOLD);
      for (int row = 1; row < LINES - 1; row++)
        mvprintw(row, 2, "row %2d  the least a program does to draw one screen", row);
      refresh();
      getch();
      endwin();
      return 0;
    }
    """#

  static let moduleMap = """
    module FloorCurses {
      header "shim.h"
      link "ncursesw"
      export *
    }
    """

  static let shim = """
    #define _XOPEN_SOURCE_EXTENDED 1
    #include <locale.h>
    #include <ncursesw/curses.h>
    static inline WINDOW *fc_stdscr(void) { return stdscr; }
    static inline int fc_lines(void) { return LINES; }
    static inline int fc_cols(void) { return COLS; }
    static inline int fc_pair(int n) { return COLOR_PAIR(n); }
    static inline int fc_bold(void) { return A_BOLD; }
    """

  static let swiftSource = """
    import FloorCurses
    import Foundation

    setlocale(LC_ALL, "")
    initscr(); raw(); noecho(); nonl(); keypad(fc_stdscr(), true); curs_set(0)
    if has_colors() { start_color(); use_default_colors(); init_pair(1, Int16(COLOR_CYAN), -1) }
    let window = fc_stdscr()
    box(window, 0, 0)
    // Foundation does the formatting, so the floor loads and uses it as paydrill does.
    let title = String(format: " PayDrill floor: Swift + Foundation + ncurses, %dx%d ", fc_cols(), fc_lines())
    wattron(window, fc_pair(1) | fc_bold())
    mvwaddstr(window, 0, 2, title)
    wattroff(window, fc_pair(1) | fc_bold())
    for row in 1..<(fc_lines() - 1) {
      mvwaddstr(window, row, 2, String(format: "row %2d  the least a program does to draw one screen", row))
    }
    wrefresh(window)
    _ = wgetch(window)
    endwin()
    """
}
