import Foundation

/// A location with coordinates, as `EKStructuredLocation`: from GEO or from Apple's
/// `X-APPLE-STRUCTURED-LOCATION` (`geo:52.52,13.40` with `X-TITLE` and `X-APPLE-RADIUS`).
public struct StructuredLocation: Hashable, Sendable, Codable {
    public var title: String?
    public var latitude: Double?
    public var longitude: Double?
    /// Metres; 0 when not given.
    public var radius: Double = 0
    /// Where it came from, so export writes the same property back.
    public var origin: Origin = .geo
    /// Parameters of X-APPLE-STRUCTURED-LOCATION the model does not name, verbatim.
    public var extraParameters: [String] = []

    public enum Origin: String, Hashable, Sendable, Codable {
        case geo, appleStructuredLocation
    }

    public init(title: String? = nil, latitude: Double? = nil, longitude: Double? = nil, radius: Double = 0, origin: Origin = .geo) {
        self.title = title
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.origin = origin
    }
}
