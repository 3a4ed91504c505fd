/// The bash and the zsh script. Both shells run the same function, `_paydrill`: it finds the command word
/// the way the parser does (the first word that is neither an option nor an option's value; `--` ends the
/// options), then offers the value of the option just typed (a `case` on the command and the option), the
/// command's options (a `case` on the command) or its next argument (a `case` on the command and the
/// argument's position). The two shells differ only in where the command line's words are and how a
/// completion is offered, so one generator writes both and they cannot drift apart.
enum BourneCompletionScript {
  case bash, zsh

  /// The whole script after its header.
  func lines(_ model: CompletionModel) -> [String] {
    let (words, current, first) = self == .bash ? ("COMP_WORDS", "COMP_CWORD", 1) : ("words", "CURRENT", 2)
    var lines =
      helpers + [
        "_paydrill() {",
        "  local cur=${\(words)[\(current)]} prev=${\(words)[\(current)-1]}",
        "  local command= word position=0 value=0 ended=0 i",
        "  # The command word, how many arguments follow it, and whether the word being completed is a value.",
        "  for ((i = \(first); i < \(current); i++)); do",
        "    word=${\(words)[i]}",
        "    if ((value)); then value=0; continue; fi",
        "    if ((!ended)); then",
        "      case $word in",
        "        (--) ended=1; continue ;;",
        "        (\(model.valueSpellings.joined(separator: "|")))",
        "          [[ ${\(words)[i+1]} == --* ]] || value=1",
        "          continue ;;",
        "        (-*) continue ;;",
        "      esac",
        "    fi",
        "    if [[ -z $command ]]; then command=$word; else position=$((position + 1)); fi",
        "  done",
      ]
    lines += ["  if ((value)); then"] + cases("$command:$prev", valueArms(model)).map { "    " + $0 }
    lines += ["    return 0", "  fi", "  if ((!ended)) && [[ $cur == -* ]]; then"]
    lines += cases("$command", optionArms(model)).map { "    " + $0 }
    lines += ["    return 0", "  fi"] + cases("$command:$position", argumentArms(model)).map { "  " + $0 }
    return lines + ["}"] + register
  }

  /// One arm of a `case`: its patterns and what it runs.
  private typealias Arm = (patterns: [String], body: [String])

  /// Arms with the same body become one.
  private func merged(_ arms: [Arm]) -> [Arm] {
    var merged: [Arm] = []
    for arm in arms where !arm.body.isEmpty {
      if let index = merged.firstIndex(where: { $0.body == arm.body }) {
        merged[index].patterns += arm.patterns
      } else {
        merged.append(arm)
      }
    }
    return merged
  }

  /// The values of the options, as `COMMAND:OPTION` (`:--scenario` for the checkout's).
  private func valueArms(_ model: CompletionModel) -> [Arm] {
    merged(
      model.options.compactMap { option in
        option.value.map { value in
          (option.commands.flatMap { command in option.spellings.map { "\(command):\($0)" } }, offer(value))
        }
      })
  }

  /// Each command's options.
  private func optionArms(_ model: CompletionModel) -> [Arm] {
    merged(model.commands.map { ([$0.word.isEmpty ? "''" : $0.word], offerOptions($0.options)) })
  }

  /// Each command's arguments, as `COMMAND:POSITION` (`:0`, the checkout's, is the command word).
  private func argumentArms(_ model: CompletionModel) -> [Arm] {
    merged(
      model.commands.flatMap { command in
        command.arguments.enumerated().map { index, value in
          let last = command.repeatsLastArgument && index == command.arguments.count - 1
          return (["\(command.word):" + (last ? "*" : "\(index)")], offer(value))
        }
      })
  }

  /// A `case` statement; `:` when it has no arm.
  private func cases(_ subject: String, _ arms: [Arm]) -> [String] {
    guard !arms.isEmpty else { return [":"] }
    var lines = ["case \(subject) in"]
    for arm in arms {
      lines.append("  (\(arm.patterns.joined(separator: "|")))")
      lines += arm.body.map { "    " + $0 }
      lines.append("    ;;")
    }
    return lines + ["esac"]
  }

  /// Functions the script defines before `_paydrill`.
  private var helpers: [String] {
    switch self {
    case .bash:
      return [
        "# Offers the words of $1 that begin with the word being completed, and files when $2 asks for them:",
        "# any, dirs, or those ending in .$2 (with the folders that lead to them).",
        "__paydrill_offer() {",
        "  COMPREPLY=($(compgen -W \"$1\" -- \"$cur\"))",
        "  [[ -n $2 ]] || return 0",
        "  compopt -o filenames 2>/dev/null",
        "  local IFS=$'\\n'",
        "  case $2 in",
        "    (any) COMPREPLY+=($(compgen -f -- \"$cur\")) ;;",
        "    (dirs) COMPREPLY+=($(compgen -d -- \"$cur\")) ;;",
        "    (*) COMPREPLY+=($(compgen -d -- \"$cur\") $(compgen -f -X \"!*.$2\" -- \"$cur\")) ;;",
        "  esac",
        "}",
        "",
      ]
    case .zsh:
      return []
    }
  }

  /// What registers `_paydrill` for the `paydrill` command. zsh runs the file itself when it autoloads it
  /// from its fpath, and registers it when it is sourced.
  private var register: [String] {
    switch self {
    case .bash:
      return ["", "complete -F _paydrill paydrill"]
    case .zsh:
      return [
        "",
        "if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then",
        "  _paydrill \"$@\"",
        "else",
        "  compdef _paydrill paydrill",
        "fi",
      ]
    }
  }

  /// The lines that offer a value or an argument; none when there is nothing to offer (zsh names it).
  private func offer(_ value: CompletionModel.Value) -> [String] {
    switch self {
    case .bash:
      guard !value.offersNothing else { return [] }
      let files: String
      switch value.files {
      case nil: files = ""
      case .any: files = " any"
      case .directories: files = " dirs"
      case .suffix(let suffix): files = " " + suffix
      }
      return [
        "__paydrill_offer " + CompletionScript.quoted(value.words.map(\.text).joined(separator: " ")) + files
      ]
    case .zsh:
      guard !value.offersNothing else { return ["_message " + CompletionScript.quoted(value.placeholder)] }
      var lines: [String] = []
      if !value.words.isEmpty {
        lines += describe(value.words, tag: "values", title: value.placeholder)
      }
      switch value.files {
      case nil: break
      case .any: lines.append("_files")
      case .directories: lines.append("_files -/")
      case .suffix(let suffix): lines.append("_files -g " + CompletionScript.quoted("*.\(suffix)"))
      }
      return lines
    }
  }

  /// The lines that offer a command's options, every spelling of each.
  private func offerOptions(_ options: [CompletionModel.Option]) -> [String] {
    switch self {
    case .bash:
      return [
        "__paydrill_offer " + CompletionScript.quoted(options.flatMap(\.spellings).joined(separator: " "))
      ]
    case .zsh:
      return describe(
        options.flatMap { option in
          option.spellings.map { CompletionModel.Word(text: $0, summary: option.summary) }
        }, tag: "options", title: "option")
    }
  }

  /// zsh: words with their summaries, through `_describe`.
  private func describe(_ words: [CompletionModel.Word], tag: String, title: String) -> [String] {
    let items = words.map { word in
      let text = word.text.replacingOccurrences(of: ":", with: "\\:")
      return CompletionScript.quoted(word.summary.isEmpty ? text : text + ":" + word.summary)
    }
    return [
      "local -a \(tag)=(\(items.joined(separator: " ")))",
      "_describe -t \(tag) \(CompletionScript.quoted(title)) \(tag)",
    ]
  }
}
