import CalendarModel
import Foundation
import ICalConversion

/// `import` of one file as a two-stage pipeline: a reader thread scans the file and converts
/// each item (EventImporter, time zones), while the calling thread writes the rows into the
/// store's transaction. Preparing a row (encoding, the index span, which walks COUNT series)
/// is done by whichever side has time: the reader prepares a batch when the writer is behind
/// (batches are waiting for it), else the writer does. Batches pass through a small bounded
/// queue, so memory holds a few batches, never the file.
///
/// The reader may start before the store is needed (``start(source:read:)``), so that a
/// store's opening and the file's first items overlap. ``EventStore/importFile(at:into:options:)``
/// runs it for a file; the CLI runs it for standard input too.
///
/// Both threads call libical. That is safe in 3.0.16 as built by Debian (with pthreads): the
/// error state (`icalerrno`) and the ring of temporary strings are per thread (pthread keys),
/// a zone's lazily expanded observances are guarded by libical's mutex (and by VTimeZone's own
/// lock), and each recurrence iterator, parsed value and component belongs to one thread.
package enum ImportPipeline {
    enum Step: Sendable {
        case begin(CalendarDocument)
        case event(Event)
        case reminder(Reminder)
        /// An event or reminder the reader prepared, or why its row could not be made (thrown
        /// by the writer at that point, as if it had prepared the row itself).
        case prepared(Result<PreparedItem, any Error>)
        case extra(String)
        case end(matchedZones: [String: String])
    }

    /// Items per batch handed from the reader to the writer. Small, because whichever thread is
    /// faster waits for the other's first batch at the start and for its last one at the end.
    static let batchSize = 32

    /// Batches the queue holds before the reader waits (1,024 items at most in flight).
    static let queueCapacity = 32

    /// Batches waiting for the writer from which on the reader prepares the next batch's rows.
    static let writerBehindBatches = 2

    /// Starts `read` on its own thread: it reads a file, handing each calendar and item to the
    /// handler it is given, which queues them (a few batches at most) until ``Read/write(into:)``
    /// takes them, or ``Read/cancel()`` drops them. Each calendar's `sourceName` is `source`.
    package static func start(source: String,
                              read: @escaping @Sendable (_ handle: (ReadEvent) throws -> Void) throws -> ReadResult) -> Read {
        let queue = BatchQueue(capacity: queueCapacity)
        let thread = Thread {
            do {
                var batch: [Step] = []
                batch.reserveCapacity(batchSize)
                var prepareHere = false
                let result = try read { event in
                    switch event {
                    case .calendarBegan(var header):
                        header.calendar.sourceName = source
                        batch.append(.begin(header))
                    case .event(let e):
                        batch.append(prepareHere ? .prepared(Result { try PreparedItem(read: e) }) : .event(e))
                    case .reminder(let r):
                        batch.append(prepareHere ? .prepared(Result { try PreparedItem(read: r) }) : .reminder(r))
                    case .extraComponent(let text): batch.append(.extra(text))
                    case .calendarEnded(let matched): batch.append(.end(matchedZones: matched))
                    }
                    if batch.count >= batchSize {
                        // The batch is handed over with no reference left here (the writer uses
                        // its items in place: a batch still shared would be copied whole).
                        try queue.put(handOver(&batch))
                        prepareHere = queue.waitingBatches >= writerBehindBatches
                    }
                }
                try queue.put(handOver(&batch))
                queue.finish(.success(result))
            } catch {
                queue.finish(.failure(error))
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        return Read(queue: queue)
    }

    /// A file being read by ``start(source:read:)``.
    package final class Read: Sendable {
        private let queue: BatchQueue

        fileprivate init(queue: BatchQueue) { self.queue = queue }

        /// Writes what the reader reads through `session`, to the end; returns the reader's
        /// result. On the store's error the reader still reads to the end (its batches dropped),
        /// so the file's diagnostics are all reported, as when reading came first; that error is
        /// thrown as a ``Failure``.
        package func write(into session: ImportSession) throws -> ReadResult {
            do {
                while var batch = try queue.take() {
                    for index in batch.indices { try ImportPipeline.apply(&batch[index], to: session) }
                    // The batch is freed here, where it was written (an allocator such as
                    // mimalloc takes a block freed on another thread back without a lock).
                    _ = consume batch
                }
                return try queue.waitForResult()
            } catch {
                queue.discardFromNowOn()
                throw Failure(error: error, readResult: try? queue.waitForResult())
            }
        }

        /// Stops the reader if it is still running (at its next batch; what it read is dropped)
        /// and waits for it to end: for a store that could not be opened, and after each write,
        /// in case the store failed before taking any item.
        package func cancel() {
            queue.cancel()
            _ = try? queue.waitForResult()
        }
    }

    /// The batch, leaving an empty one with room for the next in its place.
    private static func handOver(_ batch: inout [Step]) -> [Step] {
        var full: [Step] = []
        full.reserveCapacity(batchSize)
        swap(&full, &batch)
        return full
    }

    /// One step, written where it lies in its batch: each item is used in place, not copied out
    /// (a copy retains and releases every reference in its row and model), and stays in the
    /// batch, which is freed as a whole. An item
    /// the reader did not prepare is moved into its ``PreparedItem`` here, which takes its place.
    fileprivate static func apply(_ step: inout Step, to session: ImportSession) throws {
        switch step {
        case .prepared, .event, .reminder:
            var taken = Step.extra("")
            swap(&taken, &step)   // moved out of the batch (not copied), and put back below
            var item: PreparedItem
            switch consume taken {
            case .prepared(.success(let prepared)): item = prepared
            case .prepared(.failure(let error)):
                step = .prepared(.failure(error))
                throw error
            case .event(let event): item = try PreparedItem(read: event)
            case .reminder(let reminder): item = try PreparedItem(read: reminder)
            default: return
            }
            defer { step = .prepared(.success(item)) }
            try session.add(&item)
        case .begin(let header): try session.begin(header)
        case .extra(let text): session.addExtraComponent(text)
        case .end(let matched): try session.end(matchedZones: matched)
        }
    }

    /// The store (or the reader) failed; what the reader found, when it could finish.
    package struct Failure: Error {
        package let error: any Error
        package let readResult: ReadResult?
    }

    /// Thrown inside the reader once its read was cancelled.
    struct Cancelled: Error {}
}
