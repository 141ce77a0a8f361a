/// How the columns of a table share a terminal's width: each column is as wide as its widest
/// cell, two spaces apart; when that is too wide, the columns that may be cut give up
/// characters in three rounds, each only while the table is still too wide:
///
/// 1. every cut column but the first listed (the one whose text matters most, the title),
///    widest first, down to ``floor`` characters;
/// 2. all of them, the first listed too, widest first, down to ``floor``;
/// 3. all of them, widest first, down to ``narrowest`` (two characters and `…`).
///
/// Of equally wide columns the rightmost gives first, so the result never depends on the
/// order a set happens to hold the columns in.
///
/// ```swift
/// // TITLE (30) keeps its text while LOCATION (20) gives up 10 of its 14 spare characters:
/// ColumnFit.widths([30, 20], cut: [0, 1], limit: 42)    // [30, 10]
/// ```
enum ColumnFit {
    /// The width a cut column keeps while another can still give.
    static let floor = 6
    /// The narrowest a cut column gets: two characters and `…`.
    static let narrowest = 3

    /// The columns' widths for `natural` widths in `limit` columns; `cut` lists the columns that
    /// may be cut, the one that keeps its text longest first.
    static func widths(_ natural: [Int], cut: [Int], limit: Int) -> [Int] {
        var widths = natural
        var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - limit
        let rounds: [(columns: [Int], down: Int)] = [(Array(cut.dropFirst()), floor), (cut, floor), (cut, narrowest)]
        for round in rounds {
            while excess > 0, let widest = round.columns.filter({ widths[$0] > round.down })
                .max(by: { (widths[$0], $0) < (widths[$1], $1) }) {
                widths[widest] -= 1
                excess -= 1
            }
        }
        return widths
    }

    /// True when columns of `natural` widths fit in `limit` uncut.
    static func fits(_ natural: [Int], limit: Int) -> Bool {
        natural.reduce(0, +) + 2 * max(0, natural.count - 1) <= limit
    }
}
