import Testing

/// A case of input that a reader refuses: its text and the message that names where and what
/// (jCal and icalkit JSON tests).
struct BadInputCase: Sendable, CustomTestStringConvertible {
    let id: String
    let json: String
    let message: String
    var testDescription: String { id }
}
