@_spi(Engine) import TokenJSON

extension ResolvedTheme {
    /// The `$extensions` a group carries, as the last file that writes them has them, and where they are written.
    ///
    /// Tokens carry theirs in ``ResolvedToken/extensions``; this is for settings a whole file or group declares,
    /// such as a theme's contrast level on its root group.
    /// - Parameter path: the group's dotted path; `""` is the root group of the files.
    /// - Returns: nil when no file writes `$extensions` on that group.
    public func groupExtensions(_ path: String) -> (value: JSONValue, location: SourceLocation)? {
        guard let group = layers.table.node(forPath: path), let (fileIndex, node) = layers.groups[group]?.extensions
        else { return nil }
        let file = layers.files[fileIndex]
        return (file.document.value(node), file.location(file.document.offset(node)))
    }
}

extension ResolvedTheme {
    /// Every `$extensions` a group carries, one for each file that writes them, top-most file first, and where
    /// each is written. ``groupExtensions(_:)`` gives only the first of these: a file that writes `$extensions` on
    /// a group replaces the whole object of the files below, so a setting of one key is found by searching these.
    package func groupExtensionsByFile(_ path: String) -> [(value: JSONValue, location: SourceLocation)] {
        layers.files.reversed().compactMap { file in
            guard let node = file.groups.last(where: { $0.path == path })?.extensionsNode else { return nil }
            return (file.document.value(node), file.location(file.document.offset(node)))
        }
    }
}
