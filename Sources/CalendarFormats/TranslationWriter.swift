/// Where a translation made as its input is read (``InputFormat/translate(chunks:_:)``) goes:
/// the readers append each item's lines to ``pending`` and call ``itemEnded()``, and the lines
/// are handed over in pieces of about ``pieceBytes``, so that memory holds one piece, not the
/// translation.
struct TranslationWriter {
    /// The lines not handed over yet (with their places).
    var pending = TranslatedInput()
    let pieceBytes: Int
    private let deliver: (TranslatedInput) throws -> Void

    init(pieceBytes: Int = 256 << 10, deliver: @escaping (TranslatedInput) throws -> Void) {
        self.pieceBytes = pieceBytes
        self.deliver = deliver
    }

    /// Hands over what is pending once it has grown to a piece.
    mutating func itemEnded() throws {
        if pending.iCalendar.count >= pieceBytes { try flush() }
    }

    /// Hands over what is pending (at the end of the input).
    mutating func flush() throws {
        guard !pending.iCalendar.isEmpty || !pending.notes.isEmpty else { return }
        try deliver(pending)
        pending.iCalendar.removeAll(keepingCapacity: true)
        pending.placeLines.removeAll(keepingCapacity: true)
        pending.notes.removeAll()
    }
}
