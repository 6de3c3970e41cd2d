import Foundation
import InvalidationCore

/// Evaluates a parsed tree. Values flow into the compiled core (`ViewTree`, `ViewNode`, `change`,
/// `countCauses`); the classification rule is never re-implemented here.
///
/// Bounded everywhere: a step budget, a call-depth limit and an output cap stop runaway trees,
/// and a parent-cycle guard runs before any core call that would walk ancestors.
package final class Interpreter {
    /// Bounds on one evaluation.
    package struct Limits: Sendable {
        package var steps = 5_000_000
        package var callDepth = 200
        package var outputBytes = 1 << 20
        /// Polled every 128 steps (a step may copy a long string): the live loop stops a superseded or
        /// over-long evaluation.
        package var stop: StopToken?

        package init() {}
    }

    /// A warning about the tree's shape, at the line that causes it.
    package struct Lint: Sendable, Equatable {
        package var id: DiagnosticID
        package var message: String
        package var position: SyntaxPosition
    }

    /// What an evaluation produced.
    package struct Outcome: Sendable {
        /// Everything printed, by the tree and by the core, in order.
        package var output: String
        /// Why evaluation stopped early, if it did.
        package var failure: TreeLanguageError?
        package var lints: [Lint]
    }

    let limits: Limits
    let buffer = CoreOutput.Buffer()
    var steps = 0
    var callDepth = 0
    var lints: [Lint] = []
    /// Every scope of this evaluation (see `releaseScopes`).
    var scopes: [Scope] = []
    /// Storage keys that no node of their tree reads, with where they were written.
    var unreadKeys: [(key: String, position: SyntaxPosition)] = []
    /// Every key passed to `change`.
    var changedKeys: Set<String> = []
    /// Every expression position `evaluate` entered: code the run never reached was never checked.
    var evaluated: Set<SyntaxPosition> = []

    init(limits: Limits) {
        self.limits = limits
    }

    /// Parses and evaluates `lines`, capturing the core's output. Runs on a large stack (see
    /// `LargeStack`), so the depth limits, not the stack, stop a runaway tree, in debug builds too.
    package static func run(_ lines: [Line], limits: Limits = Limits()) -> Outcome {
        LargeStack.run { evaluate(lines, limits: limits) }
    }

    private static func evaluate(_ lines: [Line], limits: Limits) -> Outcome {
        let interpreter = Interpreter(limits: limits)
        let program: [StatementSyntax]
        do {
            program = try TreeParser.parse(lines)
            try NameResolver.check(program)
        } catch {
            return Outcome(output: "", failure: error, lints: [])
        }
        let failure: TreeLanguageError? = CoreOutput.capture(into: interpreter.buffer) { () -> TreeLanguageError? in
            do throws(TreeLanguageError) {
                _ = try interpreter.execute(program, in: interpreter.makeScope(parent: nil), topLevel: true)
                return nil
            } catch {
                return error
            }
        }
        interpreter.finishLints()
        interpreter.releaseScopes()
        var outcome = Outcome(output: interpreter.buffer.text, failure: failure, lints: interpreter.lints)
        switch failure?.kind {
        case nil, .trap?:
            // Swift type-checks every line before anything runs; the interpreter checks only what
            // it ran. A branch, closure or function body it never reached may hide a compile error.
            // (A parent cycle keeps its finding: the real program would hang, so swiftc could only
            // time out.)
            if let unrun = Unevaluated.first(in: program, evaluated: interpreter.evaluated) {
                outcome.failure = .unsupported(
                    "code that never runs (line \(unrun.line)), which only swiftc type-checks", unrun.pair)
            }
        default:
            break
        }
        return outcome
    }

    // MARK: Statements

    /// Runs statements; returns the value of a `return`, if one ran.
    func execute(_ statements: [StatementSyntax], in scope: Scope, topLevel: Bool = false) throws(TreeLanguageError)
        -> Value?
    {
        var functions: Set<String> = []
        for statement in statements {
            if case .function(let function) = statement.kind {
                // Two functions of one name may be valid overloads in Swift: not the tree language's
                // to judge, so swiftc decides (never "invalid redeclaration" from here).
                guard functions.insert(function.name).inserted else {
                    throw .unsupported(
                        "declares '\(function.name)' twice (overloads, which swiftc decides)", statement.position.pair)
                }
                try declare(
                    function.name, .function(Callable(body: .function(function), scope: scope)), in: scope,
                    at: statement.position)
            }
        }
        for statement in statements {
            try tick(statement.position)
            switch statement.kind {
            case .binding(let name, let type, let expression):
                var value = try evaluate(expression, in: scope, expecting: type)
                if let type { value = try convert(value, to: type, at: expression.position) }
                if case .void = value { throw .invalid("'\(name)' would hold '()'", statement.position.pair) }
                try declare(name, value, in: scope, at: statement.position)
            case .function:
                continue
            case .expression(let expression):
                _ = try evaluate(expression, in: scope, expecting: nil)
            case .returnStatement(let expression):
                if topLevel { throw .invalid("'return' outside a function", statement.position.pair) }
                return try expression.map { (expression) throws(TreeLanguageError) in
                    try evaluate(expression, in: scope, expecting: nil)
                } ?? .void
            }
        }
        return nil
    }

    func declare(_ name: String, _ value: Value, in scope: Scope, at position: SyntaxPosition) throws(TreeLanguageError)
    {
        guard !scope.isDeclaredHere(name) else {
            throw .invalid("invalid redeclaration of '\(name)'", position.pair)
        }
        scope.declare(name, value)
    }

    /// A new scope, remembered so `releaseScopes` can break the cycles closures make with them.
    func makeScope(parent: Scope?) -> Scope {
        let scope = Scope(parent: parent)
        scopes.append(scope)
        return scope
    }

    /// A function stored in a scope captures that scope: empty every scope so none of it leaks.
    func releaseScopes() {
        for scope in scopes { scope.removeAll() }
        scopes.removeAll()
    }

    /// Counts one evaluation step against the budget.
    func tick(_ position: SyntaxPosition) throws(TreeLanguageError) {
        steps += 1
        if steps & 127 == 0, let stop = limits.stop, stop.isStopped {
            throw TreeLanguageError(.stopped, "stopped: a newer text or the loop's time slice", at: position)
        }
        if steps > limits.steps {
            throw .limit(
                "tree ran more than \(limits.steps) evaluation steps; stopped it (does it ever end?)", position.pair)
        }
    }

    /// Appends printed text, refusing past the output cap.
    func emit(_ text: String, at position: SyntaxPosition) throws(TreeLanguageError) {
        buffer.append(text)
        try checkOutput(at: position)
    }

    func checkOutput(at position: SyntaxPosition) throws(TreeLanguageError) {
        if buffer.utf8Count > limits.outputBytes {
            throw .outputLimit(
                "tree printed more than \(ByteSize.describe(limits.outputBytes)); stopped it", position.pair)
        }
    }

    // MARK: Calls

    /// Calls a function or closure with already evaluated arguments.
    func invoke(_ callable: Callable, _ arguments: [Value], at position: SyntaxPosition) throws(TreeLanguageError)
        -> Value
    {
        guard callDepth < limits.callDepth else {
            throw .limit("calls nested deeper than \(limits.callDepth); stopped it (endless recursion?)", position.pair)
        }
        callDepth += 1
        defer { callDepth -= 1 }
        let scope = makeScope(parent: callable.scope)
        switch callable.body {
        case .function(let function):
            guard arguments.count == function.parameters.count else {
                throw .invalid("'\(function.name)' takes \(function.parameters.count) arguments", position.pair)
            }
            for (parameter, argument) in zip(function.parameters, arguments) {
                scope.declare(parameter.name, try convert(argument, to: parameter.type, at: position))
            }
            let result = try runBody(function.body, in: scope, position: position)
            guard let returnType = function.returnType else { return .void }
            guard case .void = result else { return try convert(result, to: returnType, at: position) }
            throw .invalid("missing return in '\(function.name)'", position.pair)
        case .closure(let parameters, let body):
            if parameters.isEmpty {
                for (index, argument) in arguments.enumerated() { scope.declare("$\(index)", argument) }
            } else {
                guard parameters.count == arguments.count else {
                    throw .invalid(
                        "closure takes \(parameters.count) arguments, given \(arguments.count)", position.pair)
                }
                for (name, argument) in zip(parameters, arguments) where name != "_" { scope.declare(name, argument) }
            }
            return try runBody(body, in: scope, position: position)
        }
    }

    /// A body of one expression returns its value, as Swift's single-expression bodies do.
    private func runBody(_ body: [StatementSyntax], in scope: Scope, position: SyntaxPosition) throws(TreeLanguageError)
        -> Value
    {
        if body.count == 1, case .expression(let expression) = body[0].kind {
            try tick(body[0].position)
            return try evaluate(expression, in: scope, expecting: nil)
        }
        return try execute(body, in: scope) ?? .void
    }

    /// Applies a closure or key path (as Swift lets `\.name` stand for `{ $0.name }`).
    func apply(_ function: Value, _ arguments: [Value], at position: SyntaxPosition) throws(TreeLanguageError) -> Value
    {
        switch function {
        case .function(let callable):
            return try invoke(callable, arguments, at: position)
        case .keyPath(let path):
            guard arguments.count == 1 else { throw .invalid("a key path takes one value", position.pair) }
            var value = arguments[0]
            for name in path { value = try member(value, name, at: position) }
            return value
        default:
            throw .invalid("cannot call a value of type \(function.typeName)", position.pair)
        }
    }
}
