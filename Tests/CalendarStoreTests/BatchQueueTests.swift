import CalendarModel
import Foundation
import ICalConversion
import Synchronization
import Testing
@testable import CalendarStore

/// The queue between import's reader and writer: batches in order, a bounded number in flight,
/// the reader's result or error at the end, and a writer that gives up or cancels.
@Suite("Import batch queue")
struct BatchQueueTests {
    static func batch(_ tag: String) -> [ImportPipeline.Step] { [.extra(tag)] }

    static func tags(_ batches: [[ImportPipeline.Step]]) -> [String] {
        batches.flatMap { $0 }.map { step in
            if case .extra(let text) = step { return text }
            return "?"
        }
    }

    struct ReaderFailed: Error, Equatable {}

    @Test func batchesComeOutInOrderThenNil() throws {
        let queue = BatchQueue(capacity: 4)
        try queue.put(Self.batch("a"))
        try queue.put([])   // an empty batch is not queued
        try queue.put(Self.batch("b"))
        #expect(queue.waitingBatches == 2)
        queue.finish(.success(ReadResult()))
        // Finishing does not drop what is queued: it is taken first, then the end.
        let first = try #require(try queue.take())
        let second = try #require(try queue.take())
        #expect(Self.tags([first, second]) == ["a", "b"])
        #expect(try queue.take() == nil)
        _ = try queue.waitForResult()
    }

    @Test func theReadersErrorFollowsItsBatches() throws {
        let queue = BatchQueue(capacity: 4)
        try queue.put(Self.batch("a"))
        queue.finish(.failure(ReaderFailed()))
        #expect(Self.tags([try #require(try queue.take())]) == ["a"])
        #expect(throws: ReaderFailed.self) { try queue.take() }
        #expect(throws: ReaderFailed.self) { try queue.waitForResult() }
    }

    /// A full queue holds the reader until the writer takes a batch.
    @Test func aFullQueueMakesTheReaderWait() throws {
        let queue = BatchQueue(capacity: 1)
        try queue.put(Self.batch("a"))
        let secondPut = DispatchSemaphore(value: 0)
        let reader = Thread {
            try? queue.put(Self.batch("b"))
            secondPut.signal()
        }
        reader.start()
        #expect(secondPut.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(Self.tags([try #require(try queue.take())]) == ["a"])
        #expect(secondPut.wait(timeout: .now() + 10) == .success)
        #expect(Self.tags([try #require(try queue.take())]) == ["b"])
    }

    /// The writer on another thread takes every batch once, in order, while the reader is held
    /// to two in flight.
    @Test func everyBatchArrivesOnceUnderLoad() throws {
        let queue = BatchQueue(capacity: 2)
        let count = 500
        let writerDone = DispatchSemaphore(value: 0)
        let taken = Mutex<[String]>([])
        let writer = Thread {
            while let batch = try? queue.take() {
                let tags = Self.tags([batch])
                taken.withLock { $0 += tags }
            }
            writerDone.signal()
        }
        writer.start()
        for i in 0..<count {
            try queue.put(Self.batch("\(i)"))
            #expect(queue.waitingBatches <= 2)
        }
        queue.finish(.success(ReadResult()))
        #expect(writerDone.wait(timeout: .now() + 10) == .success)
        #expect(taken.withLock { $0 } == (0..<count).map { "\($0)" })
    }

    /// A writer that failed lets the reader run to its end: puts no longer wait, even on a full
    /// queue, and what they hand over is dropped.
    @Test func afterTheWriterGaveUpPutsAreDropped() throws {
        let queue = BatchQueue(capacity: 1)
        try queue.put(Self.batch("a"))
        queue.discardFromNowOn()
        #expect(queue.waitingBatches == 0)
        try queue.put(Self.batch("b"))
        try queue.put(Self.batch("c"))
        #expect(queue.waitingBatches == 0)
        queue.finish(.success(ReadResult()))
        #expect(try queue.take() == nil)
    }

    /// A cancelled read stops at the reader's next put, which throws, also when it was waiting.
    @Test func cancellingStopsTheReader() throws {
        let queue = BatchQueue(capacity: 1)
        try queue.put(Self.batch("a"))
        let stopped = DispatchSemaphore(value: 0)
        let reader = Thread {
            do {
                try queue.put(Self.batch("b"))   // waits: the queue is full
                queue.finish(.success(ReadResult()))
            } catch {
                queue.finish(.failure(error))
            }
            stopped.signal()
        }
        reader.start()
        #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut)
        queue.cancel()
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        #expect(throws: ImportPipeline.Cancelled.self) { try queue.waitForResult() }
        #expect(queue.waitingBatches == 0)
    }
}
