import Foundation

/// What to fetch and how: the location, the validators of the copy held, and the limits.
public struct FetchRequest: Sendable {
    public var location: FeedLocation
    /// The ETag of the copy held, sent as If-None-Match.
    public var etag: String?
    /// The Last-Modified of the copy held, sent as If-Modified-Since.
    public var lastModified: String?
    public var limits: FetchLimits

    public init(location: FeedLocation, etag: String? = nil, lastModified: String? = nil, limits: FetchLimits = FetchLimits()) {
        self.location = location
        self.etag = etag
        self.lastModified = lastModified
        self.limits = limits
    }
}

/// The bounds of one fetch. Each appears by name in the error it raises.
public struct FetchLimits: Sendable, Hashable {
    /// Time allowed to connect (DNS, TCP and TLS), for each request of a redirect chain.
    public var connectTimeout: TimeInterval = 10
    /// Time allowed for the whole fetch, redirects included.
    public var totalTimeout: TimeInterval = 60
    /// Largest body accepted, counted after gzip or deflate decoding.
    public var maxBytes: Int = 256 << 20
    /// Redirects followed before giving up.
    public var maxRedirects: Int = 5

    public init() {}
}

/// What a fetch brought back.
public struct FetchResponse: Sendable {
    public enum Content: Sendable {
        /// The server holds a copy equal to ours (304, or a local file whose size and time
        /// did not change).
        case notModified
        case body(Data)
        /// The body, handed to the caller piece by piece as it came
        /// (``FeedFetcher/fetch(_:body:)``): how many bytes it had.
        case delivered(byteCount: Int)
    }
    public var content: Content
    /// Validators to store for the next fetch (nil when the server sent none).
    public var etag: String?
    public var lastModified: String?
    /// The URL to keep fetching: changed only by permanent redirects (301, 308) from the start
    /// of the chain; a temporary one (302, 303, 307) leaves it as it was.
    public var permanentLocation: FeedLocation
    /// The HTTP status of the final response (200, 304), 0 for a file.
    public var status: Int
    /// The Content-Type of the final response, when sent.
    public var contentType: String?
}

/// Why a fetch failed. Each case says what a user can do about it in its description.
public enum FetchError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The server answered with an error status. `retryAfter` is the time a 429 or 503 asked
    /// the client to wait until.
    case http(status: Int, retryAfter: Date?)
    /// 410 Gone: the feed no longer exists.
    case gone
    case tooManyRedirects(limit: Int)
    /// A redirect to something other than http or https.
    case badRedirect(String)
    case tooLarge(limit: Int)
    /// The connection ended before the body announced by Content-Length was complete.
    case truncated(received: Int)
    /// No connection within the connect timeout (`connecting`), or no complete answer within
    /// the total timeout.
    case timedOut(connecting: Bool, seconds: TimeInterval)
    /// DNS, connection, TLS or protocol failure, with libcurl's message.
    case network(String)
    /// A local feed file could not be read.
    case file(String)

    public var description: String {
        switch self {
        case .http(let status, let retryAfter):
            let reason = HTTPURLResponseStatus.reason(status)
            let retry = retryAfter.map { "; the server asks to retry after \(ISO8601DateFormatter().string(from: $0))" } ?? ""
            return "HTTP \(status)\(reason.isEmpty ? "" : " \(reason)")\(retry)"
        case .gone: return "HTTP 410 Gone: the feed has been removed by its publisher"
        case .tooManyRedirects(let limit): return "more than \(limit) redirects (limit max-redirects)"
        case .badRedirect(let target): return "redirected to an unsupported location: \(target)"
        case .tooLarge(let limit): return "the feed is larger than \(limit) bytes (limit max-feed-bytes)"
        case .truncated(let received): return "the connection closed after \(received) bytes, before the end of the body"
        case .timedOut(true, let seconds): return "no connection within \(Self.seconds(seconds)) (connect timeout)"
        case .timedOut(false, let seconds): return "no complete answer within \(Self.seconds(seconds)) (timeout)"
        case .network(let message): return message
        case .file(let message): return message
        }
    }

    private static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// Reason phrases for the statuses a feed server commonly answers with.
enum HTTPURLResponseStatus {
    static func reason(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
