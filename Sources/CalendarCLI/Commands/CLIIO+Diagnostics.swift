import ICalConversion

extension CLIIO {
    /// Writes each diagnostic to stderr as exactly one line (`feed.ics:42: error: ...`); line
    /// breaks and other control characters inside it are shown escaped (`\n`), so that scripts
    /// can read the stream line by line.
    func report(_ diagnostics: [ConversionDiagnostic]) {
        for diagnostic in diagnostics {
            printError(Self.oneLine(diagnostic.description) + "\n")
        }
    }

    static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
