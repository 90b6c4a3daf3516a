import DesignTokens
import Theming
import TokenSetGenerator

// MARK: Switching a form's theme

/// Switching the theme of a form of 1,000 rows with empty callbacks, in process: what a renderer's tree of scopes
/// costs when the user changes mode, apart from the views' own drawing. Each row reads ThemeEngine's names, as a
/// view that adopts `Themeable` with the default requirement types does, so every switch also checks the new theme
/// against them (once per theme: the check is kept with it).
@MainActor
func formSwitchBenchmark() {
    let rowCount = 1_000
    guard let light = try? Theme.load(), let dark = try? Theme.load(themes: [.dark]) else {
        fail("the bundled themes do not load")
    }
    let form = ThemeScope()
    form.requirements = ThemeRequirements(ColorToken.self, ImageToken.self, DimensionToken.self, TypographyToken.self)
    var notified = 0
    let rows = (0..<rowCount).map { _ in ThemeScope(onThemeChange: { _ in notified += 1 }) }
    for row in rows { form.addChild(row) }
    form.theme = light
    var switches = Samples()
    let switchRuns = max(runs, 101)
    for run in 0...switchRuns {
        let start = now()
        form.theme = run % 2 == 0 ? dark : light
        let end = now()
        if run > 0 { switches.add(end - start) }
    }
    guard notified == (switchRuns + 2) * rowCount else { fail("a row was not told of a switch (\(notified))") }
    say("")
    say(
        "In process: switching the theme of a form of \(rowCount) rows (empty callbacks), light ↔ dark; ms, median (fastest–slowest) of \(switchRuns) switches; target ≤ 0.5 ms:"
    )
    say("")
    say("| switch |")
    say("|---|")
    say("| \(switches.summary) |")
}

// MARK: A large schema

/// The styles of a schema of 100 components × 6 states × 15 properties over the generated 10k set, in process:
/// `Theme(resolved, components: schema)`, which reads every property of every section.
func schemaBenchmark() {
    let set = TokenSet(count: 10_000)
    let resolved: ResolvedTheme
    do {
        resolved = try ResolvedTheme.resolve([TokenSource(name: "tokens-10k.json", bytes: set.baseJSON)])
    } catch {
        fail("the generated 10k set does not resolve")
    }
    // Colours and dimensions of the set, for properties to read.
    let colors = set.base.filter { $0.type == "color" }.map(\.path)
    let dimensions = set.base.filter { $0.type == "dimension" }.map(\.path)
    var components: [String] = []
    for component in 0..<100 {
        var properties: [String] = []
        for property in 0..<15 {
            let paths = property % 3 == 2 ? dimensions : colors
            let kind = property % 3 == 2 ? "dimension" : "color"
            let token = paths[(component * 15 + property) % paths.count]
            properties.append(#""p\#(property)": {"kind": "\#(kind)", "token": "\#(token)"}"#)
        }
        let states = (0..<6).map { #""s\#($0)": {}"# }.joined(separator: ", ")
        components.append(
            #""C\#(component)": {"states": {\#(states)}, "properties": {\#(properties.joined(separator: ", "))}}"#)
    }
    let text = #"{"components": {\#(components.joined(separator: ", "))}}"#
    let schema: ComponentSchema
    do {
        schema = try ComponentSchema(TokenSource(name: "components-100.json", bytes: Array(text.utf8)), over: .empty)
    } catch {
        fail("the generated schema does not read: \(error)")
    }
    var styles = Samples()
    var complete = 0
    let schemaRuns = max(runs, 21)
    for run in 0...schemaRuns {
        let start = now()
        let theme = Theme(resolved, components: schema)
        let end = now()
        complete = theme.completeness.count { $0.isComplete }
        if run > 0 { styles.add(end - start) }
    }
    guard complete == 100 else { fail("\(100 - complete) generated components are incomplete") }
    say("")
    say(
        "In process: every style of a schema of 100 components × 6 states × 15 properties (9,000 properties) over the generated 10k set; ms, median (fastest–slowest) of \(schemaRuns) runs; target ≤ 5 ms:"
    )
    say("")
    say("| all styles |")
    say("|---|")
    say("| \(styles.summary) |")
}
