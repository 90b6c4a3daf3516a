/// The design system's global properties under the names its iOS API uses, each naming a token of the
/// bundled `design` group: `design.colors.surfacePrimary.default` and so on.
///
/// Reach them as `Theme.design.colors.inputBorder`, or with a leading dot where a ``ColorToken`` or
/// ``DimensionToken`` is expected: `color(.design.colors.primary.default)`, `points(.design.spacer.xs)`.
/// TextInput's tokens refer to these, so a theme that overrides one restyles every TextInput.
public struct DesignProperties: Sendable {
    public let colors = Colors()
    public let sizer = Sizer()
    public let spacer = Spacer()

    public struct Colors: Sendable {
        public let surfacePrimary = SurfacePrimary()
        public let surfaceDisabled = SurfaceDisabled()
        /// Border colour of a TextInput in its normal state.
        public let inputBorder = ColorToken("design.colors.inputBorder")
        public let primary = Primary()
        public let danger = Danger()

        public struct SurfacePrimary: Sendable {
            /// Background colour of a TextInput in its normal state.
            public let `default` = ColorToken("design.colors.surfacePrimary.default")
            public let onSurfacePrimary = OnSurfacePrimary()

            public struct OnSurfacePrimary: Sendable {
                /// Text colour of a TextInput in its normal state.
                public let `default` = ColorToken("design.colors.surfacePrimary.onSurfacePrimary.default")
            }
        }

        public struct SurfaceDisabled: Sendable {
            /// Background colour of a disabled TextInput.
            public let `default` = ColorToken("design.colors.surfaceDisabled.default")
            public let onSurfaceDisabled = OnSurfaceDisabled()

            public struct OnSurfaceDisabled: Sendable {
                /// Border and text colour of a disabled TextInput.
                public let disabled = ColorToken("design.colors.surfaceDisabled.onSurfaceDisabled.disabled")
            }
        }

        public struct Primary: Sendable {
            /// Border colour of a focused TextInput.
            public let `default` = ColorToken("design.colors.primary.default")
        }

        public struct Danger: Sendable {
            /// Border colour of a TextInput in its error state.
            public let `default` = ColorToken("design.colors.danger.default")
        }
    }

    public struct Sizer: Sendable {
        /// Top and bottom padding of a TextInput.
        public let sm = DimensionToken("design.sizer.sm")
        /// Leading and trailing padding of a TextInput.
        public let md = DimensionToken("design.sizer.md")
    }

    public struct Spacer: Sendable {
        /// Spacing between a TextInput's error label and its field.
        public let xs = DimensionToken("design.spacer.xs")
        public let sm = DimensionToken("design.spacer.sm")
        /// Spacing between the fields of a form.
        public let md = DimensionToken("design.spacer.md")
    }
}

/// The semantic colour names of the design system's iOS API (`Theme.colors.foreground.default`…), each naming
/// the token behind it.
public struct SemanticColors: Sendable {
    public let foreground = Foreground()
    public let surfacePrimary = SurfacePrimary()
    public let primary = Primary()
    /// Normal border colour.
    public let inputBorder = ColorToken("design.colors.inputBorder")

    public struct Foreground: Sendable {
        /// Default text colour.
        public let `default` = ColorToken("theme.color.foreground.default")
        /// Error text colour.
        public let danger = ColorToken("theme.color.foreground.danger")
    }

    public struct SurfacePrimary: Sendable {
        /// Background colour.
        public let `default` = ColorToken("design.colors.surfacePrimary.default")
    }

    public struct Primary: Sendable {
        /// Focused border colour.
        public let `default` = ColorToken("design.colors.primary.default")
    }
}

extension ColorToken {
    /// The global properties: `.design.colors.inputBorder`.
    public static let design = DesignProperties()
    /// The semantic colour names: `.colors.foreground.danger`.
    public static let colors = SemanticColors()
}

extension DimensionToken {
    /// The global properties: `.design.spacer.xs`.
    public static let design = DesignProperties()
}

extension TypographyToken {
    /// The entered text and placeholder of an input field.
    public static let inputText = TypographyToken("theme.typography.input.text")
    /// The title label above an input field.
    public static let inputLabel = TypographyToken("theme.typography.input.label")
    /// The helper and error labels below an input field.
    public static let inputHelper = TypographyToken("theme.typography.input.helper")
}

extension ImageToken {
    /// The icon beside a TextInput's error label.
    public static let textInputErrorIcon = ImageToken("theme.image.text-input.error-icon")
    /// The leading icon of a search box.
    public static let searchIcon = ImageToken("theme.image.search-input.icon")
    /// The drop-down indicator of AddressForm's state field (`icExpandMore`).
    public static let expandMore = ImageToken("theme.image.address-form.expand-more")
    /// The trailing indicator of a link row.
    public static let linkAccessory = ImageToken("theme.image.table-view-link-cell.accessory")
    /// The background image behind a form.
    public static let formBackground = ImageToken("theme.image.form.background")
}
