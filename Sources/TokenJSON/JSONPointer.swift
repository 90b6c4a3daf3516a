/// The escapes of a JSON Pointer's segments (RFC 6901): `~0` for `~` and `~1` for `/`, so that a name holding
/// either is one segment.
package enum JSONPointer {
    /// A name as one segment of a pointer.
    package static func escaped(_ name: some StringProtocol) -> String {
        String(name).replacingOccurrences("~", "~0").replacingOccurrences("/", "~1")
    }

    /// A segment of a pointer as the name it stands for (`~1` first, so that `~01` is `~1`).
    package static func unescaped(_ segment: some StringProtocol) -> String {
        String(segment).replacingOccurrences("~1", "/").replacingOccurrences("~0", "~")
    }

    /// The pointer, in its URI fragment form, to the member a dotted path names: `a.b` is `#/a/b`.
    package static func fragment(toPath path: String) -> String {
        "#/" + path.split(separator: ".", omittingEmptySubsequences: false).map(escaped).joined(separator: "/")
    }
}
