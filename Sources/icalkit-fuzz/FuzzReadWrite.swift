import CalendarFormats
import Foundation
import ICalConversion
import ICalCore

/// libFuzzer entry: read → write → read again must never trap, hang or leak, and writing an
/// untouched read must give text libical parses. Input that is jCal, icalkit JSON or vCalendar 1.0
/// is also translated (``InputFormat``) and its translation read, and every input is tried as CSV;
/// any input's jCal is read back by the jCal reader, which must take it whenever the scanner found
/// nothing wrong with the input. `FUZZ_FORMAT` (``FuzzFocus``) narrows a run to one reader: every
/// input goes through that format's reader only, so a run spends its executions there. Built only by `make fuzz` (`-sanitize=fuzzer,address`), never
/// by `swift build`'s default products.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReadWrite(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = ConversionOptions()
    options.limits.maxLineBytes = 1 << 16
    options.zonesBuiltAhead = 0   // one thread: repeatable runs, no thread per input
    let reader = ICalendarReader(options: options)
    switch FuzzFocus.current {
    case .all:
        readWriteRead(bytes, reader: reader)
        let format = InputFormat.detect(prefix: bytes.prefix(InputFormat.prefixLength), fileExtension: "")
        if format != .iCalendar { readTranslation(bytes, as: format, reader: reader) }
        // CSV is known by its extension alone: every input is also tried as a table (most fail at
        // once for want of a Subject column; the seeds in Fixtures/fuzz-seeds/csv have one).
        readTranslation(bytes, as: .csv, reader: reader)
        readJCalBack(bytes)
    case .iCalendar:
        readWriteRead(bytes, reader: reader)
        readJCalBack(bytes)
    case .only(let format):
        readTranslation(bytes, as: format, reader: reader)
    }
    return 0
}

/// Reads `bytes` as iCalendar, writes what was read, and reads that again: an export of
/// something that had content must read back.
private func readWriteRead(_ bytes: [UInt8], reader: ICalendarReader) {
    let first = reader.read(Data(bytes), fileName: "fuzz")
    let text = ICalendarWriter().write(first.documents)
    let second = reader.read(Data(text.utf8), fileName: "fuzz-export")
    if second.refused && !first.documents.isEmpty && !first.documents.allSatisfy({ $0.events.isEmpty && $0.reminders.isEmpty && $0.extraComponents.isEmpty }) {
        fatalError("export of a readable input was refused on re-read")
    }
}

/// Translates `bytes` from `format` (CSV times in a zone with DST) and reads the translation,
/// written and read again: what a reader of another format makes must be iCalendar icalkit takes.
private func readTranslation(_ bytes: [UInt8], as format: InputFormat, reader: ICalendarReader) {
    guard let translated = try? format.translate(bytes, zone: TimeZone(identifier: "America/New_York")!) else { return }
    readWriteRead(translated.iCalendar, reader: reader)
}

/// The input's jCal must be taken by the jCal reader whenever the scanner found nothing wrong.
private func readJCalBack(_ bytes: [UInt8]) {
    let jcal = JCalWriter.jcal(fromICalendar: bytes)
    do {
        _ = try JCalReader.iCalendar(from: jcal)
    } catch {
        if ICalScanner().scan(bytes).issues.isEmpty { fatalError("the jCal of a clean input was refused: \(error)") }
    }
}

#if ICALKIT_FUZZ
/// libFuzzer's driver (from the fuzzer runtime that `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// SwiftPM renames an executable's `main` to `<module>_main`; this is it, and it hands control
/// to libFuzzer with the entry above.
@_cdecl("icalkit_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return llvmFuzzerRunDriver(&count, &vector) { data, size in fuzzReadWrite(data, size) }
}
#else
/// Without the fuzzer runtime (a plain `swift build`), the target only says how to build it.
@_cdecl("icalkit_fuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FileHandle.standardError.write(Data("icalkit-fuzz: build and run it with `make fuzz`\n".utf8))
    return 64
}
#endif
