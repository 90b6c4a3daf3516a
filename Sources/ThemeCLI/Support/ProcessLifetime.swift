/// Values a command keeps alive until its process exits.
///
/// The `theme` tool exits as soon as a command returns, and the operating system takes back a process's memory
/// in one go; freeing a resolved theme first, object by object, is wasted work (~7 % of the instructions of
/// `theme resolve` on 10k tokens).
/// Commands call this only when ``CommandEnvironment/exitsAfterCommand`` is set, so in-process callers (the
/// tests) free everything as usual.
enum ProcessLifetime {
    /// Keeps `value` from ever being freed.
    static func keepUntilExit<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Box(value))
    }

    private final class Box<Content> {
        let content: Content
        init(_ content: Content) { self.content = content }
    }
}
