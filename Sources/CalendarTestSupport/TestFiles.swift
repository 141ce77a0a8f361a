import Foundation

/// Finds the package's `Fixtures/` folder and the shared third-party corpus
/// (`../shared/corpus`, beside the package), for tests that turn files into cases.
public enum TestFiles {
    /// The package root, found from this file's path.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    public static var fixtures: URL { packageRoot.appendingPathComponent("Fixtures") }

    /// `../shared/corpus` (or `$ICALKIT_CORPUS`), nil when absent.
    public static var corpus: URL? {
        if let env = ProcessInfo.processInfo.environment["ICALKIT_CORPUS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Why corpus tests are skipped, for their messages.
    public static let corpusMissingMessage = "../shared/corpus is absent: third-party corpus tests skipped (set ICALKIT_CORPUS to run them)"

    /// Files under `folder` whose names end in one of `extensions`, sorted by path.
    public static func files(under folder: URL, extensions: Set<String> = ["ics"]) -> [URL] {
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var out: [URL] = []
        for case let url as URL in e where extensions.contains(url.pathExtension.lowercased()) { out.append(url) }
        return out.sorted { $0.path < $1.path }
    }

    /// Every `.ics` file of the corpus, as paths relative to the corpus (stable test names).
    public static func corpusFiles() -> [String] {
        guard let corpus else { return [] }
        let base = corpus.path.hasSuffix("/") ? corpus.path : corpus.path + "/"
        return files(under: corpus).map { String($0.path.dropFirst(base.count)) }
    }

    /// Fixture files under `Fixtures/<subfolder>` whose names end in one of `extensions`, as
    /// paths relative to `Fixtures/`.
    public static func fixtureFiles(_ subfolder: String, extensions: Set<String> = ["ics"]) -> [String] {
        let base = fixtures.path + "/"
        return files(under: fixtures.appendingPathComponent(subfolder), extensions: extensions).map { String($0.path.dropFirst(base.count)) }
    }
}
