/// The states of a component's typed style: its raw values are the state names of the schema.
public protocol StyleState: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String {}

/// The states of a field that takes text or a choice (TextInput, TextField, TextView, Picker, DatePicker, AddressForm's
/// fields): the bundled schema's `field` states.
public enum FieldState: String, StyleState {
    case normal, focused, editing, error, disabled, readOnly
}

/// The states of a Toggle.
public enum ToggleState: String, StyleState {
    case on, off, disabled
}

/// The states of a Button.
public enum ButtonState: String, StyleState {
    case normal, pressed, disabled
}

/// The states of a SegmentedControl's segment.
public enum SegmentState: String, StyleState {
    case selected, unselected
}

/// A style for each state, read by subscript: `style[.focused]`.
public struct StateStyles<State: StyleState, Style: Hashable & Sendable>: Hashable, Sendable {
    private let styles: [Style]

    init(_ styles: [Style]) { self.styles = styles }

    /// The style of one state.
    public subscript(state: State) -> Style {
        var index = 0
        for candidate in State.allCases {
            if candidate == state { break }
            index += 1
        }
        return styles[index]
    }

    /// Reads a style for each state, each from the section `prefix` + the state's name.
    init(reading fields: inout StyleFields, under prefix: [String] = [], _ read: (inout StyleFields, [String]) -> Style)
    {
        styles = State.allCases.map { state in read(&fields, prefix + [state.rawValue]) }
    }
}
