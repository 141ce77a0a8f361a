import CalendarModel
import CalendarStore
import Foundation
import ICalConversion

/// `import` of one file as a two-stage pipeline: a reader thread scans the file and converts
/// each item (EventImporter, time zones), while the calling thread prepares each item's row
/// (encoding, the index span, which walks COUNT series) and writes it into the store's
/// transaction. The two halves cost about the same, so on two cores the file takes about half
/// the time it takes on one. Batches pass through a small bounded queue, so memory holds a
/// few batches, never the file.
///
/// Both threads call libical. That is safe in 3.0.16 as built by Debian (with pthreads): the
/// error state (`icalerrno`) and the ring of temporary strings are per thread (pthread keys),
/// a zone's lazily expanded observances are guarded by libical's mutex (and by VTimeZone's own
/// lock), and each recurrence iterator, parsed value and component belongs to one thread.
enum ImportPipeline {
    enum Step: Sendable {
        case begin(CalendarDocument)
        case event(Event)
        case reminder(Reminder)
        case extra(String)
        case end
    }

    /// Items per batch handed from the reader to the writer. Small, because whichever thread is
    /// faster waits for the other's first batch at the start and for its last one at the end:
    /// with 256 items that was about a tenth of a 2,000-item import.
    static let batchSize = 32

    /// Batches the queue holds before the reader waits (1,024 items at most in flight).
    static let queueCapacity = 32

    /// Reads `file` and imports what it holds through `session`; returns the reader's result
    /// (diagnostics, counts). Rethrows the reader's error (unreadable file) or the store's.
    static func run(_ file: InputFile, reader: ICalendarReader, source: String, into session: ImportSession) throws -> ReadResult {
        let queue = BatchQueue(capacity: queueCapacity)
        let thread = Thread {
            do {
                var batch: [Step] = []
                batch.reserveCapacity(batchSize)
                let result = try file.stream(with: reader) { event in
                    switch event {
                    case .calendarBegan(var header):
                        header.calendar.sourceName = source
                        batch.append(.begin(header))
                    case .event(let e): batch.append(.event(e))
                    case .reminder(let r): batch.append(.reminder(r))
                    case .extraComponent(let text): batch.append(.extra(text))
                    case .calendarEnded: batch.append(.end)
                    }
                    if batch.count >= batchSize {
                        queue.put(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                queue.put(batch)
                queue.finish(.success(result))
            } catch {
                queue.finish(.failure(error))
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let batch = try queue.take() {
                for step in batch {
                    switch step {
                    case .begin(let header): try session.begin(header)
                    case .event(let e): try session.add(e)
                    case .reminder(let r): try session.add(r)
                    case .extra(let text): session.addExtraComponent(text)
                    case .end: try session.end()
                    }
                }
            }
            return try queue.waitForResult()
        } catch {
            // The store failed: the reader still reads to the end (its batches dropped), so
            // the file's diagnostics are all reported, as when reading came first.
            queue.discardFromNowOn()
            throw Failure(error: error, readResult: try? queue.waitForResult())
        }
    }

    /// The store (or the reader) failed; what the reader found, when it could finish.
    struct Failure: Error {
        let error: any Error
        let readResult: ReadResult?
    }
}

/// A bounded queue of batches between one producer thread and one consumer, with the
/// producer's final result; a consumer that gave up lets the producer run to its end.
final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [[ImportPipeline.Step]] = []
    private var outcome: Result<ReadResult, any Error>?
    private var discarding = false

    init(capacity: Int) { self.capacity = capacity }

    /// Producer: waits while the queue is full; drops the batch once the consumer gave up.
    func put(_ batch: [ImportPipeline.Step]) {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !discarding { condition.wait() }
        if !discarding && !batch.isEmpty { batches.append(batch) }
        condition.broadcast()
    }

    /// Producer: done (the reader's result or its error).
    func finish(_ result: Result<ReadResult, any Error>) {
        condition.lock()
        outcome = result
        condition.broadcast()
        condition.unlock()
    }

    /// Consumer: the next batch; nil when the producer finished and everything was taken.
    /// Throws the producer's error.
    func take() throws -> [ImportPipeline.Step]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && outcome == nil { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if case .failure(let error)? = outcome { throw error }
        return nil
    }

    /// Consumer: takes nothing more; the producer's batches are dropped from now on.
    func discardFromNowOn() {
        condition.lock()
        discarding = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the producer to finish; its result or error.
    func waitForResult() throws -> ReadResult {
        condition.lock()
        defer { condition.unlock() }
        while outcome == nil { condition.wait() }
        return try outcome!.get()
    }
}
