import Foundation

/// The Retry-After header of a 429 or 503 answer: a number of seconds or an HTTP date.
/// Related RFC 9110 section: <https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3>
enum RetryAfter {
    static func date(from value: String, now: Date = Date()) -> Date? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return now.addingTimeInterval(TimeInterval(seconds)) }
        return HTTPDate.parse(text)
    }
}

/// HTTP dates (IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`, and the two obsolete forms).
/// Related RFC 9110 section: <https://www.rfc-editor.org/rfc/rfc9110#section-5.6.7>
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
