/// Why a tree cannot be evaluated by the embedded engine, located in the lesson.
package struct TreeLanguageError: Error, Sendable, Equatable {
    /// What the engine does with the tree: hand it to swiftc, or report it.
    package enum Kind: Sendable, Equatable {
        /// Valid Swift, perhaps, but outside the tree language: the toolchain engine can run it.
        case unsupported
        /// Not valid in the tree language or in Swift: a syntax or type error.
        case invalid
        /// The program would crash in Swift (index out of range, unwrapping nil, overflow).
        case trap
        /// The evaluation exceeded a limit of the interpreter (nesting depth, steps): the toolchain
        /// engine, with its own timeout, may still run the tree.
        case limit
        /// The tree printed more than the output cap.
        case outputLimit
        /// Nodes whose parents form a cycle; the core's `ancestors(of:)` would never return.
        case cycle
        /// The caller's `StopToken` stopped the evaluation: it has no result, only a later one.
        case stopped
    }

    package var kind: Kind
    /// The whole message, as the diagnostic or the routing reason shows it.
    package var message: String
    package var position: SyntaxPosition

    package init(_ kind: Kind, _ message: String, at position: SyntaxPosition) {
        self.kind = kind
        self.message = message
        self.position = position
    }

    /// `what` is the construct, as in "unsupported in the tree language: `what`".
    static func unsupported(_ what: String, _ at: (line: Int, column: Int)) -> Self {
        Self(
            .unsupported, "unsupported in the tree language: \(what)",
            at: SyntaxPosition(line: at.line, column: at.column))
    }

    static func invalid(_ message: String, _ at: (line: Int, column: Int)) -> Self {
        Self(.invalid, message, at: SyntaxPosition(line: at.line, column: at.column))
    }

    static func trap(_ message: String, _ at: (line: Int, column: Int)) -> Self {
        Self(.trap, message, at: SyntaxPosition(line: at.line, column: at.column))
    }

    static func limit(_ message: String, _ at: (line: Int, column: Int)) -> Self {
        Self(.limit, message, at: SyntaxPosition(line: at.line, column: at.column))
    }

    static func outputLimit(_ message: String, _ at: (line: Int, column: Int)) -> Self {
        Self(.outputLimit, message, at: SyntaxPosition(line: at.line, column: at.column))
    }

    static func cycle(_ message: String, _ at: (line: Int, column: Int)) -> Self {
        Self(.cycle, message, at: SyntaxPosition(line: at.line, column: at.column))
    }
}
