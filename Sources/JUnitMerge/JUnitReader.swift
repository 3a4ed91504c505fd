import Foundation
import JUnitReports

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an XML file into `JUnitElement`s with Foundation's `XMLParser` (libxml2 underneath): a real parser,
/// so entities, CDATA, character references and encodings are read as XML defines them. External entities
/// are never fetched.
enum JUnitReader {
  /// The deepest a report's elements may nest. A JUnit report nests four levels (testsuites, testsuite,
  /// testcase, failure); 100,000 nested elements made the tree's recursive walks overflow the stack.
  static let depthLimit = 64
  /// The largest report read, in bytes: a shard's report is kilobytes; a bigger file is not one.
  static let sizeLimit = 64 * 1024 * 1024

  /// Refuses a report larger than `sizeLimit` before it is read.
  static func checkSize(_ size: Int, file: String) throws {
    guard size <= sizeLimit else {
      throw JUnitMergeError(
        file: file,
        problem: "\(size) bytes, larger than the \(sizeLimit / 1024 / 1024) MB a JUnit report may be")
    }
  }

  /// The document's root element, or an error with the file and the line where the XML breaks.
  static func root(of data: Data, file: String) throws -> JUnitElement {
    try checkSize(data.count, file: file)
    guard data.contains(where: { !" \t\r\n".utf8.contains($0) }) else {
      throw JUnitMergeError(file: file, problem: "empty, not a JUnit report")
    }
    let builder = TreeBuilder()
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.delegate = builder
    // The first error libxml2 reports is where the XML breaks (it may go on and report more, and `parse()`
    // can return true after one on Linux). Its codes differ between platforms' `XMLParser.ErrorCode`s, so
    // the message gives the place, which any editor can go to.
    let parsed = parser.parse()
    if let line = builder.tooDeepAt {
      throw JUnitMergeError(
        file: file, line: line,
        problem: "not a JUnit report: elements nested deeper than \(depthLimit) levels")
    }
    if let place = builder.firstError ?? (parsed ? nil : (parser.lineNumber, parser.columnNumber)) {
      throw JUnitMergeError(
        file: file, line: place.line > 0 ? place.line : nil,
        problem: "not a JUnit report: not well-formed XML"
          + (place.column > 0 ? " (column \(place.column))" : ""))
    }
    guard let root = builder.root else {
      throw JUnitMergeError(file: file, problem: "not a JUnit report: no element in it")
    }
    return root
  }

  /// The order attributes are written in: JUnit's own first (XMLParser hands them over unordered), then the
  /// others by name, so that a merged report is the same from run to run.
  static let attributeOrder = [
    "name", "classname", "file", "line", "tests", "failures", "errors", "skipped", "assertions", "time",
    "timestamp", "hostname", "id", "package", "message", "type",
  ]

  static func ordered(_ attributes: [String: String]) -> [JUnitElement.Attribute] {
    attributes.sorted { left, right in
      let (a, b) = (attributeOrder.firstIndex(of: left.key), attributeOrder.firstIndex(of: right.key))
      switch (a, b) {
      case (let a?, let b?): return a < b
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return left.key < right.key
      }
    }.map { JUnitElement.Attribute($0.key, $0.value) }
  }

  /// Builds the element tree as the parser reports starts, text and ends.
  private final class TreeBuilder: NSObject, XMLParserDelegate {
    /// The elements open at this point, the outermost first.
    var open: [JUnitElement] = []
    var root: JUnitElement?
    /// Where the first error was, if there was one.
    var firstError: (line: Int, column: Int)?
    /// The line of the element that went past `depthLimit`; parsing stopped there.
    var tooDeepAt: Int?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
      if firstError == nil, tooDeepAt == nil { firstError = (parser.lineNumber, parser.columnNumber) }
    }

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      guard tooDeepAt == nil else { return }
      guard open.count < JUnitReader.depthLimit else {
        tooDeepAt = parser.lineNumber
        parser.abortParsing()
        return
      }
      open.append(JUnitElement(elementName, JUnitReader.ordered(attributes), line: parser.lineNumber))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard !open.isEmpty else { return }
      open[open.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      guard !open.isEmpty else { return }
      open[open.count - 1].text += String(decoding: block, as: UTF8.self)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
      guard tooDeepAt == nil, var element = open.popLast() else { return }
      // The indentation between elements is layout, not text.
      if element.text.allSatisfy(\.isWhitespace) { element.text = "" }
      if open.isEmpty {
        root = element
      } else {
        open[open.count - 1].children.append(element)
      }
    }
  }
}
