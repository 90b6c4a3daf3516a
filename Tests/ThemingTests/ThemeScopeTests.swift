import DesignTokens
import Testing
import ThemeEngineTestSupport

@testable import Theming

@MainActor
@Suite("Theme scopes: inheritance and override in a renderer's tree")
struct ThemeScopeTests {
    let light: Theme
    let dark: Theme
    let highContrast: Theme

    init() throws {
        light = try bundledTheme()
        dark = try bundledTheme(["Themes/dark.json"])
        highContrast = try bundledTheme(["Themes/high-contrast.json"])
    }

    /// A form with `sections` sections of `rows` rows each, counting `onThemeChange` calls per node.
    @MainActor
    final class Tree {
        let form = ThemeScope()
        var sections: [ThemeScope] = []
        var rows: [ThemeScope] = []
        var updates: [ObjectIdentifier: Int] = [:]

        init(sections sectionCount: Int, rows rowCount: Int) {
            watch(form)
            for _ in 0..<sectionCount {
                let section = ThemeScope()
                watch(section)
                form.addChild(section)
                sections.append(section)
                for _ in 0..<rowCount {
                    let row = ThemeScope()
                    watch(row)
                    section.addChild(row)
                    rows.append(row)
                }
            }
        }

        func watch(_ scope: ThemeScope) {
            scope.onThemeChange = { [unowned self] scope in updates[ObjectIdentifier(scope), default: 0] += 1 }
        }

        var totalUpdates: Int { updates.values.reduce(0, +) }
        func updates(of scope: ThemeScope) -> Int { updates[ObjectIdentifier(scope)] ?? 0 }
    }

    @Test("a theme set on a form reaches every row, and each node updates exactly once")
    func inheritance() {
        let tree = Tree(sections: 10, rows: 500)
        #expect(tree.totalUpdates == 0)
        tree.form.theme = light
        #expect(tree.rows.allSatisfy { $0.effectiveTheme?.identity == light.identity })
        #expect(tree.totalUpdates == 1 + 10 + 5_000)
        #expect(tree.updates.values.allSatisfy { $0 == 1 })
    }

    @Test("a row's own theme wins, and survives its form's theme changing")
    func override() {
        let tree = Tree(sections: 4, rows: 1_000)
        tree.form.theme = light
        let special = tree.rows[1_234]
        tree.updates = [:]
        special.theme = dark
        #expect(tree.totalUpdates == 1)
        #expect(special.effectiveTheme?.identity == dark.identity)

        tree.updates = [:]
        tree.form.theme = highContrast
        #expect(tree.updates(of: special) == 0)
        #expect(special.effectiveTheme?.identity == dark.identity)
        #expect(tree.totalUpdates == 1 + 4 + 4_000 - 1)

        tree.updates = [:]
        special.theme = nil
        #expect(special.effectiveTheme?.identity == highContrast.identity)
        #expect(tree.totalUpdates == 1)
    }

    @Test("a section's theme covers its rows only; setting the same theme again updates nothing")
    func sectionOverride() {
        let tree = Tree(sections: 3, rows: 2_000)
        tree.form.theme = light
        tree.updates = [:]
        tree.sections[1].theme = dark
        #expect(tree.totalUpdates == 1 + 2_000)
        #expect(tree.rows[2_000...3_999].allSatisfy { $0.effectiveTheme?.identity == dark.identity })
        #expect(tree.rows[0..<2_000].allSatisfy { $0.effectiveTheme?.identity == light.identity })

        tree.updates = [:]
        tree.sections[1].theme = dark
        tree.form.theme = light
        #expect(tree.totalUpdates == 0)
    }

    @Test("moving a row into another form gives it that form's theme; removing it leaves it unthemed")
    func reparenting() {
        let first = Tree(sections: 1, rows: 10)
        let second = Tree(sections: 1, rows: 10)
        first.form.theme = light
        second.form.theme = dark
        let row = first.rows[3]
        second.sections[0].addChild(row)
        #expect(row.effectiveTheme?.identity == dark.identity)
        #expect(first.updates(of: row) == 2)  // light when the form got it, dark on the move: once, never nil between
        second.sections[0].addChild(row)
        #expect(first.updates(of: row) == 2)
        #expect(second.sections[0].children.count == 11)

        // A move between two forms of the same theme notifies nobody.
        second.form.theme = light
        first.updates = [:]
        first.sections[0].addChild(row)
        #expect(first.totalUpdates == 0)
        second.sections[0].addChild(row)
        #expect(row.effectiveTheme?.identity == light.identity)
        #expect(first.sections[0].children.count == 9)
        row.removeFromParent()
        #expect(row.effectiveTheme == nil)
        #expect(row.parent == nil)
    }

    @Test("a node that outlives its released parent loses the inherited theme, without a call into its owner")
    func orphan() {
        var row: ThemeScope?
        var updates: [Bool] = []
        do {
            let form = ThemeScope(theme: light)
            let child = ThemeScope()
            form.addChild(child)
            child.onThemeChange = { updates.append($0.effectiveTheme == nil) }
            row = child
        }
        #expect(row?.effectiveTheme == nil)
        #expect(row?.parent == nil)
        #expect(updates.isEmpty)
    }

    @Test("a chain 100,000 deep updates and is released without recursion")
    func deepChain() {
        let root = ThemeScope()
        var leaf = root
        for _ in 0..<100_000 {
            let child = ThemeScope()
            leaf.addChild(child)
            leaf = child
        }
        var count = 0
        leaf.onThemeChange = { _ in count += 1 }
        root.theme = dark
        #expect(leaf.effectiveTheme?.identity == dark.identity)
        #expect(count == 1)
    }

    @Test("a renderer's row: its scope calls updateTheme when the inherited theme changes, with no wiring")
    func themeableRow() {
        @MainActor
        final class TextRow: Themeable {
            lazy var themeScope = ThemeScope(for: self)
            var borderHex: String?
            var updates = 0
            func updateTheme() {
                updates += 1
                borderHex = color(.design.colors.inputBorder).hex
            }
        }
        let form = ThemeScope()
        let rows = (0..<3).map { _ in TextRow() }
        for row in rows { form.addChild(row.themeScope) }
        #expect(rows.map(\.updates) == [0, 0, 0])  // no theme yet: nothing to read
        form.theme = light
        #expect(rows.map(\.borderHex) == ["#6f7174", "#6f7174", "#6f7174"])
        rows[2].themeScope.theme = highContrast
        form.theme = dark
        #expect(rows.map(\.borderHex) == ["#8f9194", "#8f9194", "#000000"])
        #expect(rows.map(\.updates) == [2, 2, 2])
    }

    @Test("nodes are told in the order they were added, depth first, a node before its children")
    func notificationOrder() {
        let form = ThemeScope()
        var order: [String] = []
        func node(_ name: String) -> ThemeScope {
            ThemeScope(onThemeChange: { _ in order.append(name) })
        }
        let first = node("first")
        let second = node("second")
        let inner = node("first.inner")
        let third = node("third")
        form.addChild(first)
        first.addChild(inner)
        form.addChild(second)
        form.addChild(third)
        form.theme = light
        #expect(order == ["first", "first.inner", "second", "third"])
        order = []
        form.theme = dark
        #expect(order == ["first", "first.inner", "second", "third"])
    }

    @Test(
        "a theme that lacks what a view reads is not applied: the view is not called, and the scope says which tokens")
    func requirementsChecked() throws {
        enum BadgeColor: String, ThemeColorRequirement, CaseIterable {
            case fill = "theme.color.badge.fill"
            var tokenPath: String { rawValue }
        }
        @MainActor
        final class Badge: Themeable {
            typealias ColorRequirement = BadgeColor
            lazy var themeScope = ThemeScope(for: self)
            var fill: String?
            func updateTheme() { fill = color(.fill).hex }
        }
        let branded = try Theme.load(themes: [
            source(##"{"theme": {"color": {"badge": {"fill": {"$type": "color", "$value": "#7c3aed"}}}}}"##)
        ])
        let form = ThemeScope()
        let badges = [Badge(), Badge()]
        for badge in badges { form.addChild(badge.themeScope) }
        form.theme = light
        #expect(badges.allSatisfy { $0.fill == nil && $0.themeScope.effectiveTheme == nil })
        #expect(badges[0].themeScope.themeError?.diagnostics.map(\.message) == ["no token 'theme.color.badge.fill'"])
        #expect(form.effectiveTheme?.identity == light.identity)  // the form reads nothing itself
        form.theme = branded
        #expect(badges.map(\.fill) == ["#7c3aed", "#7c3aed"])
        #expect(badges[0].themeScope.themeError == nil)
        // Rows of one type share one check per theme.
        #expect(branded.storage.checkedRequirements.count == 1)

        // Requirements declared on the form hold for every theme below it, including a row's own.
        form.requirements = ThemeRequirements(BadgeColor.self)
        let row = ThemeScope()
        form.addChild(row)
        row.theme = light
        #expect(row.effectiveTheme == nil)
        #expect(row.themeError?.diagnostics.first?.tokenPath == "theme.color.badge.fill")

        // Requirements set after the themes reach the nodes below that set their own, and dropping them frees them.
        let other = ThemeScope()
        let pinned = ThemeScope()
        other.addChild(pinned)
        pinned.theme = light
        other.requirements = ThemeRequirements(BadgeColor.self)
        #expect(pinned.effectiveTheme == nil)
        #expect(pinned.themeError?.diagnostics.first?.tokenPath == "theme.color.badge.fill")
        other.requirements = ThemeRequirements()
        #expect(pinned.effectiveTheme?.identity == light.identity)
        #expect(pinned.themeError == nil)
    }

    // MARK: Driven by inputs

    /// The bundled resolver document's permutations (mode × contrast).
    static func bundledPermutations() throws -> ThemePermutations {
        ThemePermutations(.bundled())
    }

    @Test("inputs on a form choose the permutation; switching mode updates each following node once, not pinned rows")
    func drivenByInputs() throws {
        let tree = Tree(sections: 3, rows: 10)
        tree.form.permutations = try Self.bundledPermutations()
        #expect(tree.totalUpdates == 1 + 3 + 30)
        #expect(tree.form.effectiveTheme?.color(.design.colors.inputBorder).hex == "#6f7174")
        // One row fixes the mode, another asks for high contrast over whatever mode the form has.
        let pinned = tree.rows[0]
        let contrasted = tree.rows[1]
        pinned.inputs = ["Mode": "light"]
        contrasted.inputs = ["contrast": "high"]
        #expect(tree.updates(of: pinned) == 1)  // same permutation as before: not touched again
        #expect(tree.updates(of: contrasted) == 2)
        tree.updates = [:]

        tree.form.inputs = ["mode": "dark"]
        #expect(tree.updates(of: pinned) == 0)
        #expect(tree.totalUpdates == 1 + 3 + 29)
        #expect(tree.updates.values.allSatisfy { $0 == 1 })
        #expect(tree.rows[2].effectiveTheme?.color(.design.colors.inputBorder).hex == "#8f9194")
        #expect(contrasted.effectiveTheme?.color(Theme.colors.foreground.default).hex == "#ffffff")
        #expect(contrasted.effectiveInputs == ["mode": "dark", "contrast": "high"])
        #expect(pinned.effectiveTheme?.color(.design.colors.inputBorder).hex == "#6f7174")

        // Back to light: the themes are the ones made before, so the pinned row's is the form's again.
        tree.form.inputs = [:]
        #expect(pinned.effectiveTheme?.identity == tree.form.effectiveTheme?.identity)
        // A theme set on a row wins over inputs.
        pinned.theme = dark
        #expect(pinned.effectiveTheme?.identity == dark.identity)
    }

    @Test("inputs that choose no permutation leave the node without a theme and say why")
    func invalidInputs() throws {
        let form = ThemeScope()
        form.permutations = try Self.bundledPermutations()
        let row = ThemeScope()
        form.addChild(row)
        row.inputs = ["mode": "sepia"]
        #expect(row.effectiveTheme == nil)
        #expect(
            row.themeError?.diagnostics.first?.message.hasPrefix(
                "invalid context \"sepia\" for modifier \"mode\"; expected light or dark") == true)
        row.inputs = ["mode": "dark"]
        #expect(row.themeError == nil)
        #expect(row.effectiveTheme != nil)
    }

    @Test("a theme set on a node bounds its subtree: inputs below it do not reach the permutations above")
    func themeBoundsInputs() throws {
        let form = ThemeScope()
        form.inputs = ["mode": "dark"]
        form.permutations = try Self.bundledPermutations()
        let section = ThemeScope(theme: light)
        form.addChild(section)
        let row = ThemeScope()
        section.addChild(row)
        row.inputs = ["contrast": "high"]
        #expect(row.effectiveTheme?.identity == light.identity)
        // Permutations set anew below the theme apply again, with the inputs of every node above (dark, here).
        row.permutations = try Self.bundledPermutations()
        #expect(row.effectiveTheme?.color(Theme.colors.foreground.default).hex == "#ffffff")
        #expect(row.effectiveInputs == ["mode": "dark", "contrast": "high"])
    }

    @Test("a node is told when its inputs' error changes, though it has no theme either way")
    func errorChangesNotify() throws {
        let form = ThemeScope()
        form.permutations = try Self.bundledPermutations()
        let row = ThemeScope()
        form.addChild(row)
        var notified = 0
        row.onThemeChange = { _ in notified += 1 }
        row.inputs = ["mode": "sepia"]
        row.inputs = ["mode": "mauve"]
        #expect(notified == 2)
        #expect(row.themeError?.diagnostics.first?.message.hasPrefix("invalid context \"mauve\"") == true)
        row.inputs = ["mode": "dark"]
        #expect(notified == 3)
        #expect(row.themeError == nil)
    }
}
