/// Finds the known word closest to a mistyped one (`--too` → `--to`), by edit distance.
enum Suggestion {
    /// The candidate within a small edit distance of `word` (leading dashes ignored), if any;
    /// ties go to the first.
    static func closest(to word: String, in candidates: [String]) -> String? {
        func bare(_ s: String) -> String { String(s.drop { $0 == "-" }).lowercased() }
        let limit = max(1, bare(word).count / 3)
        var best: (String, Int)? = nil
        for candidate in candidates {
            let d = distance(bare(word), bare(candidate))
            if d <= limit, d < (best?.1 ?? Int.max) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance between two strings, by characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
