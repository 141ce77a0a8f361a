import CalendarModel
import ICalCore

/// ORGANIZER / ATTENDEE → ``Participant``; parameters the model does not name (and values of
/// ROLE, PARTSTAT, CUTYPE, RSVP it has no case for) are kept verbatim.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.4.1>
enum ParticipantImporter {
    static func read(_ line: ContentLine) -> Participant {
        var p = Participant(url: line.value.trimmedSpaces)
        for param in line.parameters {
            // The value as a code (upper case), made only for the parameters that have codes:
            // upper-casing every parameter's value (CN, EMAIL, ...) was a tenth of reading an
            // attendee.
            var code: String { (param.values.first ?? "").uppercased() }
            var modelled = true
            switch param.name {
            case "CN": p.name = param.values.first ?? ""
            case "ROLE": if let r = ParticipantCodes.role(code) { p.role = r } else { modelled = false }
            case "PARTSTAT": if let s = ParticipantCodes.status(code) { p.status = s } else { modelled = false }
            case "CUTYPE": if let t = ParticipantCodes.type(code) { p.type = t } else { modelled = false }
            case "RSVP":
                let rsvp = code
                if rsvp == "TRUE" || rsvp == "FALSE" { p.rsvp = rsvp == "TRUE" } else { modelled = false }
            default: modelled = false
            }
            if !modelled { p.extraParameters.append(param.text) }
        }
        return p
    }
}

/// The RFC 5545 values of ROLE, PARTSTAT and CUTYPE for each model case, used by the reader
/// and the writer alike (`.unknown` has none: it is not written).
enum ParticipantCodes {
    static let roles: [(Participant.Role, String)] = [
        (.required, "REQ-PARTICIPANT"), (.optional, "OPT-PARTICIPANT"), (.chair, "CHAIR"), (.nonParticipant, "NON-PARTICIPANT"),
    ]
    static let statuses: [(Participant.Status, String)] = [
        (.pending, "NEEDS-ACTION"), (.accepted, "ACCEPTED"), (.declined, "DECLINED"), (.tentative, "TENTATIVE"),
        (.delegated, "DELEGATED"), (.completed, "COMPLETED"), (.inProcess, "IN-PROCESS"),
    ]
    static let types: [(Participant.ParticipantType, String)] = [
        (.person, "INDIVIDUAL"), (.group, "GROUP"), (.resource, "RESOURCE"), (.room, "ROOM"),
    ]

    static func role(_ code: String) -> Participant.Role? { roles.first { $0.1 == code }?.0 }
    static func status(_ code: String) -> Participant.Status? { statuses.first { $0.1 == code }?.0 }
    static func type(_ code: String) -> Participant.ParticipantType? { types.first { $0.1 == code }?.0 }

    static func code(_ role: Participant.Role) -> String? { roles.first { $0.0 == role }?.1 }
    static func code(_ status: Participant.Status) -> String? { statuses.first { $0.0 == status }?.1 }
    static func code(_ type: Participant.ParticipantType) -> String? { types.first { $0.0 == type }?.1 }
}

extension ICalParameter {
    /// `NAME=value` as it would be written.
    var text: String {
        name + "=" + values.map(ICalParameter.quotedIfNeeded).joined(separator: ",")
    }
}
