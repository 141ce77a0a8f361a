#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CLibical

/// An RRULE value as libical reads it (`icalrecurrencetype_from_string`), in Swift fields.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.3.10>
public struct RecurValue: Hashable, Sendable {
    /// `SECONDLY` ... `YEARLY`.
    public var frequency: String
    public var interval: Int
    public var count: Int?
    public var until: DateTimeValue?
    /// 1 = Sunday ... 7 = Saturday; nil when WKST was not given.
    public var weekStart: Int?
    /// (weekday 1 = Sunday ... 7 = Saturday, position: 0 = every, ±n = n-th).
    public var byDay: [ByDay]
    public var bySecond: [Int], byMinute: [Int], byHour: [Int]
    public var byMonthDay: [Int], byYearDay: [Int], byWeekNo: [Int], byMonth: [Int], bySetPos: [Int]
    /// Parts libical reads but this struct does not name (RSCALE, SKIP), verbatim.
    public var extraParts: [String]

    public struct ByDay: Hashable, Sendable {
        public var weekday: Int
        public var position: Int
        public init(weekday: Int, position: Int = 0) {
            self.weekday = weekday
            self.position = position
        }
    }

    /// Problems libical tolerates but RFC 5545 forbids, found while parsing (e.g. both UNTIL
    /// and COUNT). The rule is still returned.
    public var warnings: [String] = []

    /// nil (with `error`) when libical cannot read the rule.
    public static func parse(_ text: String) -> Result<RecurValue, ICalError> {
        let trimmed = text.trimmingSpaces()
        clibical_clear_errno()
        var r = trimmed.withCString { icalrecurrencetype_from_string($0) }
        defer { if r.rscale != nil { icalmemory_free_buffer(r.rscale); r.rscale = nil } }
        // libical 3.0.16 keeps INTERVAL in a signed 16-bit field: `INTERVAL=65537` would repeat
        // every period and 32768...65536 cannot be iterated at all. Such a rule is refused rather
        // than expanded wrongly.
        if let interval = intervalText(trimmed), interval.count > 5 || (Int(interval) ?? 0) > 32_767 {
            return .failure(ICalError(code: .malformedData,
                                      message: "RRULE \"\(trimmed)\" has INTERVAL=\(interval), over the 32767 that libical can iterate"))
        }
        guard r.freq != ICAL_NO_RECURRENCE else {
            // RFC 5545 forbids UNTIL with COUNT and libical refuses the pair: keep COUNT.
            let parts = trimmed.split(separator: ";")
            let upperParts = parts.map { $0.uppercased() }
            if upperParts.contains(where: { $0.hasPrefix("COUNT=") }), upperParts.contains(where: { $0.hasPrefix("UNTIL=") }) {
                // COUNT ≤ 0 (Confluence: `UNTIL=20240331;COUNT=-1`) bounds nothing: keep UNTIL.
                let countValue = upperParts.first { $0.hasPrefix("COUNT=") }.flatMap { Int(String($0.dropFirst(6)).trimmingSpaces()) }
                if let countValue, countValue <= 0 {
                    let withoutCount = parts.filter { !$0.uppercased().hasPrefix("COUNT=") }.joined(separator: ";")
                    if case .success(var repaired) = parse(withoutCount) {
                        repaired.warnings.append("RRULE has UNTIL and COUNT=\(countValue); the COUNT bounds nothing and is ignored, UNTIL applies")
                        return .success(repaired)
                    }
                }
                let withoutUntil = parts.filter { !$0.uppercased().hasPrefix("UNTIL=") }.joined(separator: ";")
                if case .success(var repaired) = parse(withoutUntil) {
                    repaired.warnings.append("RRULE has both UNTIL and COUNT, which RFC 5545 forbids; COUNT kept, UNTIL dropped")
                    return .success(repaired)
                }
            }
            return .failure(ICalError(code: .malformedData, message: "invalid RRULE \"\(trimmed)\": libical cannot read it (FREQ missing or a part malformed)"))
        }
        var value = RecurValue(frequency: frequencyName(r.freq), interval: Int(r.interval), count: nil, until: nil, weekStart: nil,
                               byDay: [], bySecond: [], byMinute: [], byHour: [], byMonthDay: [], byYearDay: [],
                               byWeekNo: [], byMonth: [], bySetPos: [], extraParts: [])
        if r.count > 0 { value.count = Int(r.count) }
        let upper = trimmed.uppercased()
        // What is asked of the parts, from the bytes of an ASCII rule (nearly all): the parts
        // themselves are made only for RSCALE or SKIP, or a rule that is not ASCII.
        let flags = ASCIIParts(upper)
        let split = flags == nil || flags!.hasExtra ? upperParts(upper) : nil
        let parts = split?.parts ?? []
        let ascii = split?.isASCII ?? true
        if icaltime_is_null_time(r.until) == 0 {
            var u = DateTimeValue(r.until)
            u.isUTC = flags?.untilIsUTC
                ?? parts.contains { (ascii ? $0.hasASCIIPrefix("UNTIL=") : $0.hasPrefix("UNTIL=")) && $0.hasSuffix("Z") }
            value.until = u
        }
        if flags?.hasWeekStart ?? upper.contains("WKST=") {
            value.weekStart = Int(r.week_start.rawValue)
        }
        value.bySecond = list(&r.by_second, Int(ICAL_BY_SECOND_SIZE))
        value.byMinute = list(&r.by_minute, Int(ICAL_BY_MINUTE_SIZE))
        value.byHour = list(&r.by_hour, Int(ICAL_BY_HOUR_SIZE))
        value.byMonthDay = list(&r.by_month_day, Int(ICAL_BY_MONTHDAY_SIZE))
        value.byYearDay = list(&r.by_year_day, Int(ICAL_BY_YEARDAY_SIZE))
        value.byWeekNo = list(&r.by_week_no, Int(ICAL_BY_WEEKNO_SIZE))
        let encodedMonths = list(&r.by_month, Int(ICAL_BY_MONTH_SIZE))
        if encodedMonths.contains(where: { icalrecurrencetype_month_is_leap(Int16(truncatingIfNeeded: $0)) != 0 }) {
            return .failure(ICalError(code: .unimplemented, message: "RRULE \"\(trimmed)\" names a leap month (RFC 7529), which icalkit does not model"))
        }
        value.byMonth = encodedMonths.map { Int(icalrecurrencetype_month_month(Int16(truncatingIfNeeded: $0))) }
        value.bySetPos = list(&r.by_set_pos, Int(ICAL_BY_SETPOS_SIZE))
        value.byDay = list(&r.by_day, 7 * (Int(ICAL_BY_WEEKNO_SIZE) - 1) + 1).map { encoded in
            let e = Int16(truncatingIfNeeded: encoded)
            return ByDay(weekday: Int(icalrecurrencetype_day_day_of_week(e).rawValue), position: Int(icalrecurrencetype_day_position(e)))
        }
        for part in parts where ascii ? part.hasASCIIPrefix("RSCALE=") || part.hasASCIIPrefix("SKIP=")
                                      : part.hasPrefix("RSCALE=") || part.hasPrefix("SKIP=") {
            value.extraParts.append(String(part))
        }
        return .success(value)
    }

    /// The digits of an `INTERVAL=` part (leading zeros dropped), nil when there is none. Reads
    /// the bytes once, keeping the last eight (ASCII letters upper-cased) in one integer.
    private static func intervalText(_ rule: String) -> String? {
        let key = "INTERVAL".utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var last: UInt64 = 0
        var bytes = rule.utf8.makeIterator()
        while let c = bytes.next() {
            if c == UInt8(ascii: "=") && last == key {
                var digits = ""
                while let d = bytes.next(), d >= UInt8(ascii: "0") && d <= UInt8(ascii: "9") {
                    if !(digits.isEmpty && d == UInt8(ascii: "0")) { digits.append(Character(UnicodeScalar(d))) }
                }
                return digits.isEmpty ? "0" : digits
            }
            let upper = c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z") ? c - 32 : c
            last = last << 8 | UInt64(upper)
        }
        return nil
    }

    /// What ``parse(_:)`` asks of an upper-cased ASCII rule's parts (as `split(separator: ";")`
    /// splits it), read from its bytes; nil when the rule is not ASCII. Splitting every rule into
    /// Substrings to ask this cost 4,000 instructions a rule.
    private struct ASCIIParts {
        /// A part is `UNTIL=…Z`.
        var untilIsUTC = false
        /// `WKST=` occurs.
        var hasWeekStart = false
        /// A part starts with `RSCALE=` or `SKIP=`.
        var hasExtra = false

        init?(_ upper: String) {
            var upper = upper
            guard let flags = upper.withUTF8({ ASCIIParts(bytes: $0) }) else { return nil }
            self = flags
        }

        private init?(bytes b: UnsafeBufferPointer<UInt8>) {
            func starts(_ part: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
                part.count >= prefix.utf8CodeUnitCount && memcmp(part.baseAddress!, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
            }
            var start = 0
            while start < b.count {
                var end = start
                while end < b.count && b[end] != UInt8(ascii: ";") {
                    guard b[end] < 0x80 else { return nil }
                    end += 1
                }
                let part = UnsafeBufferPointer(rebasing: b[start..<end])
                if !part.isEmpty {
                    if starts(part, "UNTIL=") && part[part.count - 1] == UInt8(ascii: "Z") { untilIsUTC = true }
                    if starts(part, "RSCALE=") || starts(part, "SKIP=") { hasExtra = true }
                    if !hasWeekStart {
                        for i in 0..<max(0, part.count - 4) where memcmp(part.baseAddress! + i, "WKST=", 5) == 0 {
                            hasWeekStart = true
                            break
                        }
                    }
                }
                start = end + 1
            }
        }
    }

    /// An upper-cased rule split at `;`, as `split(separator: ";")` splits it. An ASCII rule
    /// (nearly all) is split on its bytes, which for ASCII gives the same parts without
    /// breaking the text into Characters (that, and `contains` on Strings, cost ~50,000
    /// instructions per RRULE read).
    private static func upperParts(_ upper: String) -> (parts: [Substring], isASCII: Bool) {
        guard upper.utf8.allSatisfy({ $0 < 0x80 }) else { return (upper.split(separator: ";"), false) }
        return (upper.utf8.split(separator: UInt8(ascii: ";")).map { Substring($0) }, true)
    }

    private static func list<T>(_ tuple: inout T, _ size: Int) -> [Int] {
        withUnsafeBytes(of: &tuple) { raw in
            let shorts = raw.bindMemory(to: Int16.self)
            var out: [Int] = []
            for i in 0..<min(size, shorts.count) {
                let v = shorts[i]
                if v == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
                out.append(Int(v))
            }
            return out
        }
    }

    private static func frequencyName(_ f: icalrecurrencetype_frequency) -> String {
        switch f {
        case ICAL_SECONDLY_RECURRENCE: return "SECONDLY"
        case ICAL_MINUTELY_RECURRENCE: return "MINUTELY"
        case ICAL_HOURLY_RECURRENCE: return "HOURLY"
        case ICAL_DAILY_RECURRENCE: return "DAILY"
        case ICAL_WEEKLY_RECURRENCE: return "WEEKLY"
        case ICAL_MONTHLY_RECURRENCE: return "MONTHLY"
        default: return "YEARLY"
        }
    }
}
