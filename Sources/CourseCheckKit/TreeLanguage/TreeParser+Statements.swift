extension TreeParser {
    /// Keywords that start Swift constructs the tree language leaves to the toolchain engine.
    static let unsupportedStatements: [String: String] = [
        "var": "'var' binding", "for": "'for' statement", "while": "'while' statement",
        "repeat": "'repeat' statement", "if": "'if' statement", "guard": "'guard' statement",
        "switch": "'switch' statement", "struct": "'struct' declaration", "class": "'class' declaration",
        "enum": "'enum' declaration", "extension": "'extension' declaration",
        "protocol": "'protocol' declaration", "actor": "'actor' declaration",
        "typealias": "'typealias' declaration", "import": "'import' declaration", "defer": "'defer' statement",
        "do": "'do' statement", "throw": "'throw' statement", "break": "'break' statement",
        "continue": "'continue' statement", "static": "'static' declaration",
    ]

    /// Contextual keywords that start a declaration when a name or keyword follows on the line
    /// (`final class`, `infix operator`); alone they are ordinary names.
    static let declarationModifiers: Set<String> = [
        "final", "private", "fileprivate", "internal", "public", "open", "package", "indirect", "infix", "prefix",
        "postfix", "lazy", "weak", "unowned", "mutating", "nonisolated", "convenience", "required", "override",
        "dynamic", "operator", "precedencegroup",
    ]

    mutating func parseProgram() throws(TreeLanguageError) -> [StatementSyntax] {
        let statements = try parseStatements(untilBrace: false)
        guard current.kind == .end else { throw invalid("unexpected \(describe(current))") }
        return statements
    }

    /// Statements up to the end of the tree, or up to a closing `}` when `untilBrace`.
    mutating func parseStatements(untilBrace: Bool) throws(TreeLanguageError) -> [StatementSyntax] {
        var statements: [StatementSyntax] = []
        while true {
            // One `;` may end a statement; an empty statement (`;;`, a line starting with `;`) is an
            // error in Swift, so it is left to swiftc.
            var afterStatement = !statements.isEmpty
            while current.kind == .newline || isPunctuation(";") {
                if isPunctuation(";") {
                    guard afterStatement else {
                        throw unsupported("an empty statement (';' with no statement before it)")
                    }
                    afterStatement = false
                } else {
                    afterStatement = false
                }
                _ = advance()
            }
            if current.kind == .end || (untilBrace && isPunctuation("}")) { return statements }
            let start = index
            statements.append(try descend { parser throws(TreeLanguageError) in try parser.parseStatement() })
            guard
                current.kind == .newline || isPunctuation(";") || current.kind == .end
                    || (untilBrace && isPunctuation("}"))
            else {
                throw invalid("expected the end of the statement, found \(describe(current))")
            }
            assert(index > start, "a statement consumed no token")
        }
    }

    mutating func parseStatement() throws(TreeLanguageError) -> StatementSyntax {
        let start = position
        if case .keyword(let word) = current.kind {
            switch word {
            case "let":
                _ = advance()
                return StatementSyntax(kind: try parseBinding(), position: start)
            case "func":
                _ = advance()
                return StatementSyntax(kind: .function(try parseFunction()), position: start)
            case "return":
                _ = advance()
                if current.kind == .newline || current.kind == .end || isPunctuation("}") || isPunctuation(";") {
                    return StatementSyntax(kind: .returnStatement(nil), position: start)
                }
                return StatementSyntax(kind: .returnStatement(try parseExpression()), position: start)
            default:
                if let what = Self.unsupportedStatements[word] { throw unsupported(what) }
            }
        }
        // `private`, `public`… are keywords to the lexer, `final`, `lazy`… names: both modify a declaration.
        if case .identifier(let word) = current.kind, Self.declarationModifiers.contains(word) {
            switch peek(1).kind {
            case .identifier(let next), .keyword(let next): throw unsupported("'\(word) \(next)' declaration")
            default: break
            }
        }
        if case .keyword(let word) = current.kind, Self.declarationModifiers.contains(word) {
            switch peek(1).kind {
            case .identifier(let next), .keyword(let next): throw unsupported("'\(word) \(next)' declaration")
            default: break
            }
        }
        if isPunctuation("@") { throw unsupported("attribute") }
        if isPunctuation("#") { throw unsupported("compiler directive") }
        let expression = try parseExpression()
        if case .symbol(let symbol) = current.kind, symbol.hasSuffix("=") && !["==", "!=", "<=", ">="].contains(symbol)
        {
            throw unsupported(symbol == "=" ? "assignment" : "operator '\(symbol)'")
        }
        return StatementSyntax(kind: .expression(expression), position: start)
    }

    /// `let name (: Type)? = value`, after `let`.
    mutating func parseBinding() throws(TreeLanguageError) -> StatementSyntax.Kind {
        if isPunctuation("(") { throw unsupported("tuple pattern") }
        if current.kind == .identifier("_") { throw unsupported("'_' binding") }
        try refuseContextualKeyword("a name")
        let name = try identifier("a name after 'let'")
        var type: TypeSyntax?
        if isPunctuation(":") {
            _ = advance()
            type = try parseType()
        }
        guard isSymbol("=") else {
            if isPunctuation(",") { throw unsupported("several bindings in one 'let'") }
            throw invalid("expected '=' after 'let \(name)', found \(describe(current))")
        }
        _ = advance()
        skipNewlines()
        let value = try parseExpression()
        if isPunctuation(",") { throw unsupported("several bindings in one 'let'") }
        return .binding(name: name, type: type, value: value)
    }

    /// `name(label name: Type, ...) -> Type { body }`, after `func`.
    mutating func parseFunction() throws(TreeLanguageError) -> FunctionSyntax {
        try refuseContextualKeyword("a function name")
        let name = try identifier("a function name")
        if isSymbol("<") { throw unsupported("generic function") }
        try expectPunctuation("(", "to open the parameter list")
        var parameters: [ParameterSyntax] = []
        skipNewlines()
        while !isPunctuation(")") {
            parameters.append(try parseParameter())
            skipNewlines()
            if isPunctuation(",") {
                _ = advance()
                skipNewlines()
            } else if !isPunctuation(")") {
                throw invalid("expected ',' or ')' in the parameter list, found \(describe(current))")
            }
        }
        _ = advance()
        if isKeyword("async") { throw unsupported("'async' function") }
        if current.kind == .identifier("throws") || current.kind == .identifier("rethrows") {
            throw unsupported("throwing function")
        }
        var returnType: TypeSyntax?
        if isSymbol("->") {
            _ = advance()
            returnType = try parseType()
        }
        try expectPunctuation("{", "to open the function body")
        let body = try parseStatements(untilBrace: true)
        try expectPunctuation("}", "to close the function body")
        return FunctionSyntax(name: name, parameters: parameters, returnType: returnType, body: body)
    }

    /// `label name: Type`, `_ name: Type` or `name: Type`.
    mutating func parseParameter() throws(TreeLanguageError) -> ParameterSyntax {
        var label: String?
        var name: String
        if case .keyword(let word) = current.kind, case .identifier = peek(1).kind {
            // `func f(in x: Int)`: Swift takes most keywords as argument labels.
            throw unsupported("'\(word)' as an argument label")
        }
        try refuseContextualKeyword("a parameter name")
        if case .identifier("_") = current.kind {
            _ = advance()
            try refuseContextualKeyword("a parameter name")
            name = try identifier("a parameter name after '_'")
        } else {
            name = try identifier("a parameter name")
            label = name
            if case .identifier(let local) = current.kind {
                _ = advance()
                name = local
            }
        }
        try expectPunctuation(":", "after the parameter name")
        if isKeyword("inout") { throw unsupported("'inout' parameter") }
        let type = try parseType()
        if isSymbol("=") { throw unsupported("default argument") }
        if isPunctuation(".") { throw unsupported("variadic parameter") }
        return ParameterSyntax(label: label, name: name, type: type)
    }
}
