import CalendarModel
import Foundation

/// import → export → import: the models are equal. Shared by the round-trip tests and the
/// conformance runner; `compare` lists each difference as a sentence (empty when equal).
public enum RoundTrip {
    public static func compare(_ a: [CalendarDocument], _ b: [CalendarDocument], form: String) -> [String] {
        var out: [String] = []
        if a.count != b.count { return ["\(form): \(a.count) calendar(s) read back as \(b.count)"] }
        for (x, y) in zip(a, b) {
            if x.calendar != y.calendar { out.append("\(form): calendar properties differ: \(difference(x.calendar, y.calendar))") }
            if x.events.count != y.events.count { out.append("\(form): \(x.events.count) events read back as \(y.events.count)") }
            if x.reminders.count != y.reminders.count { out.append("\(form): \(x.reminders.count) reminders read back as \(y.reminders.count)") }
            for (e, f) in zip(x.events, y.events) where e != f {
                out.append("\(form): event \(e.uid) differs: \(difference(e, f))")
            }
            for (e, f) in zip(x.reminders, y.reminders) where e != f {
                out.append("\(form): reminder \(e.uid) differs: \(difference(e, f))")
            }
            if x.extraComponents != y.extraComponents { out.append("\(form): extra components differ") }
            if x.extraProperties != y.extraProperties { out.append("\(form): extra calendar properties differ") }
            if !Set(x.timeZones.map(\.tzid)).isSubset(of: Set(y.timeZones.map(\.tzid))) { out.append("\(form): time zones lost") }
        }
        return out
    }

    public static func normalized(_ docs: [CalendarDocument]) -> [CalendarDocument] {
        docs.map { doc in
            var d = doc
            d.calendar.sourceName = nil
            d.calendar.productID = nil
            return d
        }
    }

    public static func strippingSources(_ docs: [CalendarDocument]) -> [CalendarDocument] {
        docs.map { doc in
            var d = doc
            d.events = d.events.map { var e = $0; e.source = nil; return e }
            d.reminders = d.reminders.map { var r = $0; r.source = nil; return r }
            return d
        }
    }

    /// The names of the fields that differ, by their JSON encoding.
    public static func difference<T: Encodable>(_ a: T, _ b: T) -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys]
        enc.dateEncodingStrategy = .secondsSince1970
        guard let da = try? enc.encode(a), let db = try? enc.encode(b),
              let ja = (try? JSONSerialization.jsonObject(with: da)) as? [String: Any],
              let jb = (try? JSONSerialization.jsonObject(with: db)) as? [String: Any] else { return "?" }
        var out: [String] = []
        for key in Set(ja.keys).union(jb.keys).sorted() {
            let va = ja[key].map { "\($0)" } ?? "nil"
            let vb = jb[key].map { "\($0)" } ?? "nil"
            if va != vb { out.append("\(key): \(va.prefix(120)) → \(vb.prefix(120))") }
        }
        return out.joined(separator: "; ")
    }
}
