/// The JSON Schemas `paydrill schema NAME` prints, in the order it lists them; their texts are compiled into
/// the command that prints them (`JSONSchemaDocument`).
public enum SchemaName: String, CaseIterable, Sendable {
  case scenario, theme
}
