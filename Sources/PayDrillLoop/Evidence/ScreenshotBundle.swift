import CheckoutEngine
import Foundation
import PayDrillApp
import TerminalUI

/// One screenshot as the files that make it: the screen as plain text (`.txt`), in colour for a terminal
/// (`.ans`), as a web page (`.html`) and as a picture (`.svg`), the callbacks so far (`.events.jsonl`) and the scenario with its
/// keys and card numbers redacted (`.scenario.json`). Pure: `ScreenshotWriter` puts the files in a folder.
public struct ScreenshotBundle: Equatable, Sendable {
  /// One file of the bundle: its name and its text.
  public struct File: Equatable, Sendable {
    public var name: String
    public var contents: String
  }

  /// What every file's name starts with: `paydrill-20261129-184502-step07-card-form`.
  public var name: String
  /// The files, in the order of `suffixes`.
  public var files: [File]

  /// The ends of the files' names, after `name`.
  public static let suffixes = [".txt", ".ans", ".html", ".svg", ".events.jsonl", ".scenario.json"]

  /// A bundle of a screen and the events so far; with a run's `header`, the events file starts with it (the
  /// seed that repeats the run).
  public init(
    name: String, screen: ScreenBuffer, theme: Theme, events: [CallbackEvent], scenario: Scenario,
    header: RunHeader? = nil
  ) {
    self.name = name
    let scenarioText = (try? JSONEncoder().encode(scenario)).flatMap(SecretRedaction.prettyJSON) ?? "{}"
    let contents = [
      screen.text + "\n",
      AnsiExport.text(of: screen, theme: theme),
      HtmlExport.document(of: screen, theme: theme, title: "PayDrill · \(name)"),
      SvgExport.document(of: screen, theme: theme, title: "PayDrill · \(name)"),
      (header.map { $0.jsonLine() + "\n" } ?? "")
        + CallbackEvent.jsonLines(events.map(SecretRedaction.masked)),
      scenarioText + "\n",
    ]
    files = zip(Self.suffixes, contents).map { File(name: name + $0, contents: $1) }
  }

  /// The bundle of what a model shows, named with `name`. A card number being typed keeps only its last
  /// four digits: the rest are masked with `•`, as everywhere else PayDrill shows a card.
  /// With the event inspector open, the event it shows is saved too, as the JSON `y` copies
  /// (`.event.json`).
  public init(name: String, model: AppModel, theme: Theme, header: RunHeader? = nil) {
    self.init(
      name: name, screen: SecretRedaction.masking(RootView.render(model)), theme: theme,
      events: Array(model.checkout.events),
      scenario: model.checkout.scenario, header: header)
    if let index = model.inspector?.index, model.checkout.events.indices.contains(index) {
      files.append(
        File(
          name: name + Self.inspectedSuffix,
          contents: EventInspector.json(of: model.checkout.events[index]) + "\n"))
    }
  }

  /// The end of the name of the file that holds the inspected event.
  public static let inspectedSuffix = ".event.json"

  /// `paydrill-20261129-184502-step07-card-form`, or with a label (a tape's line) before the screen's name:
  /// `paydrill-20261129-184502-step03-line12-paid`. The time is written in `timeZone`.
  public static func name(time: Date, timeZone: TimeZone, step: Int, label: String? = nil, screen: String)
    -> String
  {
    let parts = ["paydrill", EvidenceFolder.stamp(time, in: timeZone), String(format: "step%02ld", step)]
    return (parts + (label.map { [$0] } ?? []) + [screen]).joined(separator: "-")
  }
}
