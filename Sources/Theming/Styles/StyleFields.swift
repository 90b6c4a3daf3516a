import DesignTokens

/// A typed style of a bundled component (``TextInputStyle``, ``ToggleStyle``…): read by property name out of a
/// computed ``ComponentStyle``, so that the schema stays the one place that says which token each property reads.
/// A test reads each against the bundled schema and checks it reads every property, of the kind the schema gives.
protocol TypedComponentStyle: Hashable, Sendable {
    /// Reads every property; one the style lacks is recorded in `fields` and read as a stand-in.
    init(reading fields: inout StyleFields)
}

extension TypedComponentStyle {
    /// The typed style of a computed component style.
    /// - Throws: ``DiagnosticError`` naming each property the typed style reads that the component's schema does
    ///   not declare with that kind (a team's schema that replaces the component without it).
    init(_ style: ComponentStyle) throws(DiagnosticError) {
        var fields = StyleFields(style)
        self.init(reading: &fields)
        guard fields.problems.isEmpty else {
            throw DiagnosticError(fields.problems.map { Diagnostic(.error, .missingStyleToken, $0) })
        }
    }
}

/// Reads the properties of a ``ComponentStyle`` by section path and name, for a ``TypedComponentStyle``, recording
/// each read and each property the style does not have.
struct StyleFields {
    let style: ComponentStyle
    /// Every read, when ``init(_:recordingReads:)`` asks for them (the test that checks typed styles against the
    /// schema).
    private(set) var reads: [(path: [String], name: String, kind: PropertyKind)] = []
    private let recordsReads: Bool
    private(set) var problems: [String] = []
    /// The section looked at last: consecutive reads are nearly always of one section.
    private var lastSection = 0
    /// Where in that section the next property is looked for first.
    private var nextProperty = 0

    init(_ style: ComponentStyle, recordingReads: Bool = false) {
        self.style = style
        recordsReads = recordingReads
    }

    mutating func color(_ path: [String], _ name: String) -> ThemeColor {
        read(path, name, .color) { if case .color(let color) = $0 { color } else { nil } }
            ?? ThemeColor(red: 0, green: 0, blue: 0)
    }

    mutating func points(_ path: [String], _ name: String) -> Double {
        read(path, name, .dimension) { if case .points(let points) = $0 { points } else { nil } } ?? 0
    }

    mutating func number(_ path: [String], _ name: String) -> Double {
        read(path, name, .number) { if case .number(let number) = $0 { number } else { nil } } ?? 0
    }

    mutating func typography(_ path: [String], _ name: String) -> ThemeTypography {
        read(path, name, .typography) { if case .typography(let typography) = $0 { typography } else { nil } }
            ?? ThemeTypography(fontFamily: [], fontSize: 0, fontWeight: 400)
    }

    mutating func image(_ path: [String], _ name: String) -> ThemeImage {
        read(path, name, .image) { if case .image(let image) = $0 { image } else { nil } } ?? ThemeImage(asset: "")
    }

    mutating func shadow(_ path: [String], _ name: String) -> [ThemeShadow] {
        read(path, name, .shadow) { if case .shadow(let layers) = $0 { layers } else { nil } } ?? []
    }

    mutating func border(_ path: [String], _ name: String) -> ThemeBorder {
        read(path, name, .border) { if case .border(let border) = $0 { border } else { nil } }
            ?? ThemeBorder(color: ThemeColor(red: 0, green: 0, blue: 0), width: 0)
    }

    mutating func duration(_ path: [String], _ name: String) -> Double {
        read(path, name, .duration) { if case .duration(let seconds) = $0 { seconds } else { nil } } ?? 0
    }

    mutating func order(_ path: [String], _ name: String) -> [String] {
        read(path, name, .order) { if case .order(let names) = $0 { names } else { nil } } ?? []
    }

    /// An order read as cases of `Name`; each name the schema allows that `Name` does not spell is a problem, since
    /// the typed style could not draw it.
    mutating func order<Name: RawRepresentable & CaseIterable>(_ path: [String], _ name: String, as _: Name.Type)
        -> [Name]
    where Name.RawValue == String {
        let names = order(path, name)
        let allowed =
            style.definition.sections.first { $0.path == path }
            .map { style.definition.parts[$0.part] }?.properties.first { $0.name == name }?.allowedValues ?? []
        let known = Name.allCases.map(\.rawValue)
        for unknown in allowed where !known.contains(unknown) {
            let label = ([style.component] + path + [name]).joined(separator: ".")
            problems.append(
                "\(label) may list \"\(unknown)\", which the typed style does not draw; it draws \(known.joined(separator: ", "))"
            )
        }
        return names.compactMap(Name.init(rawValue:))
    }

    private mutating func read<Value>(
        _ path: [String], _ name: String, _ kind: PropertyKind, _ value: (StyleValue) -> Value?
    ) -> Value? {
        if recordsReads { reads.append((path, name, kind)) }
        var label: String { ([style.component] + path + [name]).joined(separator: ".") }
        let sections = style.definition.sections
        if !sections.indices.contains(lastSection) || sections[lastSection].path != path {
            guard let index = style.sectionIndex(path) else {
                problems.append(
                    "the typed style reads \(label), but \(style.component) has no section \(path.joined(separator: ".")) in this schema"
                )
                return nil
            }
            lastSection = index
            nextProperty = 0
        }
        guard let found = style.value(section: lastSection, name, hint: &nextProperty).flatMap(value) else {
            problems.append(
                "the typed style reads \(label), \(kind), which \(style.component) does not declare in this schema")
            return nil
        }
        return found
    }
}
