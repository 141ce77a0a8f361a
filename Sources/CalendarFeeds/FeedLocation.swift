import Foundation

/// Where a subscribed feed lives: an HTTP(S) URL (`webcal://` and `webcals://` are fetched as
/// `https://`) or a local file.
///
/// ```swift
/// let feed = try FeedLocation(parsing: "webcal://example.com/cal/basic.ics")
/// feed.fetchURL      // "https://example.com/cal/basic.ics"
/// feed.redacted      // "https://example.com/cal/basic.ics"
/// ```
public enum FeedLocation: Hashable, Sendable, CustomStringConvertible {
    /// An `http://` or `https://` URL, as fetched.
    case web(String)
    /// A file path, made absolute.
    case file(String)

    public struct ParseError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Reads what a user typed: a URL with scheme `http`, `https`, `webcal` or `webcals`, a
    /// `file://` URL, or a path.
    public init(parsing text: String, relativeTo directory: String = FileManager.default.currentDirectoryPath) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ParseError(description: "empty feed location") }
        if let colon = trimmed.firstIndex(of: ":"), trimmed[colon...].hasPrefix("://") {
            let scheme = trimmed[..<colon].lowercased()
            let rest = trimmed[trimmed.index(colon, offsetBy: 3)...]
            switch scheme {
            case "http", "https":
                guard !rest.isEmpty, URL(string: trimmed) != nil else { throw ParseError(description: "not a valid URL: \(FeedLocation.redact(trimmed))") }
                self = .web(scheme + "://" + rest)
            case "webcal", "webcals":
                guard !rest.isEmpty, URL(string: "https://" + rest) != nil else { throw ParseError(description: "not a valid URL: \(FeedLocation.redact(trimmed))") }
                self = .web("https://" + rest)
            case "file":
                guard let url = URL(string: trimmed), url.isFileURL else { throw ParseError(description: "not a valid file URL: \(trimmed)") }
                self = .file(url.path)
            default:
                throw ParseError(description: "unsupported URL scheme '\(scheme)' (use http, https, webcal, webcals or a file path)")
            }
            return
        }
        let path = trimmed.hasPrefix("/") ? trimmed : (directory as NSString).appendingPathComponent(trimmed)
        self = .file((path as NSString).standardizingPath)
    }

    /// The location as stored and fetched: the URL, or the absolute path.
    public var rawValue: String {
        switch self {
        case .web(let url): url
        case .file(let path): path
        }
    }

    /// The form safe to print: see ``redact(_:)``. A file path is shown as it is.
    public var redacted: String {
        switch self {
        case .web(let url): FeedLocation.redact(url)
        case .file(let path): path
        }
    }

    public var description: String { redacted }

    /// The host of a web feed, used as a calendar title when the feed names none.
    public var host: String? {
        guard case .web(let url) = self else { return nil }
        return URLComponents(string: url)?.host
    }

    /// A feed URL with what is likely a secret taken out: user and password, the query, the
    /// fragment, and every path segment of 16 or more characters become `…`. Google's
    /// "secret address" `https://calendar.google.com/calendar/ical/<id>/private-<token>/basic.ics`
    /// is shown as `https://calendar.google.com/calendar/ical/…/…/basic.ics`.
    public static func redact(_ url: String) -> String {
        var text = Substring(url)
        var fragmentOrQuery = ""
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            fragmentOrQuery = text[cut] == "?" ? "?…" : ""
            text = text[..<cut]
        }
        var prefix = ""
        if let schemeEnd = text.range(of: "://") {
            prefix = String(text[..<schemeEnd.upperBound])
            text = text[schemeEnd.upperBound...]
        }
        let authorityEnd = text.firstIndex(of: "/") ?? text.endIndex
        var authority = text[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = "…@" + authority[authority.index(after: at)...] }
        let segments = text[authorityEnd...].split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.count >= 16 ? "…" : String($0) }
        return prefix + authority + segments.joined(separator: "/") + fragmentOrQuery
    }
}
