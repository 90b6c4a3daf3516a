import ColorSpaces
import DesignTokens
import Theming

extension FuzzTarget {
    /// The arithmetic evaluator on the input as text, in both of its unit rules: a measure (which the evaluator
    /// makes sure is finite) or a refusal located inside the text.
    static let expression = FuzzTarget(name: "expression") { bytes in
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        for multipliesLikeUnits in [false, true] {
            do throws(ValueExpression.Failure) {
                _ = try ValueExpression.evaluate(text, multipliesLikeUnits: multipliesLikeUnits)
            } catch {
                require(error.offset >= 0 && error.offset <= text.count, "offset \(error.offset) in \(text.count)")
                require(!error.message.isEmpty, "an empty message")
            }
        }
    }

    /// The CSS colour parser: a colour with finite components and an alpha in 0…1, which converts to sRGB without a
    /// trap; or a refusal.
    static let cssColor = FuzzTarget(name: "css-color") { bytes in
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        switch CSSColor.parse(css: Substring(text)) {
        case .success(let color):
            require(color.components.allSatisfy { $0?.isFinite ?? true }, "\(text) gives \(color.components)")
            require(color.alpha >= 0 && color.alpha <= 1, "\(text) gives alpha \(color.alpha)")
            _ = color.converted(to: .srgb).hex
        case .failure(let error):
            require(!error.message.isEmpty, "an empty message")
        }
    }

    /// The component schema reader over the bundled one, and every component's style in every state from the bundled
    /// tokens.
    static let componentSchema = FuzzTarget(
        name: "component-schema"
    ) { bytes in
        let source = TokenSource(name: "components.json", bytes: bytes)
        let schema: ComponentSchema
        do throws(DiagnosticError) {
            schema = try ComponentSchema(source)
        } catch {
            Properties.checkRefusal(error, sources: [source])
            return
        }
        let theme = Theme(defaultTokens, components: schema)
        for name in schema.names {
            do throws(DiagnosticError) {
                _ = try theme.style(of: name)
            } catch {
                Properties.checkRefusal(error, sources: [source, .defaultTokens])
            }
        }
    }

    /// The bundled tokens, resolved once.
    static let defaultTokens: ResolvedTheme = {
        do throws(DiagnosticError) { return try ResolvedTheme.resolve([.defaultTokens]) } catch {
            fatalError("\(error)")
        }
    }()
}
