import CheckoutEngine
import Foundation
import TerminalUI
import XCTest

@testable import PayDrillApp
@testable import PayDrillLoop

/// The help tells the truth in every mode: what the footer, `?` and the screen say a key does is what it
/// does there, and the keys that walk a list walk what it shows.
final class ModeHelpTests: XCTestCase {
  private func event(_ sequence: Int, _ name: CallbackName = .onSubmit) -> CallbackEvent {
    CallbackEvent(sequence: sequence, time: Fixture.now, name: name, method: .card, details: [])
  }

  private func model() -> AppModel {
    AppModel(
      checkout: CheckoutState(scenario: Fixture.cardOnly), size: Size(columns: 100, rows: 32),
      latencyMilliseconds: 0, timeZone: TimeZone(identifier: "UTC")!)
  }

  /// One key through the reducer: the model after it must be `update` applied to the one before.
  private func press(
    _ key: KeyEvent, _ model: inout AppModel, line: UInt = #line,
    _ update: (inout AppModel) -> Void = { _ in }
  ) {
    var expected = model
    update(&expected)
    XCTAssertEqual(AppReducer.reduce(&model, .key(key), context: Fixture.context), [], line: line)
    XCTAssertEqual(model, expected, "after \(key)", line: line)
  }

  func testWithAFilterOnTheInspectorsArrowsStepAmongTheMatchesOnly() {
    var model = model()
    // Events 0, 2 and 4 are errors: the filter's matches.
    model.checkout.events = EventLog((0..<6).map { event($0 + 1, $0 % 2 == 0 ? .onError : .onSubmit) })
    press(.character("/"), &model) { $0.eventList = EventList(isFocused: true, isEditingFilter: true) }
    for character in "onerror" {
      press(.character(character), &model) { $0.eventList.filter.append(character) }
    }
    press(.enter, &model) { $0.eventList.isEditingFilter = false }
    XCTAssertEqual(Array(model.eventList.shown(model.checkout.events)), [0, 2, 4])
    press(.home, &model) { $0.eventList.selected = 0 }
    press(.enter, &model) { $0.overlay = .inspector(EventInspector(index: 0)) }
    press(.right, &model) {
      $0.overlay = .inspector(EventInspector(index: 2))
      $0.eventList.selected = 1
    }
    press(.right, &model) {
      $0.overlay = .inspector(EventInspector(index: 4))
      $0.eventList.selected = nil
    }
    // At the last match → stays; ← goes back among the matches.
    press(.right, &model)
    press(.left, &model) {
      $0.overlay = .inspector(EventInspector(index: 2))
      $0.eventList.selected = 1
    }
    press(.character("h"), &model) {
      $0.overlay = .inspector(EventInspector(index: 0))
      $0.eventList.selected = 0
    }
    press(.left, &model)
  }

  private func openSheet() -> AppModel {
    var model = Fixture.model(Size(columns: 100, rows: 32))
    Fixture.settle([.key(.character("3"))], in: &model)
    XCTAssertTrue(model.checkout.screen.isApplePaySheet)
    return model
  }

  /// The sheet's first line, where its corner says what Esc does.
  private func sheetCorner(_ model: AppModel) -> String {
    RootView.render(model).lines.first { $0.contains("(Esc)") } ?? ""
  }

  private func footer(_ model: AppModel) -> String {
    RootView.render(model).lines[model.size.rows - 1]
  }

  /// What `?` and a wide footer say Esc does in the model's mode.
  private func escape(_ model: AppModel) -> String? {
    KeyHelp.entries(for: model).first { $0.keys == "Esc" }?.action
  }

  /// In a chooser, the coupon entry, the prompt and the passcode, Esc goes back to the sheet's rows: the
  /// corner of the sheet and the footer say so, and only the rows say Esc cancels the sheet.
  func testTheSheetsCornerAndFooterSayWhatEscDoesInEachPart() {
    var model = openSheet()
    XCTAssertTrue(sheetCorner(model).contains("Cancel (Esc)"), sheetCorner(model))
    XCTAssertEqual(escape(model), "cancel the sheet")
    // The shipping method's chooser.
    Fixture.settle([.key(.up), .key(.up), .key(.up), .key(.enter)], in: &model)
    XCTAssertNotNil(model.sheetChooser)
    XCTAssertTrue(sheetCorner(model).contains("Back (Esc)"), sheetCorner(model))
    XCTAssertFalse(sheetCorner(model).contains("Cancel"), sheetCorner(model))
    XCTAssertEqual(escape(model), "back to the sheet")
    XCTAssertTrue(footer(model).contains("Esc back"), footer(model))
    Fixture.settle([.key(.escape)], in: &model)
    XCTAssertTrue(model.checkout.screen.isApplePaySheet, "Esc went back to the sheet, as it said")
    // The coupon entry.
    Fixture.settle([.key(.down), .key(.down), .key(.enter)], in: &model)
    XCTAssertNotNil(model.couponDraft)
    XCTAssertTrue(sheetCorner(model).contains("Back (Esc)"), sheetCorner(model))
    XCTAssertEqual(escape(model), "discard, back to the sheet")
    XCTAssertTrue(footer(model).contains("Esc back"), footer(model))
    Fixture.settle([.key(.escape), .key(.down), .key(.enter)], in: &model)
    // The prompt, then the passcode: Esc is back to the sheet, in the corner, the prompt and the footer.
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .authenticating(.biometric))
    let prompt = RootView.render(model).text
    XCTAssertTrue(prompt.contains("Esc    back to the sheet"), prompt)
    XCTAssertTrue(sheetCorner(model).contains("Back (Esc)"), sheetCorner(model))
    XCTAssertEqual(escape(model), "back to the sheet")
    XCTAssertTrue(footer(model).contains("Esc back"), footer(model))
    Fixture.settle([.key(.character("p"))], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .authenticating(.passcode))
    XCTAssertEqual(escape(model), "back to the sheet")
    XCTAssertTrue(footer(model).contains("Esc back"), footer(model))
    Fixture.settle([.key(.escape)], in: &model)
    XCTAssertEqual(model.checkout.applePaySheet?.phase, .reviewing)
  }

  /// `?` in a chooser is titled with the mode and lists its keys first: what Enter and Esc do there, before
  /// the keys of the whole terminal.
  func testHelpInAChooserListsItsOwnKeysFirstUnderItsName() {
    var model = openSheet()
    Fixture.settle([.key(.up), .key(.up), .key(.up), .key(.enter), .key(.character("?"))], in: &model)
    XCTAssertTrue(model.showsHelp)
    let lines = RootView.render(model).lines
    let title = lines.firstIndex { $0.contains("Keys · A sheet row's chooser") }
    XCTAssertNotNil(title, lines.joined(separator: "\n"))
    let listed = lines.dropFirst((title ?? 0) + 1).prefix(5).map {
      $0.split(separator: "│").dropFirst().first.map(String.init) ?? ""
    }
    XCTAssertTrue(listed[0].contains("↑↓") && listed[0].contains("choose"), "\(listed)")
    XCTAssertTrue(listed[1].contains("Enter") && listed[1].contains("pick this option"), "\(listed)")
    XCTAssertTrue(listed[2].contains("Esc") && listed[2].contains("back to the sheet"), "\(listed)")
    XCTAssertEqual(listed[3].trimmingCharacters(in: .whitespaces), "", "a line between its keys and the rest")
  }
}
