import CalendarTestSupport
import Testing

extension BadInputCase: CustomTestStringConvertible {
    public var testDescription: String { id }
}
