import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import ICalCore
import Testing

/// import → export → import over every file of the third-party corpus that reads without
/// errors: the models are equal, both when untouched items are written from their original
/// text and when every item is rebuilt from the model.
@Suite("Corpus round trip", .enabled(if: TestFiles.corpus != nil, Comment(rawValue: TestFiles.corpusMissingMessage)))
struct CorpusRoundTripTests {
    static let files = TestFiles.corpusFiles()

    @Test(arguments: files)
    func roundTrips(_ path: String) throws {
        let corpus = try #require(TestFiles.corpus)
        let data = try Data(contentsOf: corpus.appendingPathComponent(path))
        let first = ICalendarReader().read(data, fileName: path)
        guard !first.hasDataErrors else { return }   // files with skipped items are the reliability suite's
        let original = RoundTrip.normalized(first.documents)

        let inputText = String(decoding: data, as: UTF8.self)
        let inputErrors = Set(ICalValidator.libicalErrors(in: inputText))
        // Files the reader had to repair or skip lines in are checked by model round trip only;
        // the text checks below need input that was read as written.
        let clean = !first.diagnostics.contains { $0.severity != .note }
        for (form, docs) in [("untouched", first.documents), ("rebuilt", RoundTrip.strippingSources(first.documents))] where clean {
            let output = ICalendarWriter().write(docs)
            ExportChecks.lineForm(output, form)
            ExportChecks.keepsPropertyNames(of: inputText, in: output, form)
            ExportChecks.timeZonesOncePerUse(output, input: inputText, form)
            let added = Set(ICalValidator.libicalErrors(in: output)).subtracting(inputErrors)
            #expect(added.isEmpty, "\(form): libical reports \(added)")
        }

        // Untouched: written from original text.
        let text = ICalendarWriter().write(first.documents)
        let again = ICalendarReader().read(Data(text.utf8), fileName: path)
        #expect(!again.hasDataErrors, "re-read of export had errors: \(again.diagnostics.filter { $0.severity == .error })")
        RoundTrip.compare(original, RoundTrip.normalized(again.documents), what: "untouched")

        // Rebuilt: every item from the model.
        let rebuiltText = ICalendarWriter().write(RoundTrip.strippingSources(first.documents))
        let rebuilt = ICalendarReader().read(Data(rebuiltText.utf8), fileName: path)
        #expect(!rebuilt.hasDataErrors)
        RoundTrip.compare(original, RoundTrip.normalized(rebuilt.documents), what: "rebuilt")
    }
}

enum RoundTrip {
    /// Records one issue per differing part, naming the fields that differ.
    static func compare(_ original: [CalendarDocument], _ copy: [CalendarDocument], what: String) {
        #expect(original.count == copy.count, "\(what): number of calendars")
        for (a, b) in zip(original, copy) {
            if a.calendar != b.calendar { Issue.record("\(what): calendar differs:\n\(difference(a.calendar, b.calendar))") }
            #expect(a.events.count == b.events.count, "\(what): number of events")
            #expect(a.reminders.count == b.reminders.count, "\(what): number of reminders")
            for (x, y) in zip(a.events, b.events) where x != y {
                Issue.record("\(what): event \(x.uid) differs:\n\(difference(x, y))")
            }
            for (x, y) in zip(a.reminders, b.reminders) where x != y {
                Issue.record("\(what): reminder \(x.uid) differs:\n\(difference(x, y))")
            }
            #expect(a.extraComponents == b.extraComponents, "\(what): extra components")
            #expect(a.extraProperties == b.extraProperties, "\(what): extra properties")
            #expect(Set(a.timeZones.map(\.tzid)).isSubset(of: Set(b.timeZones.map(\.tzid))), "\(what): time zones")
        }
    }

    static func normalized(_ docs: [CalendarDocument]) -> [CalendarDocument] {
        docs.map { doc in
            var d = doc
            d.calendar.sourceName = nil
            d.calendar.productID = nil
            return d
        }
    }

    static func strippingSources(_ docs: [CalendarDocument]) -> [CalendarDocument] {
        docs.map { doc in
            var d = doc
            d.events = d.events.map { var e = $0; e.source = nil; return e }
            d.reminders = d.reminders.map { var r = $0; r.source = nil; return r }
            return d
        }
    }

    /// The fields that differ, by their JSON encoding.
    static func difference<T: Encodable>(_ a: T, _ b: T) -> String {
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
            if va != vb { out.append("  \(key): \(va.prefix(300)) → \(vb.prefix(300))") }
        }
        return out.joined(separator: "\n")
    }
}
