import DesignTokens
@_spi(Engine) import TokenJSON

/// A command-line option a command accepts.
struct OptionSpec: Sendable {
    /// The long name without dashes: `theme` for `--theme`.
    var name: String
    /// The placeholder of its value (`path`), or nil for a flag.
    var valueName: String?
    /// The values it takes, when it takes only some.
    var allowedValues: [String]? = nil
    /// Whether it may be given more than once.
    var isRepeatable = false
    /// One or more lines of help.
    var help: String
}

extension OptionSpec {
    /// `--tokens`: the base token files, as `resolve` and `lint` take them.
    static let tokens = OptionSpec(
        name: "tokens", valueName: "path", isRepeatable: true,
        help: "A base token file. Repeat to layer several, in order.\nDefault: the bundled Tokens/defaultTokens.json.")

    /// `--strict`: deviations from DTCG 2025.10 are errors (``ReadingPolicy/strict``).
    static let strict = OptionSpec(
        name: "strict",
        help:
            "Make every non-conforming warning an error: a deviation\nfrom DTCG 2025.10, otherwise read as its plain meaning."
    )

    /// `--keep-going`: tokens in error, and those that depend on them, are left out of what is written
    /// (``ReadingPolicy/keepsGoing``).
    static let keepGoing = OptionSpec(
        name: "keep-going",
        help:
            "Go on past tokens in error: leave them and those that depend\non them out, report each error, exit 1."
    )

    /// `-h`, `--help`, which every command takes.
    static let help = OptionSpec(name: "help", help: "Show this help.")

    /// `--theme`: the themes layered over them.
    static let theme = OptionSpec(
        name: "theme", valueName: "path", isRepeatable: true,
        help: "A theme layered over the tokens. Repeat to layer several;\nlater files win, token by token.")
}

/// A command line that does not fit the command: printed with the usage line, exit status 64.
struct UsageError: Error, Sendable {
    var message: String
}

/// The options and arguments of one command line, checked against the command's ``OptionSpec``s, and read by
/// the same declarations (`arguments.values(.tokens)`), so an option a command does not declare cannot be read by
/// mistake: a misspelt one does not compile, and one of another command stops a debug build.
struct ParsedArguments: Sendable {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The names of the options the command declares, and `help`.
    private var declared: Set<String> = ["help"]
    var positionals: [String] = []

    /// Parses `arguments` (without the command name). `--name value`, `--name=value` and `--` are understood;
    /// `-h` is `--help`.
    init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        declared.formUnion(options.map(\.name))
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                flags.insert("help")
                continue
            }
            var name = String(argument.drop(while: { $0 == "-" }))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard argument.hasPrefix("--"), let option = options.first(where: { $0.name == name }) else {
                let hint = Suggestion.hint(for: name, among: options.map(\.name) + ["help"]) { "'--\($0)'" }
                throw UsageError(message: "unknown option '\(argument)'\(hint)")
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw UsageError(message: "--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError(message: "--\(name) needs a value <\(option.valueName!)>")
                }
                value = arguments[index]
                index += 1
            }
            if let allowed = option.allowedValues, !allowed.contains(value) {
                let hint = Suggestion.hint(for: value, among: allowed) { "'\($0)'" }
                throw UsageError(
                    message: "--\(name) must be one of \(allowed.joined(separator: ", ")); found '\(value)'\(hint)")
            }
            if !option.isRepeatable, values[name] != nil {
                throw UsageError(message: "--\(name) may be given only once")
            }
            values[name, default: []].append(value)
        }
    }

    /// Every value given for a repeatable option, in order.
    func values(_ option: OptionSpec) -> [String] { values[declaredName(option)] ?? [] }

    /// The value of an option given at most once.
    func value(_ option: OptionSpec) -> String? { values[declaredName(option)]?.last }

    /// Whether a flag was given.
    func flag(_ option: OptionSpec) -> Bool { flags.contains(declaredName(option)) }

    /// Whether an option was given at all, as a flag or with a value.
    func isGiven(_ option: OptionSpec) -> Bool { flag(option) || !values(option).isEmpty }

    /// The reading policy `--strict` and `--keep-going` choose.
    var readingPolicy: ReadingPolicy {
        ReadingPolicy(deviationsAreErrors: flag(.strict), keepsGoing: flag(.keepGoing))
    }

    /// The name of an option the command declares.
    private func declaredName(_ option: OptionSpec) -> String {
        assert(declared.contains(option.name), "--\(option.name) is read but not declared by the command")
        return option.name
    }
}
