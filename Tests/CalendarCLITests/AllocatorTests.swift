import CAllocator
import Foundation
import Testing

/// The allocator the `icalkit` process runs on: CAllocator links mimalloc, and so does this
/// test bundle, so every test here runs on it too. Sanitizer builds replace malloc with their
/// own checking allocator, which then comes first.
@Suite("Allocator", .enabled(if: icalkit_sanitized() == 0, "a sanitizer's allocator replaces malloc"))
struct AllocatorTests {
    @Test func mallocIsMimalloc() {
        #expect(icalkit_allocator_is_mimalloc() == 1)
        #expect(icalkit_mimalloc_version() >= 200)   // 2.x, whose 32 MiB segments the tuning assumes
    }

    /// The tuning marks the segment the calling thread allocates from for transparent huge
    /// pages (`hg` among the mapping's flags in /proc/self/smaps).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled"),
                   "the kernel has transparent huge pages"))
    func segmentInUseIsMarkedForHugePages() throws {
        icalkit_keep_freed_memory()
        let block = try #require(malloc(64))
        defer { free(block) }
        let flags = try #require(try Self.mappingFlags(containing: UInt(bitPattern: block)))
        #expect(flags.contains("hg"), "VmFlags: \(flags)")
    }

    /// The VmFlags of the mapping holding `address`, from /proc/self/smaps.
    static func mappingFlags(containing address: UInt) throws -> [Substring]? {
        let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, fields.count >= 5, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, line.hasPrefix("VmFlags:") {
                return Array(fields.dropFirst())
            }
        }
        return nil
    }
}
