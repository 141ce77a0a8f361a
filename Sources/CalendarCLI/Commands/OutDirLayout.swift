import Foundation

/// Where `convert --out-dir DIR` writes each input: a file found under a directory argument at
/// its relative path (`feeds/team/a.ics` from `feeds/` → `DIR/team/a.json`), a file named on the
/// command line at its name (`x/b.ics` → `DIR/b.json`), standard input as `DIR/stdin.json`; the
/// extension is the output format's.
///
/// No two inputs of a run share an output: when the name is already taken by an earlier input
/// (two arguments `a/team.ics b/team.ics`, two directory arguments with the same file, or
/// `team.ics` and `team.vcs` side by side), the later input gets the first free `NAME-2.ext`,
/// `NAME-3.ext`, … in the same folder, and ``target(for:)`` says so, for one note on standard
/// error. Files of earlier runs are not names taken: they are replaced.
struct OutDirLayout {
    let directory: String
    let fileExtension: String
    /// Output paths relative to ``directory`` given out so far.
    private var taken: Set<String> = []

    init(directory: String, fileExtension: String) {
        self.directory = directory
        self.fileExtension = fileExtension
    }

    /// The output path of `input`, and the path it would have had when that one was taken.
    mutating func target(for input: CalendarFileFinder.Found) -> (path: String, instead: String?) {
        let source = input.relativePath ?? (input.path == "-" ? "stdin" : URL(fileURLWithPath: input.path).lastPathComponent)
        let folder = (source as NSString).deletingLastPathComponent
        let stem = InputFile.stem(of: source)
        func relative(_ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
        let wanted = relative("\(stem).\(fileExtension)")
        var chosen = wanted
        var n = 2
        while taken.contains(chosen) {
            chosen = relative("\(stem)-\(n).\(fileExtension)")
            n += 1
        }
        taken.insert(chosen)
        return (join(chosen), chosen == wanted ? nil : join(wanted))
    }

    private func join(_ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
