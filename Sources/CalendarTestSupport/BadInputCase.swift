/// A case of input that a reader refuses: its text and the message that names where and what
/// (jCal and icalkit JSON tests). Each test target that takes these as arguments names them by
/// ``id`` (`CustomTestStringConvertible`, from Testing, which this module does not link).
public struct BadInputCase: Sendable {
    public let id: String
    public let json: String
    public let message: String

    public init(id: String, json: String, message: String) {
        self.id = id
        self.json = json
        self.message = message
    }
}
