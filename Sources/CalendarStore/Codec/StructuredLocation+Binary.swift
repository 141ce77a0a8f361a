import CalendarModel

extension StructuredLocation: BinaryCodable {
    package static let binaryFieldNames = ["title", "latitude", "longitude", "radius", "origin", "extraParameters"]

    package func encode(to w: inout BinaryWriter) {
        w.write(title)
        w.write(latitude)
        w.write(longitude)
        w.write(radius)
        w.writeByte(origin.binaryTag)
        w.write(extraParameters)
    }

    package init(from r: inout BinaryReader) throws(StoreError) {
        let title = try r.readOptionalString()
        let latitude = try r.readOptionalDouble()
        let longitude = try r.readOptionalDouble()
        let radius = try r.readDouble()
        let origin = try r.readTag("location origin", Origin.init(binaryTag:))
        self.init(title: title, latitude: latitude, longitude: longitude, radius: radius, origin: origin)
        extraParameters = try r.readStrings()
    }
}

extension StructuredLocation.Origin {
    var binaryTag: UInt8 {
        switch self {
        case .geo: 0
        case .appleStructuredLocation: 1
        }
    }

    init?(binaryTag: UInt8) {
        switch binaryTag {
        case 0: self = .geo
        case 1: self = .appleStructuredLocation
        default: return nil
        }
    }
}
