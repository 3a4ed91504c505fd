import Foundation
import XCTest

@testable import PayDrillApp

/// `docs/reference/keys.md` is written from the key tables (`KeyReference`): the committed page must be the
/// one they write, section by section, so that a change of a mode's keys without its page fails naming the
/// mode. `PAYDRILL_RECORD_SNAPSHOTS=1` rewrites the page, and fails the test that did.
final class KeyReferenceTests: XCTestCase {
  static let path = "docs/reference/keys.md"

  /// The page's sections by their title (`# ` or `## `), in order.
  static func sections(of page: String) -> [(title: String, text: String)] {
    var sections: [(title: String, text: String)] = []
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("# ") || line.hasPrefix("## ") {
        sections.append((String(line.drop { $0 == "#" }.dropFirst()), ""))
      } else if !sections.isEmpty {
        sections[sections.count - 1].text += line + "\n"
      }
    }
    return sections.map { ($0.title, $0.text.trimmingCharacters(in: .newlines)) }
  }

  func testTheKeysReferenceIsTheOneTheKeyTablesWrite() throws {
    let written = KeyReference.page()
    let url = DocsDriftTests.root.appendingPathComponent(Self.path)
    if Snapshot.isRecording {
      Snapshot.record(written, to: url)
      return
    }
    let committed = Self.sections(of: try String(contentsOf: url, encoding: .utf8))
    let expected = Self.sections(of: written)
    for section in expected {
      guard let page = committed.first(where: { $0.title == section.title }) else {
        XCTFail("\(Self.path) has no section \"\(section.title)\": run with PAYDRILL_RECORD_SNAPSHOTS=1")
        continue
      }
      XCTAssertEqual(
        page.text, section.text,
        "\(Self.path): the section \"\(section.title)\" is not what its key table says: run with "
          + "PAYDRILL_RECORD_SNAPSHOTS=1 and review the diff")
    }
    XCTAssertEqual(committed.map(\.title), expected.map(\.title), "\(Self.path): its sections, in order")
  }

  /// The reader of sections, so that the comparison above can fail on one mode.
  func testASectionThatDiffersIsFoundByItsTitle() {
    let page = "# Keys\n\nhead\n\n## Card form\n\n| Key | Does |\n| Tab | next |\n"
    XCTAssertEqual(Self.sections(of: page).map(\.title), ["Keys", "Card form"])
    XCTAssertEqual(Self.sections(of: page).last?.text, "| Key | Does |\n| Tab | next |")
  }

  /// Every mode's section lists each of its bindings that acts, in the table's order.
  func testAModeSectionHasARowForEachOfItsBindings() {
    let section = KeyReference.sections().first { $0.title == KeyTable.cardForm.mode }?.text ?? ""
    let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Key") }
    XCTAssertEqual(rows.count - 1, KeyTable.cardForm.bindings.count, section)
    XCTAssertTrue(section.contains("| typing | fills the focused field"), section)
    XCTAssertTrue(section.contains("Also here"), section)
  }

  /// In every table a named key belongs to one binding, so that which one acts never hangs on their order;
  /// the method list lists `H` among its own keys, and its shared keys do not repeat it.
  func testEachNamedKeyOfATableBelongsToOneBinding() {
    for table in KeyReference.tables {
      let named = (table.bindings + table.shared).flatMap(\.namedKeys)
      for key in named where named.filter({ $0 == key }).count > 1 {
        XCTFail("\(table.mode): \(key) is named by more than one binding")
      }
    }
    XCTAssertFalse(KeyTable.methodList(methodCount: 4).shared.contains { $0.namedKeys == [.character("H")] })
  }
}
