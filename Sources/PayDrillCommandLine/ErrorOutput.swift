import Foundation
import PayDrillFiles

/// How paydrill and its helper programs print an error: one format, safe for the terminal.
public enum ErrorOutput {
  /// Prints an error (`paydrill: …`) and returns 2: usage or bad input.
  public static func fail(_ message: String) -> Int32 {
    FileHandle.standardError.write(Data(lines(message).utf8))
    return 2
  }

  /// An error as it is printed: `paydrill: ` first, and every control character of what it quotes (a `TERM`,
  /// a path, an argument: the environment and the command line are the user's, not PayDrill's) written out
  /// by `PrintableText`, so that no escape sequence reaches the terminal. The lines of a message that has
  /// several stay lines.
  public static func lines(_ message: String) -> String {
    "paydrill: "
      + message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { PrintableText.visible(String($0)) }.joined(separator: "\n") + "\n"
  }
}
