/// Why a tree cannot be evaluated by the embedded engine, located in the lesson.
public enum TreeLanguageError: Error, Sendable, Equatable {
    /// Valid Swift, perhaps, but outside the tree language: the toolchain engine can run it.
    case unsupported(String, (line: Int, column: Int))
    /// Not valid in the tree language or in Swift: a syntax or type error.
    case invalid(String, (line: Int, column: Int))
    /// The program would crash in Swift (index out of range, unwrapping nil, overflow).
    case trap(String, (line: Int, column: Int))
    /// The evaluation exceeded a limit of the interpreter (nesting depth, steps): the toolchain
    /// engine, with its own timeout, may still run the tree.
    case limit(String, (line: Int, column: Int))
    /// The tree printed more than the output cap.
    case outputLimit(String, (line: Int, column: Int))
    /// Nodes whose parents form a cycle; the core's `ancestors(of:)` would never return.
    case cycle(String, (line: Int, column: Int))

    public var message: String {
        switch self {
        case .unsupported(let what, _): "unsupported in the tree language: \(what)"
        case .invalid(let what, _), .trap(let what, _), .limit(let what, _), .outputLimit(let what, _), .cycle(let what, _):
            what
        }
    }

    public var position: (line: Int, column: Int) {
        switch self {
        case .unsupported(_, let at), .invalid(_, let at), .trap(_, let at), .limit(_, let at), .outputLimit(_, let at),
            .cycle(_, let at):
            at
        }
    }

    public static func == (lhs: TreeLanguageError, rhs: TreeLanguageError) -> Bool {
        lhs.message == rhs.message && lhs.position == rhs.position && lhs.kindName == rhs.kindName
    }

    var kindName: String {
        switch self {
        case .unsupported: "unsupported"
        case .invalid: "invalid"
        case .trap: "trap"
        case .limit: "limit"
        case .outputLimit: "output limit"
        case .cycle: "cycle"
        }
    }
}
