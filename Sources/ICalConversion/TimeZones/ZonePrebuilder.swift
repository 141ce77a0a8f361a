import Foundation
import ICalCore

/// Builds a file's VTIMEZONEs on a helper thread while the file is still being read.
///
/// Making a ``VTimeZone`` is the costliest step of reading a typical feed's first items:
/// libical expands each zone's observances from their start to ten years ahead. For rules of
/// the usual shapes that is now about 1.5 million instructions per zone (their past is written
/// out as RDATEs, see `ZoneRuleUnroller`); other rules are an ICU-driven walk of about 11
/// million from 1970, 80 million from 1601. The items that need the zones come right after them. The outline pass offers each definition once an
/// item names its zone (``offer(_:)``, see `CalendarStream.Outline`); a helper thread builds
/// them in the order offered while the reader goes on. ``zone(for:)`` then hands a built zone
/// over, waits for one being built, or builds one the helper has not reached yet on the
/// caller's thread, so neither thread ever waits for a zone queued behind another.
///
/// At most ``limit`` definitions are offered per read (`ConversionOptions.zonesBuiltAhead`; 0
/// starts no thread); the rest are built when first asked, as without a prebuilder. After
/// ``stop()`` the helper starts no further build; one under way runs to its end (it is not
/// waited for).
public final class ZonePrebuilder: @unchecked Sendable {
    /// What a ``zone(for:)`` call finds.
    public enum Lookup {
        /// The text was never offered: build it as usual.
        case notOffered
        /// Built (nil when libical could not make a zone of it, as `VTimeZone(text:)` says).
        case built(VTimeZone?)
    }

    private enum State {
        case queued
        case building
        case built(VTimeZone?)
    }

    /// Definitions offered per read, at most.
    public let limit: Int
    private let condition = NSCondition()
    private var states: [String: State] = [:]
    private var queue: [String] = []
    private var helperRunning = false
    private var stopped = false

    public init(limit: Int = 16) { self.limit = limit }

    /// Queues a VTIMEZONE's text to be built; starts the helper thread if it is not running.
    /// Texts past ``limit``, repeated texts, and offers after ``stop()`` are ignored.
    public func offer(_ text: String) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, states.count < limit, states[text] == nil else { return }
        states[text] = .queued
        queue.append(text)
        guard !helperRunning else { return }
        helperRunning = true
        let thread = Thread { [self] in runHelper() }
        thread.name = "icalkit zones"
        thread.start()
    }

    /// The zone for an offered text: built already, built by the helper while this waits, or
    /// built here when the helper has not started on it.
    public func zone(for text: String) -> Lookup {
        condition.lock()
        while true {
            switch states[text] {
            case nil:
                condition.unlock()
                return .notOffered
            case .built(let zone)?:
                condition.unlock()
                return .built(zone)
            case .building?:
                condition.wait()
            case .queued?:
                states[text] = .building
                condition.unlock()
                let zone = VTimeZone(text: text)
                publish(zone, for: text, byHelper: false)
                return .built(zone)
            }
        }
    }

    /// No more builds start on the helper thread (the one under way finishes); what was not
    /// built yet is built on demand by ``zone(for:)``. Called when the read ends.
    public func stop() {
        condition.lock()
        stopped = true
        condition.unlock()
    }

    /// Definitions the helper thread built (for tests).
    var builtByHelper: Int {
        condition.lock()
        defer { condition.unlock() }
        return helperBuilds
    }
    private var helperBuilds = 0

    /// Offered definitions built by ``zone(for:)`` on the asking thread (for tests).
    var builtOnDemand: Int {
        condition.lock()
        defer { condition.unlock() }
        return demandBuilds
    }
    private var demandBuilds = 0

    /// Waits until the helper thread has ended (for tests).
    func waitForHelper() {
        condition.lock()
        while helperRunning { condition.wait() }
        condition.unlock()
    }

    private func runHelper() {
        while let text = nextForHelper() {
            let zone = VTimeZone(text: text)
            publish(zone, for: text, byHelper: true)
        }
    }

    /// The next queued text, marked as being built; nil (and the helper marked as ended) when
    /// none is left or the read stopped.
    private func nextForHelper() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped, !queue.isEmpty {
            let text = queue.removeFirst()
            if case .queued? = states[text] {
                states[text] = .building
                return text
            }
        }
        helperRunning = false
        condition.broadcast()
        return nil
    }

    private func publish(_ zone: VTimeZone?, for text: String, byHelper: Bool) {
        condition.lock()
        states[text] = .built(zone)
        if byHelper { helperBuilds += 1 } else { demandBuilds += 1 }
        condition.broadcast()
        condition.unlock()
    }
}
