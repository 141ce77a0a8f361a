import CalendarModel
import Foundation
import ICalConversion
import Testing
@testable import CalendarCLI

/// The queue between import's reader and writer: batches in order, and spent batches handed
/// back to the reader to be freed on its own thread.
@Suite("Import batch queue")
struct BatchQueueTests {
    static func batch(_ tag: String) -> [ImportPipeline.Step] { [.extra(tag)] }

    static func tags(_ batches: [[ImportPipeline.Step]]) -> [String] {
        batches.flatMap { $0 }.map { step in
            if case .extra(let text) = step { return text }
            return "?"
        }
    }

    @Test func spentBatchesComeBackAtTheNextPut() throws {
        let queue = BatchQueue(capacity: 4)
        #expect(Self.tags(try queue.put(Self.batch("a"))).isEmpty)
        #expect(Self.tags(try queue.put(Self.batch("b"))).isEmpty)
        let first = try #require(try queue.take())
        queue.giveBack(first)
        let second = try #require(try queue.take())
        queue.giveBack(second)
        // Both spent batches come back once, in the order they were given.
        #expect(Self.tags(try queue.put(Self.batch("c"))) == ["a", "b"])
        #expect(Self.tags(try queue.put(Self.batch("d"))).isEmpty)
        #expect(Self.tags([try #require(try queue.take()), try #require(try queue.take())]) == ["c", "d"])
    }

    @Test func batchesGivenBackAfterTheReaderFinishedAreNotKept() throws {
        let queue = BatchQueue(capacity: 4)
        _ = try queue.put(Self.batch("a"))
        queue.finish(.success(ReadResult()))
        let only = try #require(try queue.take())
        queue.giveBack(only)
        #expect(try queue.take() == nil)
        // Nobody would take it back: a put after finishing (not done by the reader) finds none.
        #expect(Self.tags(try queue.put([])).isEmpty)
    }

    /// The writer on another thread gives every batch back; the reader frees them as it goes.
    @Test func everyBatchComesBackOnceUnderLoad() throws {
        let queue = BatchQueue(capacity: 2)
        let count = 500
        let writerDone = DispatchSemaphore(value: 0)
        let writer = Thread {
            while let batch = try? queue.take() { queue.giveBack(batch) }
            writerDone.signal()
        }
        writer.start()
        var returned: [String] = []
        for i in 0..<count { returned += Self.tags(try queue.put(Self.batch("\(i)"))) }
        // The last batches come back at later puts (of nothing), once the writer took them.
        let deadline = Date().addingTimeInterval(10)
        while returned.count < count, Date() < deadline {
            returned += Self.tags(try queue.put([]))
            Thread.sleep(forTimeInterval: 0.001)
        }
        queue.finish(.success(ReadResult()))
        #expect(writerDone.wait(timeout: .now() + 10) == .success)
        #expect(returned == (0..<count).map { "\($0)" })
    }
}
