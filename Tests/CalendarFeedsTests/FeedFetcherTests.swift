import CalendarTestSupport
import Foundation
import Testing
@testable import CalendarFeeds

/// FeedFetcher against the loopback server of `Fixtures/feeds/feed_server.py`.
@Suite("Feed fetching over HTTP")
struct FeedFetcherTests {
    let fetcher = FeedFetcher(userAgent: "icalkit-test/1.0")
    static let body = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nEND:VCALENDAR\r\n"

    func get(_ url: String, etag: String? = nil, lastModified: String? = nil, limits: FetchLimits = FetchLimits()) throws -> FetchResponse {
        try fetcher.fetch(FetchRequest(location: .web(url), etag: etag, lastModified: lastModified, limits: limits))
    }

    func failure(_ url: String, limits: FetchLimits = FetchLimits()) -> FetchError? {
        do {
            _ = try get(url, limits: limits)
            return nil
        } catch let error as FetchError {
            return error
        } catch {
            return nil
        }
    }

    static func text(_ response: FetchResponse) -> String? {
        if case .body(let data) = response.content { return String(decoding: data, as: UTF8.self) }
        return nil
    }

    static func isNotModified(_ response: FetchResponse) -> Bool {
        if case .notModified = response.content { return true }
        return false
    }

    @Test func etagThen304() throws {
        let server = try FeedServer()
        try server.serve("a.ics", Self.body)
        let first = try get(server.url("etag/a.ics"))
        #expect(first.status == 200)
        #expect(Self.text(first) == Self.body)
        let etag = try #require(first.etag)
        let second = try get(server.url("etag/a.ics"), etag: etag)
        #expect(second.status == 304)
        #expect(Self.isNotModified(second))
        #expect(second.etag == etag)
        let sent = server.requests()
        #expect(sent.count == 2)
        #expect(sent.first?.headers["if-none-match"] == nil)
        #expect(sent.last?.headers["if-none-match"] == etag)
        #expect(sent.last?.headers["user-agent"] == "icalkit-test/1.0")
    }

    @Test func lastModifiedOnly() throws {
        let server = try FeedServer()
        try server.serve("a.ics", Self.body)
        let first = try get(server.url("lastmod/a.ics"))
        #expect(first.etag == nil)
        let stamp = try #require(first.lastModified)
        #expect(stamp.hasSuffix(" GMT"))
        let second = try get(server.url("lastmod/a.ics"), lastModified: stamp)
        #expect(Self.isNotModified(second))
        #expect(server.requests().last?.headers["if-modified-since"] == stamp)
    }

    @Test(arguments: ["gzip", "deflate"]) func compressedBodies(_ encoding: String) throws {
        let server = try FeedServer()
        let big = Self.body + String(repeating: "X-FILLER:abcdefghij\r\n", count: 500)
        try server.serve("a.ics", big)
        let response = try get(server.url("\(encoding)/a.ics"))
        #expect(Self.text(response) == big)
        #expect(server.requests().last?.headers["accept-encoding"]?.contains(encoding) == true)
    }

    struct StatusCase: Sendable, CustomTestStringConvertible {
        let status: Int
        let expected: FetchError
        var testDescription: String { "HTTP \(status)" }
    }

    @Test(arguments: [
        StatusCase(status: 404, expected: .http(status: 404, retryAfter: nil)),
        StatusCase(status: 500, expected: .http(status: 500, retryAfter: nil)),
        StatusCase(status: 410, expected: .gone),
    ]) func errorStatuses(_ c: StatusCase) throws {
        let server = try FeedServer()
        #expect(failure(server.url("status/\(c.status)")) == c.expected)
    }

    /// RFC 9110 §10.2.3: `Retry-After: 120` is 120 seconds after the answer.
    @Test(arguments: [429, 503]) func retryAfterSeconds(_ status: Int) throws {
        let server = try FeedServer()
        let before = Date()
        guard case .http(let got, let retry?) = failure(server.url("status/\(status)")) else {
            Issue.record("expected an HTTP error with Retry-After")
            return
        }
        #expect(got == status)
        #expect(retry.timeIntervalSince(before) >= 119 && retry.timeIntervalSince(before) <= 125)
    }

    @Test func retryAfterHTTPDate() {
        // RFC 9110 §5.6.7's example date.
        let date = RetryAfter.date(from: "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(date == Date(timeIntervalSince1970: 784_111_777))
        #expect(RetryAfter.date(from: "soon") == nil)
    }

    struct RedirectCase: Sendable, CustomTestStringConvertible {
        let name: String
        let path: String
        /// The path the stored URL should end with afterwards.
        let keptPath: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        RedirectCase(name: "301 moves the subscription", path: "redirect/301/plain/a.ics", keptPath: "plain/a.ics"),
        RedirectCase(name: "308 moves the subscription", path: "redirect/308/plain/a.ics", keptPath: "plain/a.ics"),
        RedirectCase(name: "302 keeps the URL", path: "redirect/302/plain/a.ics", keptPath: "redirect/302/plain/a.ics"),
        RedirectCase(name: "307 keeps the URL", path: "redirect/307/plain/a.ics", keptPath: "redirect/307/plain/a.ics"),
        RedirectCase(name: "301 then 302: the permanent hop only", path: "redirect/301/redirect/302/plain/a.ics",
                     keptPath: "redirect/302/plain/a.ics"),
    ]) func redirects(_ c: RedirectCase) throws {
        let server = try FeedServer()
        try server.serve("a.ics", Self.body)
        let response = try get(server.url(c.path))
        #expect(Self.text(response) == Self.body)
        #expect(response.permanentLocation == .web(server.url(c.keptPath)))
    }

    @Test func tooManyRedirects() throws {
        let server = try FeedServer()
        try server.serve("a.ics", Self.body)
        let six = String(repeating: "redirect/302/", count: 6) + "plain/a.ics"
        let five = String(repeating: "redirect/302/", count: 5) + "plain/a.ics"
        #expect(failure(server.url(six)) == .tooManyRedirects(limit: 5))
        #expect(Self.text(try get(server.url(five))) == Self.body)
    }

    @Test func slowServerTimesOut() throws {
        let server = try FeedServer()
        try server.serve("a.ics", Self.body)
        var limits = FetchLimits()
        limits.totalTimeout = 1
        let start = Date()
        #expect(failure(server.url("slow/4/plain/a.ics"), limits: limits) == .timedOut(connecting: false, seconds: 1))
        #expect(Date().timeIntervalSince(start) < 3.5)
    }

    @Test func bodyOverTheLimit() throws {
        let server = try FeedServer()
        var limits = FetchLimits()
        limits.maxBytes = 10_000
        #expect(failure(server.url("big/20000"), limits: limits) == .tooLarge(limit: 10_000))
        #expect(try Self.text(get(server.url("big/9000"), limits: limits))?.utf8.count == 9000)
        // Compressed, the body is small on the wire; the limit counts what it decodes to.
        try server.serve("big.ics", String(repeating: "X-FILLER:0123456789\r\n", count: 1000))
        #expect(failure(server.url("gzip/big.ics"), limits: limits) == .tooLarge(limit: 10_000))
        #expect(FetchError.tooLarge(limit: 10_000).description.contains("10000 bytes"))
    }

    @Test func bodyCutShort() throws {
        let server = try FeedServer()
        try server.serve("a.ics", Self.body)
        guard case .truncated = failure(server.url("short/a.ics")) else {
            Issue.record("a body shorter than its Content-Length must fail")
            return
        }
    }

    @Test func connectionRefused() throws {
        // A port just released by a server that stopped: nothing listens there.
        let port = try { () throws -> Int in let server = try FeedServer(); return server.port }()
        guard case .network(let message) = failure("http://127.0.0.1:\(port)/plain/a.ics") else {
            Issue.record("expected a network error")
            return
        }
        #expect(!message.isEmpty)
    }

    @Test func redirectToAnotherSchemeIsRefused() throws {
        let server = try FeedServer()
        #expect(failure(server.url("redirect-abs/302/file/etc/passwd")) == .badRedirect("file:///etc/passwd"))
        #expect(failure(server.url("redirect/302/plain/missing.ics")) == .http(status: 404, retryAfter: nil))
    }
}

@Suite("Local feed files")
struct LocalFeedFileTests {
    @Test func unchangedFileIsNotModified() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icalkit-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.ics")
        try Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8).write(to: file)
        let fetcher = FeedFetcher(userAgent: "t")
        let first = try fetcher.fetch(FetchRequest(location: .file(file.path)))
        guard case .body = first.content else { Issue.record("first read gives the body"); return }
        let second = try fetcher.fetch(FetchRequest(location: .file(file.path), etag: first.etag))
        guard case .notModified = second.content else { Issue.record("unchanged file"); return }
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".utf8).write(to: file)
        let third = try fetcher.fetch(FetchRequest(location: .file(file.path), etag: first.etag))
        guard case .body = third.content else { Issue.record("a changed file is read again"); return }
        #expect(throws: FetchError.self) { try fetcher.fetch(FetchRequest(location: .file(dir.appendingPathComponent("none.ics").path))) }
    }
}
