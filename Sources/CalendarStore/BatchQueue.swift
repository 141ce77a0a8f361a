import Foundation
import ICalConversion

/// A bounded queue of batches between one producer thread and one consumer, with the
/// producer's final result; a consumer that gave up lets the producer run to its end.
final class BatchQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var batches: [[ImportPipeline.Step]] = []
    private var outcome: Result<ReadResult, any Error>?
    private var discarding = false
    private var cancelled = false

    init(capacity: Int) { self.capacity = capacity }

    /// Producer: waits while the queue is full; drops the batch once the consumer gave up.
    /// Throws ``ImportPipeline/Cancelled`` once the read was cancelled.
    func put(_ batch: consuming [ImportPipeline.Step]) throws(ImportPipeline.Cancelled) {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !discarding { condition.wait() }
        if cancelled { throw ImportPipeline.Cancelled() }
        if !discarding && !batch.isEmpty { batches.append(consume batch) }
        condition.broadcast()
    }

    /// Batches put and not yet taken.
    var waitingBatches: Int {
        condition.lock()
        defer { condition.unlock() }
        return batches.count
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

    /// Consumer: nothing will be taken, and the producer should stop reading: its next `put`
    /// throws.
    func cancel() {
        condition.lock()
        discarding = true
        cancelled = true
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
