import CalendarFormats
import Foundation
import ICalConversion
import ICalCore

/// libFuzzer entry: read → write → read again must never trap, hang or leak, and writing an
/// untouched read must give text libical parses. Input that is jCal or icalkit JSON is also
/// translated (``InputFormat``) and its translation read, and every input is tried as CSV; any input's jCal is read back by the
/// jCal reader, which must take it whenever the scanner found nothing wrong with the input. Built only by `make fuzz`
/// (`-sanitize=fuzzer,address`), never by `swift build`'s default products.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReadWrite(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Data(bytes: data, count: size)
    var options = ConversionOptions()
    options.limits.maxLineBytes = 1 << 16
    options.zonesBuiltAhead = 0   // one thread: repeatable runs, no thread per input
    let reader = ICalendarReader(options: options)
    let first = reader.read(input, fileName: "fuzz")
    let text = ICalendarWriter().write(first.documents)
    let second = reader.read(Data(text.utf8), fileName: "fuzz-export")
    if second.refused && !first.documents.isEmpty && !first.documents.allSatisfy({ $0.events.isEmpty && $0.reminders.isEmpty && $0.extraComponents.isEmpty }) {
        // An export of something that had content must read back.
        fatalError("export of a readable input was refused on re-read")
    }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let format = InputFormat.detect(prefix: bytes.prefix(InputFormat.prefixLength), fileExtension: "")
    if format == .jcal || format == .calendarJSON, let translated = try? format.translate(bytes) {
        _ = reader.read(Data(translated.iCalendar), fileName: "fuzz-translated")
    }
    // CSV is known by its extension alone: every input is also tried as a table (most fail at
    // once for want of a Subject column; the seeds in Fixtures/fuzz-seeds/csv have one).
    if let translated = try? InputFormat.csv.translate(bytes, zone: TimeZone(identifier: "America/New_York")!) {
        _ = reader.read(Data(translated.iCalendar), fileName: "fuzz-csv")
    }
    let jcal = JCalWriter.jcal(fromICalendar: bytes)
    do {
        _ = try JCalReader.iCalendar(from: jcal)
    } catch {
        if ICalScanner().scan(bytes).issues.isEmpty { fatalError("the jCal of a clean input was refused: \(error)") }
    }
    return 0
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
