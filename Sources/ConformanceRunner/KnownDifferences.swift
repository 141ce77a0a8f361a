import Foundation

/// The machine-readable part of `Conformance/KNOWN_DIFFERENCES.md`: the fenced block
/// ```` ```known-differences ```` whose lines are
///
///     file | uid | oracle|icalkit | start | end | reason
///
/// Each line sets aside exactly one instance that only that side has. `reason` names a section
/// `### <reason>` of the same document, which must exist and cite RFC 5545.
struct KnownDifferences: Sendable {
    enum Side: String, Sendable { case oracle, icalkit }

    struct Entry: Sendable {
        var file: String
        var uid: String
        var side: Side
        var start: String
        var end: String
        var reason: String
        /// `*` in uid, start or end matches any value: for a class of instants the section explains
        /// as a whole (every instance of one series, say). Values compare as the runner normalizes them.
        func matches(_ k: InstanceKey) -> Bool {
            (uid == "*" || k.uid == uid) && (start == "*" || k.start == InstanceKey.normalizeTime(start))
                && (end == "*" || k.end == InstanceKey.normalizeTime(end))
        }
    }

    private(set) var byFile: [String: [Entry]] = [:]
    /// Problems with the document itself (bad lines, reasons without a section).
    private(set) var problems: [String] = []
    var count: Int { byFile.values.reduce(0) { $0 + $1.count } }

    init() {}

    init(text: String) {
        var inBlock = false
        var sections: [String: String] = [:]
        var current: String?
        var lineNumber = 0
        var entries: [(Int, Entry)] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                inBlock = !inBlock && line.dropFirst(3).trimmingCharacters(in: .whitespaces) == "known-differences"
                continue
            }
            if inBlock {
                if line.isEmpty || line.hasPrefix("#") { continue }
                let f = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard f.count == 6, let side = Side(rawValue: f[2]), !f[0].isEmpty, !f[5].isEmpty else {
                    problems.append("KNOWN_DIFFERENCES.md:\(lineNumber): expected `file | uid | oracle|icalkit | start | end | reason`")
                    continue
                }
                entries.append((lineNumber, Entry(file: f[0], uid: f[1].trimmingCharacters(in: .whitespaces), side: side, start: f[3], end: f[4], reason: f[5])))
                continue
            }
            if line.hasPrefix("### ") {
                let name = String(line.dropFirst(4)).split(separator: " ").first.map(String.init) ?? ""
                current = name
                sections[name] = ""
            } else if let c = current {
                sections[c, default: ""] += line + "\n"
            }
        }
        for (n, e) in entries {
            guard let body = sections[e.reason] else {
                problems.append("KNOWN_DIFFERENCES.md:\(n): reason \(e.reason) has no `### \(e.reason)` section")
                continue
            }
            guard body.contains("RFC 5545") || body.contains("RFC 7529") else {
                problems.append("KNOWN_DIFFERENCES.md:\(n): section \(e.reason) does not cite an RFC 5545 section")
                continue
            }
            byFile[e.file, default: []].append(e)
        }
    }

    func entries(for file: String) -> [Entry] { byFile[file] ?? [] }
}
