// Apple platforms only: there every app has Foundation, and `localizedDescription` is how errors are shown. On
// Linux, Foundation cannot be linked into the static `theme` executable, and the engine does without it.
#if canImport(Darwin)
    import Foundation

    extension DiagnosticError: LocalizedError {
        /// The diagnostics as the `theme` tool prints them (``description``).
        public var errorDescription: String? { description }
    }
#endif
