/// A node of a renderer's tree (a form, a section, a row) that can carry a theme, so a theme set on a form is
/// inherited by its rows and a row can override it.
///
/// When a node's theme changes, ``onThemeChange`` runs once for every node whose effective theme changed, and
/// for no other: the walk goes down from the changed node and stops at nodes that set their own theme. Cost is
/// proportional to the nodes affected, never to the depth times the size (Astro Forms walks up to the form for
/// every row).
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

    /// The theme in effect: this node's own, else the nearest ancestor's.
    public private(set) var effectiveTheme: Theme?

    /// Runs when ``effectiveTheme`` changes: the place for a view's `updateTheme()`.
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

    /// Recomputes effective themes from this node down, notifying each node whose theme changed, once.
    private func propagate(notifying: Bool = true) {
        var pending = [self]
        while let node = pending.popLast() {
            let effective = node.theme ?? node.parent?.effectiveTheme
            guard effective?.identity !== node.effectiveTheme?.identity else { continue }
            node.effectiveTheme = effective
            if notifying { node.onThemeChange?(node) }
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
