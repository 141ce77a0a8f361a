/// A value with a hand-written encoding in the store's binary item format (see ``ItemCodec``).
///
/// Conformers also list, in ``binaryFieldNames``, the stored properties the encoding covers
/// (and in ``binarySkippedFieldNames`` those it leaves out on purpose); a test compares them
/// with `Mirror`, so a property added to a model type without a codec change fails it.
package protocol BinaryCodable {
    func encode(to writer: inout BinaryWriter)
    init(from reader: inout BinaryReader) throws(StoreError)

    static var binaryFieldNames: [String] { get }
    static var binarySkippedFieldNames: [String] { get }
}

package extension BinaryCodable {
    static var binarySkippedFieldNames: [String] { [] }
}
