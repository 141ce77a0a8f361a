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

extension RoundTrip {
    /// Records one test issue per difference (see `compare(_:_:form:)`).
    static func compare(_ original: [CalendarDocument], _ copy: [CalendarDocument], what: String) {
        for problem in compare(original, copy, form: what) { Issue.record(Comment(rawValue: problem)) }
    }
}
