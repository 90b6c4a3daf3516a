extension ResolvedTheme {
    /// The `$extensions` a group carries, as the last file that writes them has them, and where they are written.
    ///
    /// Tokens carry theirs in ``ResolvedToken/extensions``; this is for settings a whole file or group declares,
    /// such as a theme's contrast level on its root group.
    /// - Parameter path: the group's dotted path; `""` is the root group of the files.
    /// - Returns: nil when no file writes `$extensions` on that group.
    public func groupExtensions(_ path: String) -> (value: JSONValue, location: SourceLocation)? {
        guard let (fileIndex, node) = layers.groups[path]?.extensions else { return nil }
        let file = layers.files[fileIndex]
        return (file.document.value(node), file.location(file.document.offset(node)))
    }
}
