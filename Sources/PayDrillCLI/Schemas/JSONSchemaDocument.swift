import PayDrillCommandLine

/// The JSON Schemas (draft 2020-12) of the files a team writes: scenarios and themes. `paydrill schema NAME`
/// prints one, so an editor can complete and check a file that names it with `"$schema"`, and CI can validate
/// files with any JSON Schema validator.
///
/// The texts are compiled in as resources (`Schemas/Documents/`, which `docs/schema/` links to), so the
/// installed binary needs no files and prints the committed files byte for byte.
///
/// The schemas follow the decoders: what PayDrill refuses they refuse where JSON Schema can say it, and what
/// PayDrill accepts they accept, with two exceptions: `null` for an optional field (PayDrill reads it as
/// absent; leave the field out) and billing dates in a looser form than the documented `yyyy-MM-dd`. What
/// JSON Schema cannot say (an Apple Pay currency that must equal the transaction's, a card number's Luhn
/// check, totals that must fit in 64 bits, a key written twice) is listed in `SchemaTests`. Unknown keys are
/// refused by both (`additionalProperties`, or `unevaluatedProperties` where an object is composed).
public enum JSONSchemaDocument {
  /// The schemas' names, in the order `paydrill schema` lists them.
  public static let names = SchemaName.allCases.map(\.rawValue)

  /// The schema's text, exactly as the committed file (ending with a newline): write it as it is, without
  /// adding another newline. Nil for a name that is not in `names`.
  public static func text(named name: String) -> String? {
    switch name {
    case "scenario": return String(decoding: PackageResources.scenario_schema_json, as: UTF8.self)
    case "theme": return String(decoding: PackageResources.theme_schema_json, as: UTF8.self)
    default: return nil
    }
  }

  /// The committed file's name for a schema (`scenario.schema.json`), under `docs/schema/`.
  public static func fileName(named name: String) -> String? {
    names.contains(name) ? "\(name).schema.json" : nil
  }
}
