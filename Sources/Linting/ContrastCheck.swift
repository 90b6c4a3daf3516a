import DesignTokens
import Theming
@_spi(Engine) import TokenJSON

/// Checks contrast pairs and reports those below their minimum, one finding per distinct problem.
///
/// A finding is located at the token that decides the failing colour, so the place to fix it is the place shown:
/// of the tokens an alias chain passes through, those in the last file (a theme that overrides one wins over the
/// defaults), and of those the last that is still a reference (the semantic choice, such as
/// `theme.color.foreground.placeholder`, rather than the primitive it picks), else the one holding the literal.
/// Of the two sides, the one decided in the later file is blamed, the foreground on a tie; notes give both
/// alias chains, each at its deciding token. Pairs with the same deciding tokens, colours and minimum (the same
/// placeholder colour on the same field background in every TextInput state that draws it: four of the five
/// checked states with the bundled tokens, `readOnly` having its own background) make one finding that lists every use.
struct ContrastChecker {
    let theme: ResolvedTheme
    /// The position of each file in the stack.
    let fileOrder: [String: Int]
    /// How many other uses of a failing pair a finding's note names.
    static let usesListed = 5

    init(theme: ResolvedTheme, files: [String]) {
        self.theme = theme
        fileOrder = ResolvedTheme.fileOrder(files)
    }

    /// A `min-contrast` finding for each distinct pair below its minimum.
    func findings(_ pairs: [ContrastPair]) -> [Diagnostic] {
        struct Key: Hashable {
            var foreground: String
            var background: String
            var colors: [String]
            var kind: ContrastKind
            var level: ContrastLevel
        }
        var order: [Key] = []
        var failures: [Key: [(pair: ContrastPair, drawn: (ThemeColor, ThemeColor), ratio: Double)]] = [:]
        for pair in pairs {
            let (foreground, background) = drawn(pair)
            let ratio = Contrast.ratio(foreground, on: background)
            guard ratio < pair.minimum else { continue }
            let key = Key(
                foreground: decider(of: pair.foreground).path, background: decider(of: pair.background).path,
                colors: [foreground.hex, background.hex], kind: pair.kind, level: pair.level)
            if failures[key] == nil { order.append(key) }
            failures[key, default: []].append((pair, (foreground, background), ratio))
        }
        return order.map { key in finding(failures[key]!) }
    }

    /// The colours as drawn: the background over its backdrops (and white under them), the foreground over that.
    func drawn(_ pair: ContrastPair) -> (foreground: ThemeColor, background: ThemeColor) {
        var base = ThemeColor.white
        for backdrop in pair.backdrops.reversed() { base = Contrast.composite(backdrop.color, over: base) }
        let background = Contrast.composite(pair.background.color, over: base)
        return (Contrast.composite(pair.foreground.color, over: background), background)
    }

    /// The token that decides a side's colour (see the type's documentation).
    func decider(of side: ContrastSide) -> ResolvedToken {
        let chain = ([side.token] + side.aliasChain).compactMap { theme[$0] }
        guard let last = chain.map(fileIndex).max() else { return theme[side.token]! }
        let inLastFile = chain.filter { fileIndex($0) == last }
        return inLastFile.last(where: { !$0.aliasChain.isEmpty }) ?? inLastFile.last!
    }

    private func fileIndex(_ token: ResolvedToken) -> Int {
        fileOrder[token.location.file] ?? -1
    }

    private func finding(
        _ uses: [(pair: ContrastPair, drawn: (ThemeColor, ThemeColor), ratio: Double)]
    ) -> Diagnostic {
        let (pair, (foreground, background), ratio) = uses[0]
        let foregroundDecider = decider(of: pair.foreground)
        let backgroundDecider = decider(of: pair.background)
        let blameBackground = fileIndex(backgroundDecider) > fileIndex(foregroundDecider)
        let blamed = blameBackground ? backgroundDecider : foregroundDecider

        var message =
            "\(foregroundDecider.path) \(shown(pair.foreground.color, drawn: foreground)) on "
            + "\(backgroundDecider.path) \(shown(pair.background.color, drawn: background)) has contrast "
            + "\(Contrast.format(ratio, below: pair.minimum)):1; \(pair.kind) needs \(JSONWriter.format(pair.minimum)):1 at level \(pair.level)"
        if pair.foreground.label != pair.foreground.token {
            message += " (\(pair.foreground.label)\(uses.count > 1 ? " and \(uses.count - 1) more" : ""))"
        }

        var notes = [
            Diagnostic.Note(chain(pair.foreground), at: foregroundDecider.location),
            Diagnostic.Note("on " + chain(pair.background), at: backgroundDecider.location),
        ]
        if pair.background.color.alpha < 1, let backdrop = pair.backdrops.first {
            notes.append(
                Diagnostic.Note(
                    "\(pair.background.label) is translucent: drawn over \(backdrop.token) \(backdrop.color.hex) it is \(background.hex)"
                ))
        }
        if uses.count > 1 {
            // The first few, then how many more: the uses of one colour pair can be every field of every component.
            let others = uses.dropFirst().map { "\($0.pair.foreground.label) on \($0.pair.background.label)" }
            let shown = others.prefix(Self.usesListed).joined(separator: ", ")
            let more = others.count > Self.usesListed ? " and \(others.count - Self.usesListed) more" : ""
            notes.append(Diagnostic.Note("the same colours are also drawn as " + shown + more))
        }
        return Diagnostic(lint: .minContrast, message, at: blamed.location, token: blamed.path, notes: notes)
    }

    /// `#aabbcc`, or `#aabbcc80 (drawn as #d4dde6)` when translucency changes what is seen.
    private func shown(_ color: ThemeColor, drawn: ThemeColor) -> String {
        color.alpha < 1 ? "\(color.hex) (drawn as \(drawn.hex))" : color.hex
    }

    /// `TextInput.normal.placeholder reads theme.color.text-input.default.placeholder → … → palette.neutral.400 (#8f9194)`.
    private func chain(_ side: ContrastSide) -> String {
        let tokens = ([side.token] + side.aliasChain).joined(separator: " → ")
        let reads = side.label == side.token ? tokens : "\(side.label) reads \(tokens)"
        return "\(reads) (\(side.color.hex))"
    }
}
