/// What a `StrictJSONDecoder` learnt while decoding: for each object, the keys its type knows. Objects
/// whose type listed its keys are checked for others when decoding ends.
final class KeyLedger {
  let ignoredTopLevelKeys: Set<String>
  /// Known keys by the object's path (`applePay.rules`, `items[0]`).
  private var known: [String: Set<String>] = [:]
  /// Keys asked for by name, by the object's path, before or without a key type that lists its keys.
  private var asked: [String: Set<String>] = [:]
  /// Key types seen that do not list their keys (a dictionary's, `PathKey`), by their full names.
  var openKeyTypes: Set<String> { Set(openKeyTypeList.values.map { String(reflecting: $0) }) }
  /// Named only when asked (test support): `String(reflecting:)` of a type took 3.4 M instructions, a third
  /// of decoding a theme. Kept once each, so a type opened again is known without asking it anything.
  private var openKeyTypeList: [ObjectIdentifier: Any.Type] = [:]
  /// The keys each key type lists, by the type: listing them casts each key to `CodingKey` at run time, and a
  /// theme opens its one style type's keys two dozen times.
  private var listedKeys: [ObjectIdentifier: [String]] = [:]

  init(ignoredTopLevelKeys: Set<String>) {
    self.ignoredTopLevelKeys = ignoredTopLevelKeys
  }

  /// A keyed container was made for the object at `path`: when its key type lists its keys, the object is
  /// checked against them.
  func opened<Key: CodingKey>(_ keyType: Key.Type, at path: [CodingKey]) {
    let names: [String]
    let type = ObjectIdentifier(keyType)
    if let listed = listedKeys[type] {
      names = listed
    } else {
      guard openKeyTypeList[type] == nil, let listing = keyType as? any CaseIterable.Type else {
        openKeyTypeList[type] = keyType
        return
      }
      // The cases are `Key`s: a cast to the type itself is a comparison, where a cast to `any CodingKey`
      // looks the conformance up among every library's (a quarter of a million instructions a key type).
      names = (listing.allCases as any Collection).compactMap { ($0 as? Key)?.stringValue }
      listedKeys[type] = names
    }
    known[Self.text(path), default: []].formUnion(names)
  }

  /// A key was asked for by name in the object whose path `text(_:)` wrote as `text`: a type that reads a key
  /// through a second key type (`PathKey`) knows it too.
  func asked(for key: String, inObjectAt text: String) {
    if known[text] != nil { known[text]!.insert(key) } else { asked[text, default: []].insert(key) }
  }

  /// The first key, in the order of the text, of a checked object that its type does not know, as an error
  /// at the key's path naming the nearest known key.
  func firstUnknownKey(in root: JSONValue) -> DecodingError? {
    var found: DecodingError?
    walk(root, path: [], into: &found)
    return found
  }

  private func walk(_ value: JSONValue, path: [CodingKey], into found: inout DecodingError?) {
    guard found == nil else { return }
    switch value {
    case .object(let members):
      let text = Self.text(path)
      if let keys = known[text] {
        let allowed = keys.union(asked[text] ?? []).union(path.isEmpty ? ignoredTopLevelKeys : [])
        if let member = members.first(where: { !allowed.contains($0.key) }) {
          found = Self.unknown(member.key, at: path, known: keys.sorted())
          return
        }
      }
      for member in members { walk(member.value, path: path + [PathKey(member.key)], into: &found) }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        walk(element, path: path + [PathKey(index)], into: &found)
      }
    default:
      return
    }
  }

  static func unknown(_ key: String, at path: [CodingKey], known: [String]) -> DecodingError {
    let hint =
      Suggestion.nearest(to: key, among: known).map { "did you mean `\($0)`?" }
      ?? "expected one of \(known.map { "`\($0)`" }.joined(separator: ", "))"
    return .dataCorrupted(
      .init(codingPath: path + [PathKey(key)], debugDescription: "unknown key \"\(key)\" (\(hint))"))
  }

  /// A coding path as text, indices and keys told apart.
  static func text(_ path: [CodingKey]) -> String {
    path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
  }
}
