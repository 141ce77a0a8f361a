import CalendarModel
import Foundation
import ICalCore

/// GEO and Apple's X-APPLE-STRUCTURED-LOCATION → ``StructuredLocation``.
enum LocationImporter {
    /// `GEO:52.52;13.40`. nil when the value is not two numbers.
    static func geo(_ line: ContentLine) -> StructuredLocation? {
        let parts = line.value.split(whereSeparator: { $0 == ";" || $0 == "," })
        guard parts.count == 2,
              let lat = Double(parts[0].trimmedSpaces),
              let lon = Double(parts[1].trimmedSpaces),
              (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
        return StructuredLocation(latitude: lat, longitude: lon, origin: .geo)
    }

    /// `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Office;X-APPLE-RADIUS=70:geo:52.52,13.40`.
    static func apple(_ line: ContentLine) -> StructuredLocation? {
        var loc = StructuredLocation(origin: .appleStructuredLocation)
        let value = line.value.trimmedSpaces
        if value.lowercased().hasPrefix("geo:") {
            let coords = value.dropFirst(4).split(separator: ";").first ?? ""
            let parts = coords.split(separator: ",")
            if parts.count >= 2, let lat = Double(parts[0]), let lon = Double(parts[1]) {
                loc.latitude = lat
                loc.longitude = lon
            } else {
                return nil
            }
        } else if !value.isEmpty {
            return nil
        }
        for param in line.parameters {
            switch param.name {
            case "X-TITLE": loc.title = param.values.first
            case "X-APPLE-RADIUS":
                if let r = param.values.first.flatMap(Double.init) { loc.radius = r } else { loc.extraParameters.append(param.text) }
            default: loc.extraParameters.append(param.text)
            }
        }
        return loc
    }
}
