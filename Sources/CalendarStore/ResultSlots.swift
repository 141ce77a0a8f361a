import Foundation

/// A fixed number of result slots that parallel workers fill, each slot written by one worker
/// only and read after all of them have finished (`DispatchQueue.concurrentPerform` returns
/// when every iteration is done). The slots live in one allocation written through a pointer,
/// so workers never access a shared Swift array at the same time.
final class ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value>

    init(count: Int, initial: Value) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    subscript(index: Int) -> Value {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    var values: [Value] { Array(slots) }
}
