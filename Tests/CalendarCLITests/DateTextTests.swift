@testable import CalendarCLI
import CalendarModel
import CalendarTestSupport
import Foundation
import Testing

/// The digits `DateText` writes by hand, against Foundation's own formatting of the same instants.
@Suite("Date text")
struct DateTextTests {
    /// Gregorian in UTC, from Foundation (not `utcComponents`, which `DateText` uses).
    static func expected(_ date: Date, time: Bool, offset: Int?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                        from: date.addingTimeInterval(TimeInterval(offset ?? 0)))
        var text = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
        if time { text += String(format: "T%02d:%02d:%02d", c.hour!, c.minute!, c.second!) }
        if let offset {
            let minutes = abs(offset) / 60
            text += String(format: "%@%02d:%02d", offset < 0 ? "-" : "+", minutes / 60, minutes % 60)
        }
        return text
    }

    /// 20,000 instants from 1670 to 9999 (Foundation's calendar is Julian before 1582, where
    /// `DateText` stays Gregorian), each as a day, a wall clock, UTC and with an offset.
    @Test func digitsMatchFoundation() {
        var generator = SplitMix64(seed: 7)
        let first = -9_467_020_800.0, last = 253_402_300_799.0   // 1670-01-01, 9999-12-31T23:59:59Z
        let offsets = [-43_200, -34_200, -18_000, -3_600, 0, 1_800, 3_600, 19_800, 20_700, 50_400]
        for _ in 0..<20_000 {
            let seconds = (first + Double(generator.next() % UInt64(last - first))).rounded(.down)
            let date = Date(timeIntervalSince1970: seconds)
            let offset = offsets[Int(generator.next() % UInt64(offsets.count))]
            #expect(DateText.day(date) == Self.expected(date, time: false, offset: nil))
            #expect(DateText.wallClock(date) == Self.expected(date, time: true, offset: nil))
            #expect(DateText.utc(date) == Self.expected(date, time: true, offset: nil) + "Z")
            var bytes: [UInt8] = []
            DateText.writeRFC3339(date, offset: offset, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == Self.expected(date, time: true, offset: offset), "\(seconds) \(offset)")
        }
    }

    /// Years past four digits and before year 0 keep their sign and at least four digits.
    @Test func yearsOutsideFourDigits() {
        let cases: [((Int, Int, Int, Int, Int, Int), String)] = [
            ((12_345, 1, 2, 3, 4, 5), "12345-01-02T03:04:05"),
            ((-44, 3, 15, 12, 0, 0), "-0044-03-15T12:00:00"),
            ((0, 12, 31, 23, 59, 59), "0000-12-31T23:59:59"),
            ((9_999, 12, 31, 0, 0, 0), "9999-12-31T00:00:00"),
        ]
        for (fields, text) in cases {
            let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DateText.maxBytes) { buffer in
                let n = DateText.write((year: fields.0, month: fields.1, day: fields.2, hour: fields.3, minute: fields.4, second: fields.5),
                                       time: true, suffix: .none, into: buffer.baseAddress!)
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self)
            }
            #expect(written == text)
        }
    }
}
