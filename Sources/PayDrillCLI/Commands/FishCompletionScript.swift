/// The fish script. fish completes from declarations (`complete -c paydrill …`) with a condition each, so
/// this script is one declaration per option, per command word and per argument, conditioned on the command
/// that a small function finds the way the parser does (the first word that is neither an option nor an
/// option's value; `--` ends the options), the same walk as the bash and zsh function's.
enum FishCompletionScript {
  /// The whole script after its header.
  static func lines(_ model: CompletionModel) -> [String] {
    var lines = [
      "# Prints whether the word being completed is an option's value (1 or 0), how many arguments follow the",
      "# command word, and the command word (nothing for the checkout).",
      "function __paydrill_where",
      "    set -l tokens (commandline -opc)",
      "    set -l command",
      "    set -l position 0",
      "    set -l value 0",
      "    set -l ended 0",
      "    for i in (seq 2 (count $tokens))",
      "        set -l token $tokens[$i]",
      "        if test $value = 1",
      "            set value 0",
      "            continue",
      "        end",
      "        if test $ended = 0",
      "            switch $token",
      "                case --",
      "                    set ended 1",
      "                    continue",
      "                case " + model.valueSpellings.map(quoted).joined(separator: " "),
      "                    set -l next (commandline -ct)",
      "                    test $i -lt (count $tokens); and set next $tokens[(math $i + 1)]",
      "                    string match -q -- '--*' \"$next\"; or set value 1",
      "                    continue",
      "                case '-*'",
      "                    continue",
      "            end",
      "        end",
      "        if test -z \"$command\"",
      "            set command $token",
      "        else",
      "            set position (math $position + 1)",
      "        end",
      "    end",
      "    printf '%s\\n' $value $position \"$command\"",
      "end",
      "",
      "# Whether the command is one of the arguments ('' for the checkout) and the word is not a value.",
      "function __paydrill_command",
      "    set -l where (__paydrill_where)",
      "    contains -- \"$where[3]\" $argv",
      "end",
      "",
      "# Whether the word being completed is argument POSITION (any, without it) of COMMAND ('' for the",
      "# checkout, whose argument is the command word).",
      "function __paydrill_argument",
      "    set -l where (__paydrill_where)",
      "    test \"$where[1]\" = 0; and test \"$where[3]\" = \"$argv[1]\"",
      "    and begin; test (count $argv) -lt 2; or test \"$where[2]\" = \"$argv[2]\"; end",
      "end",
      "",
      "# No file unless an option or an argument takes one.",
      "complete -c paydrill -f",
    ]
    lines += ["", "# Options, with the commands that take each."]
    for option in model.options {
      var words = ["complete -c paydrill"]
      if Set(option.commands) != Set(model.commands.map(\.word)) {
        words.append(
          "-n " + quoted("__paydrill_command " + option.commands.map(argument).joined(separator: " ")))
      }
      for spelling in option.spellings {
        words.append(spelling.hasPrefix("--") ? "-l \(spelling.dropFirst(2))" : "-s \(spelling.dropFirst())")
      }
      // It takes a value: -r; -x (no file) too, unless any file may be its value.
      if let value = option.value { words += [value.files == .any ? "-r" : "-x"] + offer(value) }
      words.append("-d " + quoted(option.summary))
      lines.append(words.joined(separator: " "))
    }
    lines += ["", "# Arguments: the command word, then each command's."]
    for command in model.commands {
      for (index, value) in command.arguments.enumerated() {
        let last = command.repeatsLastArgument && index == command.arguments.count - 1
        let condition = quoted(
          "__paydrill_argument " + argument(command.word) + (last ? "" : " \(index)"))
        if value.words.contains(where: { !$0.summary.isEmpty }) {
          // One declaration a word, to show its summary.
          for word in value.words {
            lines.append(
              "complete -c paydrill -n \(condition) -a \(quoted(word.text)) -d \(quoted(word.summary))")
          }
          let rest = offer(CompletionModel.Value(files: value.files, placeholder: value.placeholder))
          if !rest.isEmpty {
            lines.append("complete -c paydrill -n \(condition) " + rest.joined(separator: " "))
          }
        } else if !value.offersNothing {
          lines.append("complete -c paydrill -n \(condition) " + offer(value).joined(separator: " "))
        }
      }
    }
    return lines
  }

  /// The flags that offer a value: its words (`-a`) and its files; none when there is nothing to offer.
  private static func offer(_ value: CompletionModel.Value) -> [String] {
    var candidates = value.words.map(\.text)
    var flags: [String] = []
    switch value.files {
    case nil: break
    case .any: flags.append("-F")
    case .directories: candidates.append("(__fish_complete_directories)")
    case .suffix(let suffix):
      // fish's helper offers every file, those with the suffix first: keep those, and the folders.
      candidates.append("(__fish_complete_suffix .\(suffix) | string match -r -- '.*(?:\\.\(suffix)|/)$')")
    }
    if !candidates.isEmpty { flags += ["-a", quoted(candidates.joined(separator: " "))] }
    return flags
  }

  /// A command word as an argument of a condition: `""` for the checkout's.
  private static func argument(_ word: String) -> String { word.isEmpty ? "\"\"" : word }

  /// A word in fish's single quotes, where `\` and `'` are escaped with a backslash.
  private static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}
