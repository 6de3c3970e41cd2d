import InvalidationCore

extension Interpreter {
    /// A parameter as the callee declares it: argument label (nil for none) and type.
    typealias Parameter = (label: String?, type: TypeSyntax?)

    func call(
        _ callee: ExpressionSyntax, _ arguments: [ArgumentSyntax], in scope: Scope, expecting: TypeSyntax?,
        at: SyntaxPosition
    )
        throws(TreeLanguageError) -> Value
    {
        switch callee.kind {
        case .identifier(let name):
            if let value = scope.lookup(name) {
                return try callValue(value, arguments, in: scope, at: at)
            }
            return try builtin(name, arguments, in: scope, at: at)
        case .implicitMember(let name):
            return try storageCase(name, arguments: arguments, expecting: expecting, in: scope, at: at)
        case .member(let base, let name):
            if case .identifier("Storage") = base.kind, scope.lookup("Storage") == nil {
                return try storageCase(name, arguments: arguments, expecting: .named("Storage"), in: scope, at: at)
            }
            return try method(evaluate(base, in: scope, expecting: nil), name, arguments, in: scope, at: at)
        default:
            return try callValue(evaluate(callee, in: scope, expecting: nil), arguments, in: scope, at: at)
        }
    }

    /// Calls a function value with its declared labels and types.
    private func callValue(_ value: Value, _ arguments: [ArgumentSyntax], in scope: Scope, at: SyntaxPosition)
        throws(TreeLanguageError) -> Value
    {
        guard case .function(let callable) = value else {
            throw .invalid("cannot call a value of type \(value.typeName)", at.pair)
        }
        switch callable.body {
        case .function(let function):
            let parameters = function.parameters.map { Parameter(label: $0.label, type: $0.type) }
            let values = try evaluateArguments(arguments, parameters, name: function.name, in: scope, at: at)
            return try invoke(callable, values, at: at)
        case .closure:
            var values: [Value] = []
            for argument in arguments {
                guard argument.label == nil else { throw .invalid("closure arguments take no labels", at.pair) }
                values.append(try evaluate(argument.value, in: scope, expecting: nil))
            }
            return try invoke(callable, values, at: at)
        }
    }

    /// Evaluates arguments against a signature: labels must match in order, values convert to the types.
    func evaluateArguments(
        _ arguments: [ArgumentSyntax], _ parameters: [Parameter], name: String, in scope: Scope, at: SyntaxPosition
    )
        throws(TreeLanguageError) -> [Value]
    {
        let given = arguments.map { $0.label ?? "_" }
        let wanted = parameters.map { $0.label ?? "_" }
        guard given == wanted else {
            if let misplaced = Self.misplacedArgument(given, wanted) {
                throw .invalid(misplaced.message, arguments[misplaced.index].value.position.pair)
            }
            let signature = "\(name)(\(wanted.map { $0 + ":" }.joined()))"
            throw .invalid("wrong arguments for \(signature): given (\(given.map { $0 + ":" }.joined()))", at.pair)
        }
        var values: [Value] = []
        for (argument, parameter) in zip(arguments, parameters) {
            var value = try evaluate(argument.value, in: scope, expecting: parameter.type)
            if let type = parameter.type { value = try convert(value, to: type, at: argument.value.position) }
            values.append(value)
        }
        return values
    }

    /// What Swift says of labels given out of their declaration's order or more often than
    /// declared, when that is what is wrong, and the index of the argument it is about: `given` and
    /// `wanted` are labels, `_` for none. Swift takes arguments in the order of the parameters, each
    /// once (a defaulted one may be left out, a variadic one takes several unlabelled values, but
    /// none moves or repeats).
    static func misplacedArgument(_ given: [String], _ wanted: [String]) -> (message: String, index: Int)? {
        func name(_ label: String, at index: Int) -> String {
            label == "_" ? "unnamed argument #\(index + 1)" : "argument '\(label)'"
        }
        for (index, label) in given.enumerated() where label != "_" {
            if given[...index].count(where: { $0 == label }) > wanted.count(where: { $0 == label }),
                wanted.contains(label)
            {
                return ("extra argument '\(label)' in call", index)
            }
        }
        guard given.sorted() == wanted.sorted() else { return nil }
        // The first place where they differ wants a parameter that the call gives later.
        guard let place = given.indices.first(where: { given[$0] != wanted[$0] }),
            let later = given[(place + 1)...].firstIndex(of: wanted[place])
        else { return nil }
        return ("\(name(wanted[place], at: later)) must precede \(name(given[place], at: place))", later)
    }

    // MARK: Builtins and the core

    private func builtin(_ name: String, _ arguments: [ArgumentSyntax], in scope: Scope, at: SyntaxPosition)
        throws(TreeLanguageError) -> Value
    {
        switch name {
        case "print":
            return try printCall(arguments, in: scope, at: at)
        case "ViewNode":
            let values = try evaluateArguments(
                arguments,
                [(nil, .named("String")), ("parent", .optional(.named("String"))), ("reads", .set(.named("String")))],
                name: name, in: scope, at: at)
            guard case .string(let nodeName) = values[0], case .optional(let parent) = values[1],
                case .set(let reads) = values[2]
            else { throw .invalid("wrong argument types for ViewNode", at.pair) }
            var parentName: String?
            if case .string(let text)? = parent { parentName = text }
            return .node(CoreNode(nodeName, parent: parentName, reads: Set(reads.allStrings ?? [])), origin: at)
        case "ViewTree":
            let values = try evaluateArguments(
                arguments,
                [("nodes", .array(.named("ViewNode"))), ("storage", .dictionary(.named("String"), .named("Storage")))],
                name: name, in: scope, at: at)
            guard case .array(let nodeValues) = values[0], case .dictionary(let entries) = values[1] else {
                throw .invalid("wrong argument types for ViewTree", at.pair)
            }
            var nodes: [CoreNode] = []
            var origins: [SyntaxPosition] = []
            for case .node(let node, let origin) in nodeValues {
                nodes.append(node)
                origins.append(origin)
            }
            var storage: [String: CoreStorage] = [:]
            for entry in entries {
                if case .string(let key) = entry.key, case .storage(let kind) = entry.value { storage[key] = kind }
            }
            lintTree(nodes, origins: origins, storage: entries, at: at)
            return .tree(CoreTree(nodes: nodes, storage: storage), nodeOrigins: origins)
        case "Recompute":
            let values = try evaluateArguments(
                arguments, [("view", .named("String")), ("cause", .named("String"))], name: name, in: scope, at: at)
            guard case .string(let view) = values[0], case .string(let cause) = values[1] else {
                throw .invalid("wrong argument types for Recompute", at.pair)
            }
            return .recompute(CoreRecompute(view: view, cause: cause))
        case "countCauses":
            let values = try evaluateArguments(
                arguments, [(nil, .array(.named("Recompute")))], name: name, in: scope, at: at)
            guard case .array(let items) = values[0] else { throw .invalid("countCauses needs [Recompute]", at.pair) }
            coreCountCauses(items.compactMap { if case .recompute(let value) = $0 { value } else { nil } })
            try checkOutput(at: at)
            return .void
        default:
            throw .invalid("cannot find '\(name)' in scope", at.pair)
        }
    }

    /// `print(items..., separator:, terminator:)`, formatted as Swift formats it.
    private func printCall(_ arguments: [ArgumentSyntax], in scope: Scope, at: SyntaxPosition) throws(TreeLanguageError)
        -> Value
    {
        var items: [String] = []
        var separator = " "
        var terminator = "\n"
        var seenLabel = false
        // `print(_ items: Any..., separator: String = " ", terminator: String = "\n")`: the labels,
        // when given, in that order and once each (Swift rejects `terminator:` before `separator:`).
        let labelled = arguments.filter { $0.label != nil }
        let labels = labelled.map { $0.label! }
        if let misplaced = Self.misplacedArgument(labels, ["separator", "terminator"].filter(labels.contains)) {
            throw .invalid(misplaced.message, labelled[misplaced.index].value.position.pair)
        }
        for argument in arguments {
            switch argument.label {
            case nil where !seenLabel:
                let value = try evaluate(argument.value, in: scope, expecting: nil)
                if case .void = value { throw .unsupported("printing '()'", argument.value.position.pair) }
                items.append(try ValueFormatter.description(value, at: argument.value.position))
            case "separator"?, "terminator"?:
                seenLabel = true
                guard case .string(let text) = try evaluate(argument.value, in: scope, expecting: .named("String"))
                else {
                    throw .invalid("\(argument.label!) must be a String", argument.value.position.pair)
                }
                if argument.label == "separator" { separator = text } else { terminator = text }
            default:
                throw .invalid("wrong arguments for print(_:separator:terminator:)", at.pair)
            }
        }
        try emit(items.joined(separator: separator) + terminator, at: at)
        return .void
    }

    /// `.environment`, `.state(owner:)`, `.model(object:)`, or the same after `Storage`.
    func storageCase(
        _ name: String, arguments: [ArgumentSyntax], expecting: TypeSyntax?, in scope: Scope, at: SyntaxPosition
    )
        throws(TreeLanguageError) -> Value
    {
        var context = expecting
        if case .optional(let wrapped)? = context { context = wrapped }
        guard context == .named("Storage") else {
            throw .invalid("cannot infer the type of '.\(name)' here", at.pair)
        }
        switch name {
        case "environment":
            guard arguments.isEmpty else { throw .invalid("'.environment' takes no arguments", at.pair) }
            return .storage(.environment)
        case "state", "model":
            let label = name == "state" ? "owner" : "object"
            let values = try evaluateArguments(arguments, [(label, .named("String"))], name: name, in: scope, at: at)
            guard case .string(let text) = values[0] else { throw .invalid("'.\(name)' needs a String", at.pair) }
            return .storage(name == "state" ? .state(owner: text) : .model(object: text))
        default:
            throw .invalid("type 'Storage' has no case '\(name)'", at.pair)
        }
    }

    func treeMethod(
        _ tree: CoreTree, origins: [SyntaxPosition], _ name: String, _ arguments: [ArgumentSyntax], in scope: Scope,
        at: SyntaxPosition
    )
        throws(TreeLanguageError) -> Value
    {
        switch name {
        case "change":
            let values = try evaluateArguments(
                arguments, [(nil, .named("String")), ("key", .named("String"))], name: name, in: scope, at: at)
            guard case .string(let label) = values[0], case .string(let key) = values[1] else {
                throw .invalid("wrong argument types for change(_:key:)", at.pair)
            }
            for node in tree.nodes where node.reads.contains(key) {
                try guardCause(of: node, key: key, tree, origins: origins)
            }
            changedKeys.insert(key)
            let recomputes = tree.change(label, key: key)
            try checkOutput(at: at)
            return .array(recomputes.map(Value.recompute))
        case "ancestors":
            let values = try evaluateArguments(arguments, [("of", .named("String"))], name: name, in: scope, at: at)
            guard case .string(let node) = values[0] else { throw .invalid("ancestors(of:) needs a String", at.pair) }
            try guardAncestors(of: node, tree, origins: origins)
            return .array(tree.ancestors(of: node).map(Value.string))
        case "cause":
            let values = try evaluateArguments(
                arguments, [("of", .named("ViewNode")), ("key", .named("String"))], name: name, in: scope, at: at)
            guard case .node(let node, _) = values[0], case .string(let key) = values[1] else {
                throw .invalid("wrong argument types for cause(of:key:)", at.pair)
            }
            try guardCause(of: node, key: key, tree, origins: origins)
            return .string(tree.cause(of: node, key: key))
        default:
            throw .invalid("value of type ViewTree has no method '\(name)'", at.pair)
        }
    }

    // MARK: Guards and lints

    /// The core's `ancestors(of:)` follows parents through the first node of each name and never
    /// stops on a cycle. Before a call would walk ancestors from `name`, walk them here, bounded, and
    /// stop at the first node of the cycle.
    func guardAncestors(of name: String, _ tree: CoreTree, origins: [SyntaxPosition]) throws(TreeLanguageError) {
        let nodes = tree.nodes
        func firstIndex(_ name: String) -> Int? { nodes.firstIndex { $0.name == name } }
        var path: [String] = [name]
        var current = firstIndex(name).flatMap { nodes[$0].parent }
        while let next = current {
            if let start = path.firstIndex(of: next) {
                let cycle = Array(path[start...]) + [next]
                let origin = firstIndex(next).map { origins[$0] } ?? origins[0]
                throw .cycle(
                    "parent cycle \(cycle.joined(separator: " → ")); the core's ancestors(of:) would never return",
                    origin.pair)
            }
            path.append(next)
            current = firstIndex(next).flatMap { nodes[$0].parent }
        }
    }

    /// `cause(of:key:)` walks ancestors only for a state key the node does not own.
    func guardCause(of node: CoreNode, key: String, _ tree: CoreTree, origins: [SyntaxPosition])
        throws(TreeLanguageError)
    {
        guard let storage = tree.storage[key], storage.parts.name == "state", storage.parts.argument != node.name else {
            return
        }
        try guardAncestors(of: node.name, tree, origins: origins)
    }

    /// Warnings about a tree's shape, each at the line that causes it.
    func lintTree(_ nodes: [CoreNode], origins: [SyntaxPosition], storage: [Value.DictionaryEntry], at: SyntaxPosition)
    {
        var firstLine: [String: Int] = [:]
        let names = Set(nodes.map(\.name))
        for (node, origin) in zip(nodes, origins) {
            if let line = firstLine[node.name] {
                lint(
                    .duplicateNode,
                    "duplicate node name '\(node.name)' (first at line \(line)); the core only finds the first", origin)
            } else {
                firstLine[node.name] = origin.line
            }
            if let parent = node.parent, !names.contains(parent) {
                lint(.unknownParent, "parent '\(parent)' of '\(node.name)' is not a node of this tree", origin)
            }
        }
        let read = nodes.reduce(into: Set<String>()) { $0.formUnion($1.reads) }
        for entry in storage {
            if case .string(let key) = entry.key, !read.contains(key) {
                unreadKeys.append((key, entry.origin ?? at))
            }
        }
    }

    /// Storage keys no node reads are reported only if the tree never changes them either: changing
    /// an unread key is a measurement ("nobody recomputes"), an unread, unchanged key is a typo.
    func finishLints() {
        for (key, position) in unreadKeys where !changedKeys.contains(key) {
            lint(.unreadStorageKey, "storage key '\(key)' is read by no node and changed by no 'change' call", position)
        }
    }

    private func lint(_ id: DiagnosticID, _ message: String, _ position: SyntaxPosition) {
        let finding = Lint(id: id, message: message, position: position)
        if !lints.contains(finding) { lints.append(finding) }
    }
}
