import PayDrillCommandLine

/// `paydrill completions SHELL`: the script that teaches a shell to complete paydrill's command line.
///
/// Every script is made from `CompletionModel`, and so from the one command table that the parser and
/// `--help` use: after `paydrill play`, only play's options; the built-in scenarios and themes as the values
/// of `--scenario` and `--theme`; tapes where a command takes tapes. A script is complete in itself (it never
/// runs paydrill while completing), which keeps a Tab instant, at the cost of printing it again after an
/// upgrade.
public enum CompletionScript {
  /// The shells there is a script for (`CompletionShell`, in `PayDrillCommandLine`).
  public typealias Shell = CompletionShell

  /// The script for `shell`, ending with a newline.
  public static func text(for shell: Shell) -> String {
    let model = CompletionModel.table
    let lines: [String]
    switch shell {
    case .bash: lines = BourneCompletionScript.bash.lines(model)
    case .zsh: lines = BourneCompletionScript.zsh.lines(model)
    case .fish: lines = FishCompletionScript.lines(model)
    }
    // zsh reads `#compdef` on the first line of a file in its fpath.
    let first = shell == .zsh ? ["#compdef paydrill"] : []
    return (first + header(shell) + lines).joined(separator: "\n") + "\n"
  }

  /// The comment every script starts with: what it is and how to enable it.
  static func header(_ shell: Shell) -> [String] {
    let enable: String
    switch shell {
    case .bash: enable = "source <(paydrill completions bash)"
    case .zsh: enable = "source <(paydrill completions zsh)   (after compinit)"
    case .fish: enable = "paydrill completions fish | source"
    }
    return [
      "# \(shell.rawValue) completion for paydrill \(HelpText.version), made by `paydrill completions "
        + "\(shell.rawValue)` from its command table.",
      "# Enable it with: \(enable); make install puts it where \(shell.rawValue) finds it. Print it again "
        + "after an upgrade.",
    ]
  }

  /// A word in single quotes for bash or zsh: `'it'\''s'`.
  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
