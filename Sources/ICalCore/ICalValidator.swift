internal import CLibical

/// Asks libical whether text parses cleanly: libical 3.0.16 reports bad values not as errors
/// but as `X-LIC-ERROR` properties inside the tree, which this collects.
public enum ICalValidator {
    /// libical's complaints about `text` (empty when it parses cleanly). A NULL parse result
    /// is itself a complaint.
    public static func libicalErrors(in text: String) -> [String] {
        guard let root = text.withCString({ icalparser_parse_string($0) }) else {
            return ["libical could not parse the text at all"]
        }
        defer { icalcomponent_free(root) }
        var errors: [String] = []
        collect(root, into: &errors)
        return errors
    }

    private static func collect(_ comp: OpaquePointer, into errors: inout [String]) {
        var p = icalcomponent_get_first_property(comp, ICAL_XLICERROR_PROPERTY)
        while let prop = p {
            if let msg = icalproperty_get_xlicerror(prop) { errors.append(String(cString: msg)) }
            p = icalcomponent_get_next_property(comp, ICAL_XLICERROR_PROPERTY)
        }
        var c = icalcomponent_get_first_component(comp, ICAL_ANY_COMPONENT)
        while let child = c {
            collect(child, into: &errors)
            c = icalcomponent_get_next_component(comp, ICAL_ANY_COMPONENT)
        }
    }
}
