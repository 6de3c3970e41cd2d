/// Checks, before anything runs, that every name a tree uses is declared where it is used, as
/// Swift's compiler does; evaluation alone would miss names in branches that never run
/// (`false ? notDefined : 1`).
enum NameResolver {
    /// Names the tree language provides without a declaration.
    static let builtins: Set<String> = Interpreter.builtinNames

    static func check(_ program: [StatementSyntax]) throws(TreeLanguageError) {
        var topLevel: Set<String> = []
        for statement in program {
            if case .binding(let name, _, _) = statement.kind { topLevel.insert(name) }
        }
        try statements(program, visible: builtins, globals: topLevel)
    }

    /// Names of Swift's standard library a tree may use that the tree language does not cover;
    /// "cannot find 'String' in scope" would be a false reason for handing such a tree to swiftc.
    static let standardLibrary: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "Bool", "Character", "Array", "Dictionary", "Set", "Optional", "Range", "ClosedRange", "Substring",
        "Mirror", "Result", "Never", "Void", "Any", "AnyObject", "Error", "Unicode", "StaticString", "ObjectIdentifier",
        "KeyValuePairs", "AnyHashable", "Hasher", "ContiguousArray", "ArraySlice", "MemoryLayout", "CollectionOfOne",
        "EmptyCollection", "SystemRandomNumberGenerator", "min", "max", "abs", "zip", "stride", "sequence",
        "repeatElement", "dump", "debugPrint", "type", "assert", "precondition", "fatalError", "assertionFailure",
        "preconditionFailure", "readLine", "swap", "numericCast", "unsafeBitCast", "withExtendedLifetime",
        "isKnownUniquelyReferenced", "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBytes",
    ]

    /// The core's module-scope names (and `print`, which the engine implements): a tree declaring
    /// one is an invalid redeclaration or a shadowing only swiftc can judge.
    static let coreNames: Set<String> = ["Storage", "ViewNode", "Recompute", "ViewTree", "countCauses", "print"]

    /// A block: its functions are visible throughout (Swift hoists them), its `let`s from their
    /// declaration on.
    /// `globals`: the top-level `let`s, which in `main.swift` are globals a function may read even
    /// when they are declared after it (empty outside top-level functions).
    private static func statements(_ list: [StatementSyntax], visible outer: Set<String>, globals: Set<String> = [])
        throws(TreeLanguageError)
    {
        var visible = outer
        for statement in list {
            if case .function(let function) = statement.kind { visible.insert(function.name) }
        }
        for statement in list {
            let declared: String
            switch statement.kind {
            case .binding(let name, _, _): declared = name
            case .function(let function): declared = function.name
            default: continue
            }
            if coreNames.contains(declared) {
                throw .unsupported(
                    "declares '\(declared)', a name the core declares (swiftc decides: redeclaration or shadowing)",
                    statement.position.pair)
            }
        }
        for statement in list {
            switch statement.kind {
            case .binding(let name, _, let value):
                try readingGlobals(globals) { () throws(TreeLanguageError) in try expression(value, visible: visible) }
                visible.insert(name)
            case .function(let function):
                var inner = visible
                var parameters: Set<String> = []
                for parameter in function.parameters {
                    guard parameter.name == "_" || parameters.insert(parameter.name).inserted else {
                        throw .invalid("invalid redeclaration of '\(parameter.name)'", statement.position.pair)
                    }
                    inner.insert(parameter.name)
                }
                do {
                    try statements(function.body, visible: inner)
                } catch let error
                    where error.kind == .invalid
                    && globals.contains(where: { error.message == "cannot find '\($0)' in scope" })
                {
                    // Valid Swift: the real program reads the global (initialised or not, by when
                    // the function runs), which only swiftc orders.
                    throw .unsupported(
                        "function '\(function.name)' reads a top-level name declared after it "
                            + "(\(error.message.dropFirst("cannot find ".count).prefix { $0 != " " }))",
                        error.position.pair)
                }
            case .expression(let value):
                try readingGlobals(globals) { () throws(TreeLanguageError) in try expression(value, visible: visible) }
            case .returnStatement(let value):
                if let value { try expression(value, visible: visible) }
            }
        }
    }

    /// Top-level code reading a global of `main.swift` above its declaration compiles (`print(x)`
    /// then `let x = 5` prints 0: the global is read before its initialiser ran), so "cannot find"
    /// would be a false reason: only swiftc orders the globals.
    private static func readingGlobals(_ globals: Set<String>, _ body: () throws(TreeLanguageError) -> Void)
        throws(TreeLanguageError)
    {
        do {
            try body()
        } catch let error where error.kind == .invalid && error.message.hasPrefix("cannot find '") {
            let name = String(error.message.dropFirst("cannot find '".count).prefix { $0 != "'" })
            guard globals.contains(name) else { throw error }
            throw .unsupported(
                "reads the top-level name '\(name)' above its declaration (a global of main.swift, which swiftc orders)",
                error.position.pair)
        }
    }

    private static func expression(_ node: ExpressionSyntax, visible: Set<String>) throws(TreeLanguageError) {
        switch node.kind {
        case .integer, .boolean, .nilLiteral, .implicitMember, .keyPath, .anonymousArgument:
            return
        case .string(let parts):
            for case .interpolation(let inner) in parts { try expression(inner, visible: visible) }
        case .identifier(let name):
            guard visible.contains(name) else {
                if standardLibrary.contains(name) {
                    throw .unsupported("uses '\(name)', which the tree language does not cover", node.position.pair)
                }
                throw .invalid("cannot find '\(name)' in scope", node.position.pair)
            }
        case .member(let base, _):
            // `Storage.environment` names the core's type.
            if case .identifier("Storage") = base.kind { return }
            try expression(base, visible: visible)
        case .call(let callee, let arguments), .subscriptAccess(let callee, let arguments):
            if case .call = node.kind, case .identifier(let name) = callee.kind, !visible.contains(name),
                standardLibrary.contains(name)
            {
                let labels = arguments.map { ($0.label ?? "_") + ":" }.joined()
                throw .unsupported(
                    "uses \(name)(\(labels)), which the tree language does not cover", node.position.pair)
            }
            if case .member(let base, _) = callee.kind, case .identifier("Storage") = base.kind {
            } else {
                try expression(callee, visible: visible)
            }
            for argument in arguments { try expression(argument.value, visible: visible) }
        case .array(let elements):
            for element in elements { try expression(element, visible: visible) }
        case .dictionary(let entries):
            for entry in entries {
                try expression(entry.key, visible: visible)
                try expression(entry.value, visible: visible)
            }
        case .closure(let parameters, let body):
            var seen: Set<String> = []
            for parameter in parameters where parameter != "_" {
                guard seen.insert(parameter).inserted else {
                    throw .invalid("invalid redeclaration of '\(parameter)'", node.position.pair)
                }
            }
            try statements(body, visible: visible.union(parameters))
        case .binary(_, let left, let right):
            try expression(left, visible: visible)
            try expression(right, visible: visible)
        case .prefix(_, let operand), .forceUnwrap(let operand):
            try expression(operand, visible: visible)
        case .ternary(let condition, let then, let otherwise):
            try expression(condition, visible: visible)
            try expression(then, visible: visible)
            try expression(otherwise, visible: visible)
        }
    }
}
