import ICalConversion

extension JSONOutput {
    /// A diagnostic's members, as `import --format json` and `validate --format json` write
    /// them: `severity` (`note`, `warning`, `error`), `line` (of the input, or null), `uid` and
    /// `property` (or null), `message`, `action` (`none`, `repaired`, `ignored`, `skipped`,
    /// `refused`).
    static func diagnosticMembers(_ d: ConversionDiagnostic) -> [(String, JSONValue)] {
        [
            ("severity", .string(d.severity.rawValue)),
            ("line", d.line.map { .int($0) } ?? .null),
            ("uid", .nullable(d.uid)),
            ("property", .nullable(d.property)),
            ("message", .string(d.message)),
            ("action", .string(d.action.rawValue)),
        ]
    }
}
