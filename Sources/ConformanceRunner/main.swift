import Foundation
import Synchronization

// icalkit-conformance: the third-party corpus (read, round trip, expansion against the python
// oracle) and libical's recurrence vectors. See Conformance/README.md.
//
//   icalkit-conformance [CORPUS] [--oracle FILE | --oracle-unavailable REASON]
//                       [--known FILE] [--baseline FILE] [--update-baseline]
//                       [--details FILE] [--jobs N] [--only SUBSTRING]
//
// Exit status: 0 ok; 1 agreement below the baseline, or a non-rscale libical case failing;
// 64 bad usage. The last line is always the `conformance: ...` summary.

struct Options {
    var corpus: String?
    var oracle: String?
    var oracleUnavailable: String?
    var known = "Conformance/KNOWN_DIFFERENCES.md"
    var baseline = "Conformance/baseline.json"
    var updateBaseline = false
    var details = ".build/conformance/details.txt"
    var jobs = 2
    var only: String?
}

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("icalkit-conformance: \(message)\n".utf8))
    exit(64)
}

var options = Options()
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    func value() -> String {
        guard let v = args.popFirst() else { usage("\(a) needs a value") }
        return v
    }
    switch a {
    case "--oracle": options.oracle = value()
    case "--oracle-unavailable": options.oracleUnavailable = value()
    case "--known": options.known = value()
    case "--baseline": options.baseline = value()
    case "--update-baseline": options.updateBaseline = true
    case "--details": options.details = value()
    case "--jobs": options.jobs = max(1, Int(value()) ?? 2)
    case "--only": options.only = value()
    case "-h", "--help":
        print("usage: icalkit-conformance [CORPUS] [--oracle FILE | --oracle-unavailable REASON] [--known FILE] [--baseline FILE] [--update-baseline] [--details FILE] [--jobs N] [--only SUBSTRING]")
        exit(0)
    default:
        if a.hasPrefix("-") { usage("unknown option \(a)") }
        options.corpus = a
    }
}

let corpusPath = options.corpus ?? ProcessInfo.processInfo.environment["ICALKIT_CORPUS"] ?? "../shared/corpus"
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: corpusPath, isDirectory: &isDirectory), isDirectory.boolValue else {
    print("corpus not found at \(corpusPath) (give a path or set ICALKIT_CORPUS): conformance run skipped")
    print("conformance: skipped, no corpus")
    exit(0)
}
let corpus = URL(fileURLWithPath: corpusPath).standardizedFileURL

// Known differences.
var known = KnownDifferences()
if let text = try? String(contentsOfFile: options.known, encoding: .utf8) {
    known = KnownDifferences(text: text)
} else {
    print("note: \(options.known) not found; no known differences")
}

// Oracle.
var oracle: [String: OracleFile]?
if let path = options.oracle {
    do {
        oracle = try Oracle.load(URL(fileURLWithPath: path))
    } catch {
        print("oracle unavailable: cannot read \(path): \(error); expansion comparison skipped")
    }
} else {
    print("oracle unavailable: \(options.oracleUnavailable ?? "no --oracle given"); expansion comparison skipped")
}

// Corpus files.
var files: [String] = []
if let e = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) {
    let base = corpus.path.hasSuffix("/") ? corpus.path : corpus.path + "/"
    for case let url as URL in e where url.pathExtension.lowercased() == "ics" {
        let p = url.standardizedFileURL.path
        files.append(p.hasPrefix(base) ? String(p.dropFirst(base.count)) : p)
    }
}
files.sort()
if let only = options.only { files = files.filter { $0.contains(only) } }

let began = Date()
let check = CorpusCheck(root: corpus, oracle: oracle, known: known)
let results = Mutex<[Int: FileOutcome]>([:])
let next = Atomic<Int>(0)
let allFiles = files
DispatchQueue.concurrentPerform(iterations: options.jobs) { _ in
    while true {
        let i = next.add(1, ordering: .relaxed).oldValue
        guard i < allFiles.count else { return }
        let outcome = check.check(allFiles[i])
        results.withLock { $0[i] = outcome }
    }
}
let outcomes = results.withLock { r in (0..<allFiles.count).compactMap { r[$0] } }
let corpusSeconds = Date().timeIntervalSince(began)

// libical's vectors.
let vectorBegan = Date()
var vectorResults: [VectorResult] = []
let vectorFiles = ["libical/src/test/icalrecur_test.txt", "libical/src/test/icalrecur_test_rscale.txt",
                   "libical/src/test/icalrecur_test_rscale_withicu.txt", "libical/src/test/icalrecur_test_rscale_withicu_dangi.txt"]
for f in vectorFiles {
    guard let text = try? String(contentsOf: corpus.appendingPathComponent(f), encoding: .utf8) else {
        print("note: \(f) not in the corpus")
        continue
    }
    vectorResults += LibicalVectors.parse(text, file: f).map(LibicalVectors.run)
}
var countResults: [LibicalVectors.CountCase] = []
if let data = try? Data(contentsOf: corpus.appendingPathComponent("libical/test-data/recur.txt")) {
    countResults = LibicalVectors.runCounts(data, fileName: "libical/test-data/recur.txt")
}
let vectorSeconds = Date().timeIntervalSince(vectorBegan)

let report = Report(outcomes: outcomes, vectors: vectorResults, counts: countResults, known: known,
                    oracleAvailable: oracle != nil, corpusSeconds: corpusSeconds, vectorSeconds: vectorSeconds)
report.writeDetails(to: options.details)
let status = report.printSummary(baselinePath: options.baseline, updateBaseline: options.updateBaseline, detailsPath: options.details)
exit(status)
