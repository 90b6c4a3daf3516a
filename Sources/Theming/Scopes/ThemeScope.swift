import DesignTokens

/// A node of a renderer's tree (a form, a section, a row) that can carry a theme, so a theme set on a form is
/// inherited by its rows and a row can override it.
///
/// A node's theme is, in order: the ``theme`` set on it; the permutation its ``inputs`` choose, merged over its
/// ancestors' (`["mode": "dark"]` on the form, `["contrast": "high"]` on one row), among the ``permutations`` set
/// on it or an ancestor below any node with a ``theme`` of its own; or its parent's. Set ``inputs`` before
/// ``permutations`` when setting both, so that the default permutation is not made first for nothing.
///
/// A theme must meet the requirements in effect at a node: its own ``requirements``, those of the ``Themeable``
/// view that owns it (``init(for:)``), and its ancestors'. Each theme is checked once per requirement set, however
/// many nodes declare it. A theme that does not meet them is not applied: the node has no theme, and
/// ``themeError`` lists every token missing.
///
/// When a node's theme changes, it is told once for every node whose effective theme changed, and for no other:
/// its owner's ``Themeable/updateTheme()`` runs (when a theme is in effect), then ``onThemeChange``. The walk goes
/// down from the changed node, depth first, a node before its children and children in the order they were added,
/// and stops at nodes that set their own theme or whose inputs keep the permutation they had (a row that fixes
/// `mode` is not touched when the form switches mode). Cost is proportional to the nodes affected, never to the
/// depth times the size (Astro Forms walks up to the form for every row).
///
/// Scopes belong to the main actor, like the views that own them.
@MainActor
public final class ThemeScope {
    public private(set) weak var parent: ThemeScope?
    public private(set) var children: [ThemeScope] = []

    /// The theme set on this node, or nil to inherit its parent's.
    public var theme: Theme? {
        didSet { propagate() }
    }

    /// The theme in effect: this node's own, else the permutation its inputs choose, else the nearest ancestor's;
    /// nil when none meets the requirements in effect (``themeError`` says why).
    public private(set) var effectiveTheme: Theme?

    /// The contexts this node chooses for modifiers of the ``permutations`` in effect (`["mode": "dark"]`), over
    /// those its ancestors choose; keys match without regard to case.
    public var inputs: [String: String] = [:] {
        didSet { propagate() }
    }

    /// The permutations this node and those below it take their themes from by ``inputs``, unless one of them
    /// sets its own.
    public var permutations: ThemePermutations? {
        didSet { propagate() }
    }

    /// The tokens this node and those below it read, which every theme in effect here must have: a renderer declares
    /// them once, on its form.
    public var requirements = ThemeRequirements() {
        didSet { propagate(wholeSubtree: true) }
    }

    /// The inputs in effect: this node's over its ancestors', keys in lower case.
    public private(set) var effectiveInputs: [String: String] = [:]

    /// Why this node has no theme: the inputs in effect choose none (a context the document does not have, a
    /// permutation that does not resolve), or the theme lacks tokens the requirements in effect name; nil when it
    /// has one, or when nothing gives it one.
    public private(set) var themeError: DiagnosticError?

    private var effectivePermutations: ThemePermutations?

    /// Runs when ``effectiveTheme`` (or ``themeError``) changes, after the owner's ``Themeable/updateTheme()``.
    public var onThemeChange: ((ThemeScope) -> Void)?

    /// The owning view's ``Themeable/updateTheme()``, holding the view weakly.
    private var updateOwner: (() -> Void)?
    /// What the owning view's requirement types read.
    private var ownerRequirements = ThemeRequirements()

    /// What each type of view reads: made once per type, so that every row of a form shares one requirement set,
    /// which a theme is checked against once.
    private static var requirementsOfViews: [ObjectIdentifier: ThemeRequirements] = [:]

    public init(theme: Theme? = nil, onThemeChange: ((ThemeScope) -> Void)? = nil) {
        self.theme = theme
        self.effectiveTheme = theme
        self.onThemeChange = onThemeChange
    }

    /// The scope of a view: it checks every theme in effect against the view's requirement types (those that are
    /// `CaseIterable`, every case) and calls the view's ``Themeable/updateTheme()`` when the theme changes. It holds
    /// the view weakly; the view holds it, as `lazy var themeScope = ThemeScope(for: self)`.
    public convenience init<View: Themeable>(for view: View) {
        self.init()
        let type = ObjectIdentifier(View.self)
        if let known = Self.requirementsOfViews[type] {
            ownerRequirements = known
        } else {
            ownerRequirements = ThemeRequirements.of(View.self)
            Self.requirementsOfViews[type] = ownerRequirements
        }
        updateOwner = { [weak view] in view?.updateTheme() }
    }

    /// Releases the subtree iteratively, so that a very deep tree cannot overflow the stack with nested deinits.
    /// Children still held elsewhere outlive this node: they lose the theme they inherited, without a call to
    /// ``onThemeChange``, since the views that own them are usually being released too.
    isolated deinit {
        var pending = children
        children = []
        while var node = pending.popLast() {
            if isKnownUniquelyReferenced(&node) {
                pending.append(contentsOf: node.children)
                node.children = []
            } else {
                node.parent = nil
                node.propagate(notifying: false)
            }
        }
    }

    /// Adds a child, moving it from its old parent; it and its subtree inherit this node's theme. Each node whose
    /// theme changes by the move is notified once. Costs the size of the child's subtree, the number of its old
    /// siblings, and this node's depth when the child has children of its own (to refuse a cycle).
    public func addChild(_ child: ThemeScope) {
        guard child.parent !== self else { return }
        // A leaf cannot contain this node unless it is this node; only subtrees need the walk up.
        precondition(
            child !== self && (child.children.isEmpty || !child.isAncestor(of: self)),
            "a theme scope cannot contain itself")
        child.detach()
        child.parent = self
        children.append(child)
        child.propagate()
    }

    /// Detaches this node from its parent; it and its subtree keep only the themes they set themselves. Costs
    /// the number of its siblings, plus the nodes whose theme changes.
    public func removeFromParent() {
        guard parent != nil else { return }
        detach()
        propagate()
    }

    private func detach() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Recomputes effective themes from this node down, depth first in the order of adding, notifying each node
    /// whose theme (or theme error) changed, once.
    /// With `wholeSubtree`, every node below is recomputed, even below one whose own result is unchanged: new
    /// requirements hold for the nodes below that set their own themes too.
    private func propagate(notifying: Bool = true, wholeSubtree: Bool = false) {
        var pending = [self]
        while let node = pending.popLast() {
            let parentInputs = node.parent?.effectiveInputs ?? [:]
            let inputs: [String: String]
            if node.inputs.isEmpty {
                inputs = parentInputs
            } else {
                // Sorted, so that `Mode` and `mode` on one node merge the same way every time.
                let own = node.inputs.sorted { $0.key < $1.key }.map { ($0.key.lowercased(), $0.value) }
                inputs = parentInputs.merging(own) { $1 }
            }
            // A theme set on a node bounds its subtree: below it, only permutations set anew apply.
            let source = node.permutations ?? (node.theme == nil ? node.parent?.effectivePermutations : nil)
            var effective = node.theme
            var error: DiagnosticError?
            var inherited = false
            if effective == nil, let source, node.permutations != nil || !node.inputs.isEmpty {
                switch source.theme(for: inputs) {
                case .success(let theme): effective = theme
                case .failure(let failure): error = failure
                }
            } else if effective == nil {
                effective = node.parent?.effectiveTheme
                error = node.parent?.themeError
                inherited = true
            }
            if let theme = effective, let unmet = node.unmetRequirements(of: theme, inherited: inherited) {
                effective = nil
                error = unmet
            }
            let changed =
                effective?.identity != node.effectiveTheme?.identity
                || error?.diagnostics != node.themeError?.diagnostics
            guard wholeSubtree || changed || inputs != node.effectiveInputs || source !== node.effectivePermutations
            else { continue }
            node.effectiveTheme = effective
            node.effectiveInputs = inputs
            node.effectivePermutations = source
            node.themeError = error
            if changed, notifying {
                if node.effectiveTheme != nil { node.updateOwner?() }
                node.onThemeChange?(node)
            }
            pending.append(contentsOf: node.children.reversed())
        }
    }

    /// Why `theme` does not meet the requirements in effect at this node, or nil. A theme inherited from the parent
    /// met the parent's already, so only this node's own are checked; any other is checked against its ancestors'
    /// too.
    private func unmetRequirements(of theme: Theme, inherited: Bool) -> DiagnosticError? {
        var node: ThemeScope? = self
        while let scope = node {
            for requirements in [scope.requirements, scope.ownerRequirements] where !requirements.isEmpty {
                if let error = theme.check(requirements) { return error }
            }
            node = inherited ? nil : scope.parent
        }
        return nil
    }

    private func isAncestor(of node: ThemeScope) -> Bool {
        var current: ThemeScope? = node
        while let scope = current {
            if scope === self { return true }
            current = scope.parent
        }
        return false
    }
}
