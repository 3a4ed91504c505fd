/// The built-in texts of each locale, one JSON file a locale (`Strings/LOCALE.json`), each read the first
/// time its locale is asked for.
///
/// A run shows one locale, and the program's first frame waits for it. Decoding every locale's texts through
/// `Codable` at start-up took 13 M instructions, a sixth of the first frame's (the first use of each decoded
/// type resolves its metadata at run time, and six locales are six times the text). So only the locales in
/// use are read, with `JSONReader`, which builds plain values.
final class LocalisationCatalog: Sendable {
  /// Each locale's file: an object of `ShopperText` keys and their texts.
  private let texts: [String: [UInt8]]
  /// The locales read: as many as there are, so none is read twice.
  private let tables: Memo<String, [ShopperText: String]>

  init(texts: [String: [UInt8]]) {
    self.texts = texts
    tables = Memo(limit: max(1, texts.count))
  }

  /// The texts of a built-in locale, or nil when the catalogue does not have it. Keys that are not a
  /// `ShopperText` are left out.
  subscript(locale: String) -> [ShopperText: String]? {
    guard let json = texts[locale] else { return nil }
    return tables.value(for: locale) { Self.read(json, locale: locale) }
  }

  private static func read(_ json: [UInt8], locale: String) -> [ShopperText: String] {
    let value: JSONValue
    do {
      value = try JSONReader.read(json)
    } catch {
      preconditionFailure("the built-in texts of \(locale) do not read: \(error)")
    }
    guard case .object(let members) = value else {
      preconditionFailure("the built-in texts of \(locale) are not an object")
    }
    var table: [ShopperText: String] = [:]
    table.reserveCapacity(members.count)
    for member in members {
      guard let key = ShopperText(rawValue: member.key), case .string(let text) = member.value else {
        continue
      }
      table[key] = text
    }
    return table
  }
}
