import StrictJSON

/// The built-in texts of each locale, one JSON file a locale (`Strings/LOCALE.json`), each read the first
/// time its locale is asked for.
///
/// A run shows one locale, and the program's first frame waits for it. Decoding every locale's texts through
/// `Codable` at start-up took 13 M instructions, a sixth of the first frame's (the first use of each decoded
/// type resolves its metadata at run time, and six locales are six times the text). So only the locales in
/// use are read, with `JSONReader`, which builds plain values.
///
/// Each locale's table is a constant (a `static let`, which Swift initialises once, when first read), not a
/// cache: nothing is forgotten or made again, so the reducer reads it as it reads any constant.
struct LocalisationCatalog: Sendable {
  /// The texts of a built-in locale, or nil when the catalogue does not have it. Keys that are not a
  /// `ShopperText` are left out.
  subscript(locale: String) -> [ShopperText: String]? {
    switch locale {
    case "en-US": Self.enUS
    case "en-GB": Self.enGB
    case "es-ES": Self.esES
    case "fr-FR": Self.frFR
    case "de-DE": Self.deDE
    case "ja-JP": Self.jaJP
    default: nil
    }
  }

  private static let enUS = read(PackageResources.en_US_json, locale: "en-US")
  private static let enGB = read(PackageResources.en_GB_json, locale: "en-GB")
  private static let esES = read(PackageResources.es_ES_json, locale: "es-ES")
  private static let frFR = read(PackageResources.fr_FR_json, locale: "fr-FR")
  private static let deDE = read(PackageResources.de_DE_json, locale: "de-DE")
  private static let jaJP = read(PackageResources.ja_JP_json, locale: "ja-JP")

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
