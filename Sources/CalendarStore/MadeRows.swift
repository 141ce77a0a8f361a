import Foundation

/// The rows of jobs made on worker threads, each job taken by one worker in order, kept until
/// the thread that stores them takes them, in the same order.
final class MadeRows: @unchecked Sendable {    // every field is used under `condition`
    private enum Slot {
        case pending
        case made([EventStore.OccurrenceRow]?)
        case taken
    }

    private let condition = NSCondition()
    private var slots: [Slot]
    private var next = 0
    private var stopped = false
    private var running: Int

    init(jobs: Int, workers: Int) {
        slots = Array(repeating: .pending, count: jobs)
        running = workers
    }

    /// The next job for a worker, nil when there is none left or the caller stopped.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func put(_ job: Int, _ rows: [EventStore.OccurrenceRow]?) {
        condition.lock()
        slots[job] = .made(rows)
        condition.broadcast()
        condition.unlock()
    }

    /// A job's rows, once made (a job is claimed before any later one, so some worker has it).
    func take(_ job: Int) -> [EventStore.OccurrenceRow]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if case .made(let rows) = slots[job] {
                slots[job] = .taken
                return rows
            }
            condition.wait()
        }
    }

    func finished() {
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// No more jobs are handed out; returns when every worker has finished.
    func stopAndWait() {
        condition.lock()
        stopped = true
        while running > 0 { condition.wait() }
        condition.unlock()
    }
}
