/// The shells `paydrill completions` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
  case bash, zsh, fish
}
