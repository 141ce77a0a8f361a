import Foundation

/// One file of `Conformance/oracle/expand.py`'s output.
struct OracleFile: Sendable {
    var error: String?
    var keys: [InstanceKey]
}

enum Oracle {
    private struct Output: Decodable {
        var files: [File]
    }
    private struct File: Decodable {
        var file: String
        var error: String?
        var occurrences: [Instance]
    }
    private struct Instance: Decodable {
        var uid: String?
        var kind: String?
        var start: String?
        var end: String?
    }

    /// The oracle's VEVENT instances per file (paths as given to expand.py: relative to the corpus).
    static func load(_ url: URL) throws -> [String: OracleFile] {
        let data = try Data(contentsOf: url)
        let output = try JSONDecoder().decode(Output.self, from: data)
        var out: [String: OracleFile] = [:]
        for f in output.files {
            let keys = f.occurrences.filter { ($0.kind ?? "VEVENT") == "VEVENT" }.map {
                InstanceKey(uid: $0.uid ?? "", start: $0.start ?? "", end: $0.end ?? $0.start ?? "")
            }
            out[f.file.hasPrefix("./") ? String(f.file.dropFirst(2)) : f.file] = OracleFile(error: f.error, keys: keys)
        }
        return out
    }
}
