import Foundation

/// How many threads a parallel step may use.
package enum Processors {
    /// The processors this process may run on, read once: Foundation answers
    /// `activeProcessorCount` by reading the scheduler's CPU mask and the cgroup's CPU quota
    /// from files each time it is asked.
    package static let active = ProcessInfo.processInfo.activeProcessorCount
}
