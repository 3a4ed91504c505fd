import Synchronization

/// The built-in texts of each locale, from `strings.json`, each locale's table made the first time it is
/// asked for.
///
/// A run shows one locale, and the program's first frame waits for it: reading every locale's texts through
/// `Codable` at start-up cost as much as the rest of the frame (the first use of each decoded type resolves
/// its metadata at run time). So the file is read with `JSONReader`, which builds plain values, and only the
/// locales in use become tables.
final class LocalisationCatalog: Sendable {
  private struct State {
    /// Each locale's texts as `strings.json` writes them, read on the first question.
    var written: [String: [JSONMember]]?
    var tables: [String: [ShopperText: String]] = [:]
  }

  private let json: [UInt8]
  private let state = Mutex(State())

  /// A catalogue of the texts in `json`: an object of locales, each an object of `ShopperText` keys and their
  /// texts. Keys that are not a `ShopperText` are left out.
  init(json: [UInt8]) {
    self.json = json
  }

  /// The texts of a built-in locale, or nil when the catalogue does not have it.
  subscript(locale: String) -> [ShopperText: String]? {
    state.withLock { state in
      if let table = state.tables[locale] { return table }
      let written = state.written ?? Self.read(json)
      state.written = written
      guard let members = written[locale] else { return nil }
      var table: [ShopperText: String] = [:]
      table.reserveCapacity(members.count)
      for member in members {
        guard let key = ShopperText(rawValue: member.key), case .string(let text) = member.value else {
          continue
        }
        table[key] = text
      }
      state.tables[locale] = table
      return table
    }
  }

  private static func read(_ json: [UInt8]) -> [String: [JSONMember]] {
    do {
      guard case .object(let locales) = try JSONReader.read(json) else {
        preconditionFailure("the built-in strings are not an object of locales")
      }
      var written: [String: [JSONMember]] = [:]
      for locale in locales {
        guard case .object(let texts) = locale.value else {
          preconditionFailure("the built-in strings of \(locale.key) are not an object")
        }
        written[locale.key] = texts
      }
      return written
    } catch {
      preconditionFailure("the built-in strings do not read: \(error)")
    }
  }
}
