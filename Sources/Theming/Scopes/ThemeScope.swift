import DesignTokens

/// A node of a renderer's tree (a form, a section, a row) that can carry a theme, so a theme set on a form is
/// inherited by its rows and a row can override it.
///
/// A node's theme is, in order: the ``theme`` set on it; the permutation its ``inputs`` choose, merged over its
/// ancestors' (`["mode": "dark"]` on the form, `["contrast": "high"]` on one row), among the ``permutations`` set
/// on it or an ancestor below any node with a ``theme`` of its own; or its parent's. Set ``inputs`` before
/// ``permutations`` when setting both, so that the default permutation is not made first for nothing.
///
/// When a node's theme changes, ``onThemeChange`` runs once for every node whose effective theme changed, and
/// for no other: the walk goes down from the changed node and stops at nodes that set their own theme or whose
/// inputs keep the permutation they had (a row that fixes `mode` is not touched when the form switches mode).
/// Cost is proportional to the nodes affected, never to the depth times the size (Astro Forms walks up to the form
/// for every row).
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

    /// The theme in effect: this node's own, else the permutation its inputs choose, else the nearest ancestor's.
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

    /// The inputs in effect: this node's over its ancestors', keys in lower case.
    public private(set) var effectiveInputs: [String: String] = [:]

    /// Why the inputs in effect choose no theme (a context the document does not have, a permutation that does not
    /// resolve); nil when they do, or when no permutations are in effect.
    public private(set) var themeError: DiagnosticError?

    private var effectivePermutations: ThemePermutations?

    /// Runs when ``effectiveTheme`` (or ``themeError``) changes: the place for a view's `updateTheme()`.
    public var onThemeChange: ((ThemeScope) -> Void)?

    public init(theme: Theme? = nil, onThemeChange: ((ThemeScope) -> Void)? = nil) {
        self.theme = theme
        self.effectiveTheme = theme
        self.onThemeChange = onThemeChange
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
        precondition(child !== self && (child.children.isEmpty || !child.isAncestor(of: self)), "a theme scope cannot contain itself")
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

    /// Recomputes effective themes from this node down, notifying each node whose theme (or theme error) changed,
    /// once.
    private func propagate(notifying: Bool = true) {
        var pending = [self]
        while let node = pending.popLast() {
            let parentInputs = node.parent?.effectiveInputs ?? [:]
            // Sorted, so that `Mode` and `mode` on one node merge the same way every time.
            let own = node.inputs.sorted { $0.key < $1.key }.map { ($0.key.lowercased(), $0.value) }
            let inputs = own.isEmpty ? parentInputs : parentInputs.merging(own) { $1 }
            // A theme set on a node bounds its subtree: below it, only permutations set anew apply.
            let source = node.permutations ?? (node.theme == nil ? node.parent?.effectivePermutations : nil)
            var effective = node.theme
            var error: DiagnosticError?
            if effective == nil, let source, node.permutations != nil || !node.inputs.isEmpty {
                switch source.theme(for: inputs) {
                case .success(let theme): effective = theme
                case .failure(let failure): error = failure
                }
            } else if effective == nil {
                effective = node.parent?.effectiveTheme
                error = node.parent?.themeError
            }
            let changed = effective?.identity !== node.effectiveTheme?.identity
                || error?.diagnostics != node.themeError?.diagnostics
            guard changed || inputs != node.effectiveInputs || source !== node.effectivePermutations else { continue }
            node.effectiveTheme = effective
            node.effectiveInputs = inputs
            node.effectivePermutations = source
            node.themeError = error
            if changed, notifying { node.onThemeChange?(node) }
            pending.append(contentsOf: node.children)
        }
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
