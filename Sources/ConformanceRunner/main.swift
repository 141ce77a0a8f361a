import Foundation
import Synchronization

// icalkit-conformance: the third-party corpus (read, round trip, expansion against the python
// oracle) and libical's recurrence vectors. See Conformance/README.md.
//
//   icalkit-conformance [CORPUS] [--oracle FILE | --oracle-unavailable REASON]
//                       [--known FILE] [--baseline FILE] [--update-baseline]
//                       [--details FILE] [--jobs N] [--only SUBSTRING]
//                       [--rules FILE | --rules-unavailable REASON]
//
// --rules: the generated recurrence rules expanded by python-dateutil (Conformance/oracle/rules.py),
// compared with icalkit's expander (RuleDifferential); any disagreement not in KNOWN_DIFFERENCES fails.
//
// Exit status: 0 ok; 1 agreement below the baseline, a non-rscale libical case failing, or a
// dateutil rule disagreeing;
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
    var rules: String?
    var rulesUnavailable: String?
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
    case "--rules": options.rules = value()
    case "--rules-unavailable": options.rulesUnavailable = value()
    case "-h", "--help":
        print("usage: icalkit-conformance [CORPUS] [--oracle FILE | --oracle-unavailable REASON] [--known FILE] [--baseline FILE] [--update-baseline] [--details FILE] [--jobs N] [--only SUBSTRING] [--rules FILE | --rules-unavailable REASON]")
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
/// `body` on every item, `jobs` at a time; the results in the items' order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ body: @escaping @Sendable (T) -> R) -> [R] {
    let results = Mutex<[Int: R]>([:])
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
        while true {
            let i = next.add(1, ordering: .relaxed).oldValue
            guard i < items.count else { return }
            let r = body(items[i])
            results.withLock { $0[i] = r }
        }
    }
    return results.withLock { r in (0..<items.count).compactMap { r[$0] } }
}

let check = CorpusCheck(root: corpus, oracle: oracle, known: known)
let outcomes = parallelMap(files, jobs: options.jobs) { check.check($0) }
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
    vectorResults += LibicalVectors.parse(text, file: f).map(LibicalVectors.run).map { r in
        // A case whose expected instances icalkit reads differently on purpose: a line of
        // KNOWN_DIFFERENCES.md's block with the vector file, the case's line as uid and side
        // `icalkit` sets it aside (passed, with the reason shown).
        guard !r.expander.passed,
              let entry = known.entries(for: f).first(where: { $0.uid == String(r.testCase.line) && $0.side == .icalkit }) else { return r }
        var r = r
        r.expander = ExpanderOutcome(passed: true, byDesign: "known difference \(entry.reason) (Conformance/KNOWN_DIFFERENCES.md): \(r.expander.detail)",
                                     detail: "")
        return r
    }
}
var countResults: [LibicalVectors.CountCase] = []
if let data = try? Data(contentsOf: corpus.appendingPathComponent("libical/test-data/recur.txt")) {
    countResults = LibicalVectors.runCounts(data, fileName: "libical/test-data/recur.txt")
}
let vectorSeconds = Date().timeIntervalSince(vectorBegan)

let report = Report(outcomes: outcomes, vectors: vectorResults, counts: countResults, known: known,
                    oracleAvailable: oracle != nil, corpusSeconds: corpusSeconds, vectorSeconds: vectorSeconds)
report.writeDetails(to: options.details)
var status = report.printSummary(baselinePath: options.baseline, updateBaseline: options.updateBaseline, detailsPath: options.details)

// Recurrence rules against python-dateutil.
if let path = options.rules {
    do {
        let (cases, source) = try RuleDifferential.load(URL(fileURLWithPath: path))
        let ruleBegan = Date()
        let knownNow = known
        let ruleOutcomes = parallelMap(cases, jobs: options.jobs) { RuleDifferential.run($0, known: knownNow) }
        let ruleStatus = RuleDifferential.report(ruleOutcomes, source: source, seconds: Date().timeIntervalSince(ruleBegan),
                                                  detailsPath: URL(fileURLWithPath: options.details).deletingLastPathComponent().appendingPathComponent("rules-details.txt").path)
        status = max(status, ruleStatus)
    } catch {
        print("\nrecurrence rules: cannot read \(path): \(error)")
        status = max(status, 1)
    }
} else {
    print("\nrecurrence rules against python-dateutil: skipped (NOT passed): \(options.rulesUnavailable ?? "no --rules given")")
    if ProcessInfo.processInfo.environment["ICALKIT_REQUIRE_ORACLE"] == "1" { status = max(status, 1) }
}
exit(status)
