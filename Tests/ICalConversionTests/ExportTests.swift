import CalendarModel
import CalendarTestSupport
import Foundation
import ICalConversion
import ICalCore
import Testing

/// What an export must be, for every fixture: RFC 5545 line form, every input property kept,
/// one VTIMEZONE per TZID used, clean re-parse in libical, and equal models on re-import —
/// when written from original text and when every item is rebuilt from the model.
@Suite("Export")
struct ExportTests {
    static let files = TestFiles.fixtureFiles("import/valid") + TestFiles.fixtureFiles("demo")

    @Test(arguments: files)
    func exportIsFaithful(_ path: String) throws {
        let input = try Data(contentsOf: TestFiles.fixtures.appendingPathComponent(path))
        let first = ICalendarReader().read(input, fileName: path)
        #expect(!first.hasDataErrors)
        let inputText = String(decoding: input, as: UTF8.self)
        for (form, docs) in [("untouched", first.documents), ("rebuilt", RoundTrip.strippingSources(first.documents))] {
            let output = ICalendarWriter().write(docs)
            ExportChecks.lineForm(output, form)
            ExportChecks.keepsPropertyNames(of: inputText, in: output, form)
            ExportChecks.timeZonesOncePerUse(output, input: inputText, form)
            // No libical complaint the input did not already cause (libical 3.0.16 rejects some
            // valid RFC 5545, e.g. an empty DESCRIPTION or an unregistered property name).
            let added = Set(ICalValidator.libicalErrors(in: output)).subtracting(ICalValidator.libicalErrors(in: inputText))
            #expect(added.isEmpty, "\(form): libical reports \(added)")
            let again = ICalendarReader().read(Data(output.utf8))
            RoundTrip.compare(RoundTrip.normalized(first.documents), RoundTrip.normalized(again.documents), what: form)
        }
    }

    @Test func untouchedItemIsWrittenFromItsText() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART:20260101T100000Z\r\nX-VENDOR;X-P=\"a,b\":kept\\, as is\r\nSUMMARY;LANGUAGE=de:Tür\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let r = ICalendarReader().read(Data(text.utf8))
        let out = ICalendarWriter().write(r.documents)
        #expect(out.contains("X-VENDOR;X-P=\"a,b\":kept\\, as is\r\n"))
        #expect(out.contains("SUMMARY;LANGUAGE=de:Tür\r\n"))
        // Edited: rebuilt from the model, unknown line still there.
        var docs = r.documents
        docs[0].events[0].title = "Tor"
        let edited = ICalendarWriter().write(docs)
        #expect(edited.contains("SUMMARY:Tor\r\n"))
        #expect(edited.contains("X-VENDOR;X-P=\"a,b\":kept\\, as is\r\n"))
    }

    /// An untouched item is written from its text, so the TZIDs it uses are read from that text:
    /// parameters only (quoted values may hold ':' and ';', the name's case does not matter), not
    /// a "TZID=" inside a value. Each TZID used and not defined gets one generated VTIMEZONE.
    @Test func timeZonesOfVerbatimItemsAreFoundInTheirParameters() throws {
        let text = [
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:q@x",
            "DTSTART;tzid=\"America/New_York\":20260101T100000",
            "DTEND;X-A=\"a;b:c\";TZID=Europe/Paris:20260101T170000",
            "DESCRIPTION:TZID=Asia/Tokyo is mentioned here",
            "X-NOTE;X-B=\"TZID=Asia/Kolkata\":value", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let r = ICalendarReader().read(Data(text.utf8))
        let out = ICalendarWriter().write(r.documents)
        #expect(out.contains("DESCRIPTION:TZID=Asia/Tokyo is mentioned here\r\n"), "written from its text")
        let use = ICSInspection.timeZoneUse(out)
        #expect(use.defined["America/New_York"] == 1)
        #expect(use.defined["Europe/Paris"] == 1)
        #expect(use.defined["Asia/Tokyo"] == nil)
        #expect(use.defined["Asia/Kolkata"] == nil)
    }

    @Test func generatedTimeZoneForUndefinedTZID() throws {
        var event = Event(uid: "g@x", title: "Made in code", startDate: Date(timeIntervalSince1970: 1_775_840_400), endDate: Date(timeIntervalSince1970: 1_775_844_000))
        event.timeZone = TimeZone(identifier: "Europe/Berlin")
        var doc = CalendarDocument(calendar: EventCalendar(title: "Code"))
        doc.events = [event]
        let out = ICalendarWriter().write([doc])
        #expect(out.contains("DTSTART;TZID=Europe/Berlin:20260410T190000\r\n"))   // 17:00Z is 19:00 CEST
        let use = ICSInspection.timeZoneUse(out)
        #expect(use.defined["Europe/Berlin"] == 1)
        #expect(!out.contains("freeassociation.sourceforge.net"))
        #expect(ICalValidator.libicalErrors(in: out).isEmpty)
    }
}

enum ExportChecks {
    /// CRLF only; no physical line over 75 octets; each physical line valid UTF-8 on its own.
    static func lineForm(_ output: String, _ form: String) {
        let bytes = Array(output.utf8)
        var lineStart = 0
        var i = 0
        var problems: [String] = []
        while i < bytes.count {
            if bytes[i] == 0x0A && (i == 0 || bytes[i - 1] != 0x0D) { problems.append("bare LF at byte \(i)") }
            if bytes[i] == 0x0D {
                guard i + 1 < bytes.count, bytes[i + 1] == 0x0A else { problems.append("bare CR at byte \(i)"); i += 1; continue }
                let line = Array(bytes[lineStart..<i])
                if line.count > 75 { problems.append("line of \(line.count) octets") }
                if String(validating: line, as: UTF8.self) == nil { problems.append("a fold splits a UTF-8 character") }
                i += 2
                lineStart = i
                continue
            }
            i += 1
        }
        if lineStart != bytes.count { problems.append("output does not end with CRLF") }
        #expect(problems.isEmpty, "\(form): \(problems.prefix(5))")
    }

    static func keepsPropertyNames(of input: String, in output: String, _ form: String) {
        let missing = ICSInspection.propertyNames(input).subtracting(ICSInspection.propertyNames(output))
        #expect(missing.isEmpty, "\(form): property names lost: \(missing.sorted())")
    }

    /// Each VCALENDAR defines every TZID it uses, once — except what the input itself could not
    /// give: TZIDs it used without defining (unknown zones, read as floating) and TZIDs it
    /// defined more than once (every definition is kept).
    static func timeZonesOncePerUse(_ output: String, input: String, _ form: String) {
        let inputUse = ICSInspection.timeZoneUse(input)
        let undefinedInInput = inputUse.used.filter { inputUse.defined[$0] == nil }
        let repeatedInInput = Set(inputUse.defined.filter { $0.value > 1 }.map(\.key))
        for use in ICSInspection.timeZoneUsePerCalendar(output) {
            let undefined = use.used.filter { use.defined[$0] == nil && !undefinedInInput.contains($0) }
            #expect(undefined.isEmpty, "\(form): TZIDs used without a VTIMEZONE: \(undefined.sorted())")
            let twice = use.defined.filter { $0.value > 1 && !repeatedInInput.contains($0.key) }.map(\.key)
            #expect(twice.isEmpty, "\(form): VTIMEZONE defined more than once: \(twice)")
        }
    }
}
