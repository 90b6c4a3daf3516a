/// The design language ThemeEngine ships, compiled into the library: the defaults, their themes, and the resolver
/// document that writes the themes down as permutations. Each is named after its file in ThemeEngine's
/// repository, so diagnostics point there.
extension TokenSource {
    /// The default design language, light (`Tokens/defaultTokens.json`).
    public static let defaultTokens = bundled("Tokens/defaultTokens.json", EmbeddedDefaultTokens.bytes, role: .base)

    /// The dark theme, layered over ``defaultTokens`` (`Themes/dark.json`).
    public static let dark = bundled("Themes/dark.json", EmbeddedDarkTheme.bytes, role: .theme)

    /// The high-contrast theme, layered over ``defaultTokens`` alone or with ``dark`` (`Themes/high-contrast.json`).
    public static let highContrast = bundled("Themes/high-contrast.json", EmbeddedHighContrastTheme.bytes, role: .theme)

    /// The bundled themes by the path of their files, for the resolver document to read them by.
    static let bundledThemes = [dark, highContrast]

    private static func bundled(_ name: String, _ bytes: StaticString, role: Role) -> TokenSource {
        var source = TokenSource(name: name, bytes: bytes.withUTF8Buffer { Array($0) })
        source.role = role
        return source
    }
}

extension ResolverDocument {
    /// The bundled design language as permutations, mode (light, dark) × contrast (normal, high)
    /// (`Themes/themes.resolver.json`): its files are the bundled ``TokenSource/defaultTokens``,
    /// ``TokenSource/dark`` and ``TokenSource/highContrast``.
    public static let bundled: ResolverDocument = {
        let document = TokenSource(
            name: "Themes/themes.resolver.json", bytes: EmbeddedThemesResolver.bytes.withUTF8Buffer { Array($0) })
        do {
            return try ResolverDocument(
                document,
                loading: { (path) throws(DiagnosticError) in
                    guard let theme = TokenSource.bundledThemes.first(where: { $0.name == path }) else {
                        throw DiagnosticError([
                            Diagnostic(.error, .unreadableFile, "\(path) is not a file ThemeEngine ships")
                        ])
                    }
                    return theme
                })
        } catch {
            // The tests read it; a document that does not is a defect of this build, not of any input.
            preconditionFailure("the bundled resolver document does not read: \(error)")
        }
    }()
}

extension ThemeResolver {
    /// A resolver of the bundled permutations (``ResolverDocument/bundled``).
    public static func bundled() -> ThemeResolver { ThemeResolver(document: .bundled) }
}
