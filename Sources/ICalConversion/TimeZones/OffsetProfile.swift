/// A zone's offsets over a stretch of time: samples a week apart, and each change of offset
/// between two samples found to the second.
struct OffsetProfile {
    private(set) var samples: [(instant: Int, offset: Int)] = []
    private(set) var changes: [(instant: Int, before: Int, after: Int)] = []

    init(_ window: ClosedRange<Int>, offset: (Int) -> Int) {
        var t = window.lowerBound
        while true {
            samples.append((t, offset(t)))
            if t == window.upperBound { break }
            t = min(t + 7 * 86_400, window.upperBound)
        }
        for (a, b) in zip(samples, samples.dropFirst()) where a.offset != b.offset {
            // The first second with the later offset (one change per week at most).
            var lo = a.instant, hi = b.instant
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2
                if offset(mid) == a.offset { lo = mid } else { hi = mid }
            }
            changes.append((hi, a.offset, offset(hi)))
        }
    }
}
