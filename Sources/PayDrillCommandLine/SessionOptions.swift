import Foundation

/// What `paydrill session` asked for: the request file and, when signing, the signature options.
public struct SessionOptions: Equatable, Sendable {
  package var requestPath = ""
  package var signature: String?
}
