import CheckoutEngine
import PayDrillCommandLine

/// The command table as a completion script needs it: each command with the options it takes, and what each
/// option's value and each argument can be (a fixed list of words, files, both, or nothing to offer).
///
/// The bash, zsh and fish scripts all render this one model, and it is read from `CommandTable` only, so a
/// script completes exactly what `--help` lists: a new option or command needs no change here.
struct CompletionModel {
  /// A word to offer, and what it is (zsh and fish show it beside the word; empty: nothing to show).
  struct Word: Equatable {
    let text: String
    let summary: String
  }

  /// The files to offer.
  enum Files: Equatable {
    case any
    case directories
    /// Files ending in `.` and this, and the folders that lead to them.
    case suffix(String)
  }

  /// What a value or an argument can be. When it offers nothing (a number, an id), `placeholder` is what
  /// the help calls it, for a shell that can show it.
  struct Value: Equatable {
    var words: [Word] = []
    var files: Files?
    let placeholder: String

    var offersNothing: Bool { words.isEmpty && files == nil }
  }

  /// One `OptionSpec`: its spellings, its value (nil for a switch) and the commands that take it.
  struct Option {
    let spellings: [String]
    let summary: String
    let value: Value?
    /// The words of the commands that take it; the checkout's is "".
    let commands: [String]
  }

  struct Command {
    /// The word typed after `paydrill`; "" for the checkout, whose argument is the command word.
    let word: String
    let summary: String
    let options: [Option]
    /// What each argument after the command word can be, in order.
    let arguments: [Value]
    /// Whether the last argument repeats (`TAPE…`).
    let repeatsLastArgument: Bool
  }

  let commands: [Command]
  /// Every option of the table, in its order.
  let options: [Option]

  /// Every spelling of an option that takes a value: the word after one is its value, neither the command
  /// nor an argument (unless it starts with `--`, as the parser has it).
  var valueSpellings: [String] {
    var seen = Set<String>()
    return options.filter { $0.value != nil }.flatMap(\.spellings).filter { seen.insert($0).inserted }
  }

  /// The model of `CommandTable`.
  static let table = CompletionModel()

  private init() {
    let commandWords = CommandTable.commands.compactMap { command in
      command.name.word.map { Word(text: $0, summary: command.summary) }
    }
    let options = CommandTable.options.map { option in
      Option(
        spellings: option.spellings, summary: option.summary, value: Self.value(of: option),
        commands: CommandSpec.Name.allCases.filter(option.commands.contains).map { $0.word ?? "" })
    }
    self.options = options
    commands = CommandTable.commands.map { command in
      let word = command.name.word ?? ""
      let (arguments, repeats) =
        command.name == .checkout
        ? ([Value(words: commandWords, placeholder: "COMMAND")], false)
        : Self.arguments(command.arguments, commandWords: commandWords)
      return Command(
        word: word, summary: command.summary, options: options.filter { $0.commands.contains(word) },
        arguments: arguments, repeatsLastArgument: repeats)
    }
  }

  /// What an option's value can be: its choices (the built-in scenarios for `--scenario`, which the table
  /// leaves out because decoding them all would slow every start), and files when its placeholder names a
  /// file (`FILE`, `PATH`, `DIR`). A `NAME|PATH` is a scenario or theme file: JSON.
  private static func value(of option: OptionSpec) -> Value? {
    guard let placeholder = option.value else { return nil }
    let words =
      option.name == "--scenario"
      ? Scenario.builtIn.map { Word(text: $0.name, summary: $0.description) }
      : option.choices.map { Word(text: $0, summary: "") }
    let kinds = placeholder.split(separator: "|")
    var value = Value(words: words, placeholder: placeholder)
    if kinds.contains("PATH") || kinds.contains("FILE") {
      value.files = kinds.contains("NAME") ? .suffix("json") : .any
    } else if kinds.contains("DIR") {
      value.files = .directories
    }
    return value
  }

  /// What a command's arguments can be, read from how its usage writes them: `TAPE…` (tapes, repeated),
  /// `REPORT…` (JUnit reports: XML files), `FILE…`, `[COMMAND]`, `scenario|theme` (these words), `[show ID]`
  /// (the word show, then an id).
  private static func arguments(_ usage: String, commandWords: [Word]) -> ([Value], repeats: Bool) {
    let placeholders = usage.split(separator: " ").map {
      $0.filter { !"[]…".contains($0) }
    }
    let values = placeholders.map { placeholder -> Value in
      switch placeholder {
      case "TAPE": return Value(files: .suffix("tape"), placeholder: placeholder)
      case "REPORT": return Value(files: .suffix("xml"), placeholder: placeholder)
      case "FILE", "PATH": return Value(files: .any, placeholder: placeholder)
      case "DIR": return Value(files: .directories, placeholder: placeholder)
      case "COMMAND": return Value(words: commandWords, placeholder: placeholder)
      case placeholder.lowercased():
        return Value(
          words: placeholder.split(separator: "|").map { Word(text: String($0), summary: "") },
          placeholder: placeholder)
      default: return Value(placeholder: placeholder)
      }
    }
    return (values, usage.hasSuffix("…"))
  }
}
