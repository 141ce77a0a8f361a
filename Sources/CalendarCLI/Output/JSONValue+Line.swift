/// A document on one line, for reports of one JSON object per line (JSON Lines): `refresh`
/// writes one per feed, so a script reads each as it comes.
///
/// ```swift
/// JSONValue.object([("schemaVersion", 1), ("ok", true)]).renderedLine()   // {"schemaVersion":1,"ok":true}\n
/// ```
extension JSONValue {
    /// The document without spaces or line breaks, ending with a newline.
    func renderedLine() -> String {
        var out: [UInt8] = []
        writeLine(to: &out)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    private func writeLine(to out: inout [UInt8]) {
        switch self {
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.writeLine(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.writeLine(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        default:
            write(to: &out, indent: 0)
        }
    }
}
