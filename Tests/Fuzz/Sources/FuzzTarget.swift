/// One thing the fuzzer feeds bytes to: a name for `Tests/Fuzz/run`, and a body that reads the bytes the way a user's
/// file would be read and traps (``require(_:_:)``) when what it reads breaks a property that holds for every input.
///
/// Crashes, hangs and memory beyond libFuzzer's limit are findings as well; an input that is merely refused, with a
/// diagnostic, is not.
struct FuzzTarget: Sendable {
    var name: String
    var body: @Sendable ([UInt8]) -> Void

    /// Every target, in the order `run --list` gives them.
    static let all: [FuzzTarget] = [
        json(.json), json(.jsonc), json(.json5),
        tokens, tokensStudio, resolverDocument,
        expression, cssColor, componentSchema,
        differential,
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// A property every input must keep: a failure is a finding, reported as a trap so that libFuzzer saves the input.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("property broken: \(message())")
    }
}
