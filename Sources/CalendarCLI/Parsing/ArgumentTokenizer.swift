/// One command-line argument, classified before any command interprets it.
///
/// ```
/// --out=x.json   -> .long("out", "x.json")
/// --out          -> .long("out", nil)
/// -vq            -> .short("v"), .short("q")
/// -              -> .value("-")        (standard input or output)
/// -15m           -> .value("-15m")     (a dash and a digit start a value, not options)
/// --             -> .terminator        (everything after it is a value)
/// ```
public enum ArgumentToken: Hashable, Sendable, CustomStringConvertible {
    case long(String, String?)
    case short(Character)
    case value(String)
    case terminator

    /// True for a plain value (not an option, flag or `--`).
    var isValue: Bool {
        if case .value = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .long(let name, nil): "--\(name)"
        case .long(let name, let value?): "--\(name)=\(value)"
        case .short(let c): "-\(c)"
        case .value(let v): v
        case .terminator: "--"
        }
    }
}

/// Splits raw arguments into ``ArgumentToken``s (the first step, as swift-argument-parser's
/// `SplitArguments`); commands then interpret the tokens against their description.
///
/// ```swift
/// ArgumentTokenizer.tokenize(["convert", "--to=json", "-", "--", "-x"])
/// // [.value("convert"), .long("to", "json"), .value("-"), .terminator, .value("-x")]
/// ```
public enum ArgumentTokenizer {
    public static func tokenize(_ arguments: [String]) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        var afterTerminator = false
        for argument in arguments {
            if afterTerminator {
                tokens.append(.value(argument))
                continue
            }
            if argument == "--" {
                tokens.append(.terminator)
                afterTerminator = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(.long(String(body[..<equals]), String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.long(String(body), nil))
                }
            } else if argument.hasPrefix("-"), argument.count > 1,
                      let second = argument.dropFirst().first, !(second.isASCII && second.isNumber) {
                for c in argument.dropFirst() { tokens.append(.short(c)) }
            } else {
                tokens.append(.value(argument))
            }
        }
        return tokens
    }
}
