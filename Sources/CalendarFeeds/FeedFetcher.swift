internal import CCurl
import Foundation

/// Fetches a feed: HTTP(S) through libcurl, or a local file.
///
/// One request per hop of a redirect chain, each conditional when validators are given, with
/// gzip and deflate accepted, libcurl's connect timeout, a total timeout over the whole chain and
/// a limit on the decoded body. Redirects are followed here rather than by libcurl so that each
/// hop's status decides whether the stored URL changes (301 and 308 do; 302, 303 and 307 do not)
/// and only http and https are ever requested.
///
/// ```swift
/// let fetcher = FeedFetcher(userAgent: "icalkit/0.2.0")
/// let response = try fetcher.fetch(FetchRequest(location: .web("https://example.com/a.ics"), etag: "\"v1\""))
/// if case .notModified = response.content { print("not modified") }
/// ```
/// Related RFC 9110 sections: <https://www.rfc-editor.org/rfc/rfc9110#section-13.1> (conditional
/// requests), <https://www.rfc-editor.org/rfc/rfc9110#section-15.4> (redirects).
public struct FeedFetcher: Sendable {
    public var userAgent: String

    public init(userAgent: String) {
        self.userAgent = userAgent
    }

    /// Fetches `request`; a body comes back whole, as ``FetchResponse/Content/body(_:)``.
    public func fetch(_ request: FetchRequest) throws -> FetchResponse {
        var collected = Data()
        var response = try fetch(request) { piece in
            if let base = piece.baseAddress { collected.append(base.assumingMemoryBound(to: UInt8.self), count: piece.count) }
        }
        if case .delivered = response.content { response.content = .body(collected) }
        return response
    }

    /// Fetches `request`, handing the body to `body` piece by piece as it arrives instead of
    /// collecting it (the content is then ``FetchResponse/Content/delivered(byteCount:)``), so
    /// that a feed of any size is never held whole. Only the final response's body is handed
    /// over (not a redirect's or an error page's); when the fetch throws, what was handed over
    /// is not the whole body.
    public func fetch(_ request: FetchRequest, body: (UnsafeRawBufferPointer) -> Void) throws -> FetchResponse {
        switch request.location {
        case .file(let path): return try fetchFile(path, request, body)
        case .web(let url): return try fetchWeb(url, request, body)
        }
    }

    // MARK: - Files

    /// A local feed: its size and modification time stand in for an ETag, so an unchanged file
    /// is "not modified" like a 304.
    private func fetchFile(_ path: String, _ request: FetchRequest, _ body: (UnsafeRawBufferPointer) -> Void) throws -> FetchResponse {
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw FetchError.file("cannot read \(path): no such file")
        }
        if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
            throw FetchError.file("\(path) is a directory")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let token = "file:\(size):\(Int64((modified * 1_000_000).rounded()))"
        let same = FetchResponse(content: .notModified, etag: token, lastModified: nil,
                                 permanentLocation: request.location, status: 0, contentType: nil)
        if request.etag == token { return same }
        guard size <= request.limits.maxBytes else { throw FetchError.tooLarge(limit: request.limits.maxBytes) }
        let file: FileHandle
        do { file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
            throw FetchError.file("cannot read \(path): \(error.localizedDescription)")
        }
        defer { try? file.close() }
        var total = 0
        while true {
            let piece: Data
            do { piece = try file.read(upToCount: Self.filePieceBytes) ?? Data() } catch {
                throw FetchError.file("cannot read \(path): \(error.localizedDescription)")
            }
            if piece.isEmpty { break }
            total += piece.count
            guard total <= request.limits.maxBytes else { throw FetchError.tooLarge(limit: request.limits.maxBytes) }
            piece.withUnsafeBytes(body)
        }
        var response = same
        response.content = .delivered(byteCount: total)
        return response
    }

    /// How much of a local feed is read at a time.
    private static let filePieceBytes = 1 << 16

    // MARK: - HTTP

    private func fetchWeb(_ url: String, _ request: FetchRequest, _ body: (UnsafeRawBufferPointer) -> Void) throws -> FetchResponse {
        if let failure = CurlLibrary.loadFailure { throw FetchError.network("libcurl could not be loaded: \(failure)") }
        guard let handle = ccurl_easy_init() else { throw FetchError.network("libcurl could not start a transfer") }
        defer { ccurl_easy_cleanup(handle) }

        var headers: UnsafeMutablePointer<curl_slist>? = nil
        if let etag = request.etag { headers = ccurl_slist_append(headers, "If-None-Match: \(etag)") }
        if let lastModified = request.lastModified { headers = ccurl_slist_append(headers, "If-Modified-Since: \(lastModified)") }
        defer { ccurl_slist_free_all(headers) }

        return try withoutActuallyEscaping(body) { body in
            try fetchWeb(url, request, handle: handle, headers: headers, sink: BodySink(limit: request.limits.maxBytes, handle: handle, deliver: body))
        }
    }

    /// The requests of ``fetchWeb(_:_:_:)`` with the transfer set up.
    private func fetchWeb(_ url: String, _ request: FetchRequest, handle: UnsafeMutableRawPointer,
                          headers: UnsafeMutablePointer<curl_slist>?, sink: BodySink) throws -> FetchResponse {
        let context = Unmanaged.passUnretained(sink).toOpaque()
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let deadline = Date().addingTimeInterval(request.limits.totalTimeout)

        var current = url
        var permanent = url
        var onlyPermanentSoFar = true
        var hops = 0
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw FetchError.timedOut(connecting: false, seconds: request.limits.totalTimeout) }
            sink.reset()
            let code: CURLcode = withExtendedLifetime(sink) {
                errorBuffer.withUnsafeMutableBufferPointer { buffer in
                    ccurl_setopt_string(handle, CURLOPT_URL, current)
                    ccurl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
                    ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
                    ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
                    ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "gzip, deflate")
                    ccurl_setopt_string(handle, CURLOPT_USERAGENT, userAgent)
                    ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(min(request.limits.connectTimeout, remaining)))
                    ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(remaining))
                    ccurl_setopt_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.limits.maxBytes))
                    ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers))
                    ccurl_setopt_write_callback(handle, writeBody)
                    ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
                    ccurl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
                    return ccurl_easy_perform(handle)
                }
            }
            if code != CURLE_OK {
                throw failure(code, handle: handle, sink: sink, message: Self.text(errorBuffer), limits: request.limits, deadline: deadline)
            }
            var status = 0
            ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            switch status {
            case 301, 302, 303, 307, 308:
                var target: UnsafeMutablePointer<CChar>? = nil
                ccurl_getinfo_string(handle, CURLINFO_REDIRECT_URL, &target)
                guard let target, let next = Optional(String(cString: target)), !next.isEmpty else {
                    throw FetchError.http(status: status, retryAfter: nil)
                }
                let scheme = next.prefix(while: { $0 != ":" }).lowercased()
                guard scheme == "http" || scheme == "https" else { throw FetchError.badRedirect(FeedLocation.redact(next)) }
                hops += 1
                guard hops <= request.limits.maxRedirects else { throw FetchError.tooManyRedirects(limit: request.limits.maxRedirects) }
                onlyPermanentSoFar = onlyPermanentSoFar && (status == 301 || status == 308)
                if onlyPermanentSoFar { permanent = next }
                current = next
                continue
            case 304:
                return FetchResponse(content: .notModified, etag: header("ETag", handle) ?? request.etag,
                                     lastModified: header("Last-Modified", handle) ?? request.lastModified,
                                     permanentLocation: .web(permanent), status: status, contentType: nil)
            case 200..<300:
                return FetchResponse(content: .delivered(byteCount: sink.received), etag: header("ETag", handle),
                                     lastModified: header("Last-Modified", handle),
                                     permanentLocation: .web(permanent), status: status, contentType: header("Content-Type", handle))
            case 410:
                throw FetchError.gone
            default:
                throw FetchError.http(status: status, retryAfter: header("Retry-After", handle).flatMap { RetryAfter.date(from: $0) })
            }
        }
    }

    private func failure(_ code: CURLcode, handle: UnsafeMutableRawPointer, sink: BodySink, message: String,
                         limits: FetchLimits, deadline: Date) -> FetchError {
        switch code {
        case CURLE_WRITE_ERROR where sink.overLimit, CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(limit: limits.maxBytes)
        case CURLE_PARTIAL_FILE:
            return .truncated(received: sink.received)
        case CURLE_OPERATION_TIMEDOUT:
            var connectTime = 0.0
            ccurl_getinfo_double(handle, CURLINFO_CONNECT_TIME, &connectTime)
            let connecting = connectTime == 0 && deadline.timeIntervalSinceNow > 0.5
            return .timedOut(connecting: connecting, seconds: connecting ? limits.connectTimeout : limits.totalTimeout)
        default:
            let summary = String(cString: ccurl_easy_strerror(code))
            return .network(message.isEmpty ? summary : message)
        }
    }

    /// A response header of the last request, or nil.
    private func header(_ name: String, _ handle: UnsafeMutableRawPointer) -> String? {
        var found: UnsafeMutablePointer<curl_header>? = nil
        guard ccurl_easy_header(handle, name, 0, UInt32(CURLH_HEADER), -1, &found) == CURLHE_OK,
              let found, let value = found.pointee.value else { return nil }
        let text = String(cString: value).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// The NUL-terminated text libcurl wrote into a buffer.
    private static func text(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        max(1, Int((seconds * 1000).rounded(.up)))
    }
}

/// libcurl, opened and set up once, before the first transfer (see `ccurl_load`).
private enum CurlLibrary {
    /// Why libcurl could not be loaded; nil once it is.
    static let loadFailure: String? = {
        var error = [CChar](repeating: 0, count: 512)
        guard ccurl_load(&error, error.count) != 0 else { return nil }
        return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}

/// Where ``writeBody`` puts the body of one response: counted up to a limit, and handed to
/// `deliver` when the response is a success (2xx), so a redirect's or an error's body is not.
private final class BodySink {
    let limit: Int
    /// The transfer (its status is asked once the body begins).
    let handle: UnsafeMutableRawPointer
    let deliver: (UnsafeRawBufferPointer) -> Void
    /// Bytes of this response's body so far.
    var received = 0
    var overLimit = false
    /// Whether this response's body is handed over; nil until it begins.
    var delivering: Bool?

    init(limit: Int, handle: UnsafeMutableRawPointer, deliver: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.limit = limit
        self.handle = handle
        self.deliver = deliver
    }

    func reset() {
        received = 0
        overLimit = false
        delivering = nil
    }
}

/// libcurl's write callback: counts the bytes into the ``BodySink`` passed as context and hands
/// them on; returning less than was given (over the limit) makes libcurl end the transfer with
/// CURLE_WRITE_ERROR.
private let writeBody: ccurl_write_callback = { bytes, size, count, context in
    guard let bytes, let context else { return 0 }
    let sink = Unmanaged<BodySink>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    if sink.received + length > sink.limit {
        sink.overLimit = true
        return 0
    }
    sink.received += length
    if sink.delivering == nil {
        var status = 0
        ccurl_getinfo_long(sink.handle, CURLINFO_RESPONSE_CODE, &status)
        sink.delivering = (200..<300).contains(status)
    }
    if sink.delivering == true { sink.deliver(UnsafeRawBufferPointer(start: bytes, count: length)) }
    return length
}
