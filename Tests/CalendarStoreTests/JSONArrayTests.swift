import CalendarTestSupport
@testable import CalendarStore
import Testing

@Suite("Id lists for json_each")
struct JSONArrayTests {
    @Test("Ids written as a JSON array, as String(describing:) writes each")
    func idsAsJSONArray() {
        var generator = SplitMix64(seed: 3)
        let ids: [Int64] = [0, 1, -1, 9, 10, 99, 100, .max, .min] + (0..<500).map { _ in Int64(bitPattern: generator.next()) >> Int64(generator.next() % 60) }
        #expect(EventStore.jsonArray(ids) == "[" + ids.map { String($0) }.joined(separator: ",") + "]")
        #expect(EventStore.jsonArray([]) == "[]")
    }
}
