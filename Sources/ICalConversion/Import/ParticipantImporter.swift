import CalendarModel
import ICalCore

/// ORGANIZER / ATTENDEE → ``Participant``; parameters the model does not name are kept.
/// Related RFC 5545 section: <https://www.rfc-editor.org/rfc/rfc5545#section-3.8.4.1>
enum ParticipantImporter {
    static func read(_ line: ContentLine) -> Participant {
        var p = Participant(url: line.value.trimmedSpaces)
        for param in line.parameters {
            let v = param.values.first ?? ""
            switch param.name {
            case "CN": p.name = v
            case "ROLE":
                switch v.uppercased() {
                case "REQ-PARTICIPANT": p.role = .required
                case "OPT-PARTICIPANT": p.role = .optional
                case "CHAIR": p.role = .chair
                case "NON-PARTICIPANT": p.role = .nonParticipant
                default: p.extraParameters.append(param.text)
                }
            case "PARTSTAT":
                switch v.uppercased() {
                case "NEEDS-ACTION": p.status = .pending
                case "ACCEPTED": p.status = .accepted
                case "DECLINED": p.status = .declined
                case "TENTATIVE": p.status = .tentative
                case "DELEGATED": p.status = .delegated
                case "COMPLETED": p.status = .completed
                case "IN-PROCESS": p.status = .inProcess
                default: p.extraParameters.append(param.text)
                }
            case "CUTYPE":
                switch v.uppercased() {
                case "INDIVIDUAL": p.type = .person
                case "GROUP": p.type = .group
                case "RESOURCE": p.type = .resource
                case "ROOM": p.type = .room
                default: p.extraParameters.append(param.text)
                }
            case "RSVP":
                switch v.uppercased() {
                case "TRUE": p.rsvp = true
                case "FALSE": p.rsvp = false
                default: p.extraParameters.append(param.text)
                }
            default:
                p.extraParameters.append(param.text)
            }
        }
        return p
    }
}

extension ICalParameter {
    /// `NAME=value` as it would be written.
    var text: String {
        name + "=" + values.map(ICalParameter.quotedIfNeeded).joined(separator: ",")
    }
}
