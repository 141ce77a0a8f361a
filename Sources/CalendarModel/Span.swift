/// How far an edit or removal of one occurrence reaches, as `EKSpan`.
public enum Span: String, Hashable, Sendable, Codable {
    /// Only this occurrence (an EXDATE or an override).
    case thisEvent
    /// This occurrence and all later ones (the series is cut before it).
    case futureEvents
}
