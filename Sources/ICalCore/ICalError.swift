internal import CLibical

/// An error from libical or from reading its input, with a Swift name for each libical code.
public struct ICalError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let badArgument = Code(rawValue: Int32(ICAL_BADARG_ERROR.rawValue))
        public static let newFailed = Code(rawValue: Int32(ICAL_NEWFAILED_ERROR.rawValue))
        public static let allocation = Code(rawValue: Int32(ICAL_ALLOCATION_ERROR.rawValue))
        public static let malformedData = Code(rawValue: Int32(ICAL_MALFORMEDDATA_ERROR.rawValue))
        public static let parse = Code(rawValue: Int32(ICAL_PARSE_ERROR.rawValue))
        public static let internalError = Code(rawValue: Int32(ICAL_INTERNAL_ERROR.rawValue))
        public static let file = Code(rawValue: Int32(ICAL_FILE_ERROR.rawValue))
        public static let usage = Code(rawValue: Int32(ICAL_USAGE_ERROR.rawValue))
        public static let unimplemented = Code(rawValue: Int32(ICAL_UNIMPLEMENTED_ERROR.rawValue))
        public static let unknown = Code(rawValue: Int32(ICAL_UNKNOWN_ERROR.rawValue))
    }
    public var code: Code
    public var message: String
    public var line: Int?

    public init(code: Code, message: String, line: Int? = nil) {
        self.code = code
        self.message = message
        self.line = line
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }

    /// libical's text for a code (`icalerror_strerror`).
    public static func libicalText(for code: Code) -> String {
        guard let p = icalerror_strerror(icalerrorenum(rawValue: UInt32(code.rawValue))) else { return "unknown error" }
        return String(cString: p)
    }
}
