import Foundation

/// A value computed on first use and then kept; copies of the box share it. ``CLIIO`` uses it
/// so that a command that never reads the environment or the local zone does not pay for
/// them at start (building `ProcessInfo.environment` and `TimeZone.current` were a third of
/// the instructions of `icalkit --version`).
final class LazyValue<Value: Sendable>: @unchecked Sendable {   // state guarded by `lock`
    private let lock = NSLock()
    private var make: (@Sendable () -> Value)?
    private var stored: Value?

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }
    init(_ value: Value) { stored = value }

    var value: Value {
        lock.withLock {
            if let stored { return stored }
            let value = make!()
            stored = value
            make = nil
            return value
        }
    }
}
