extension TreeParser {
    /// Binary operators by precedence, loosest first; each level is left-associative except
    /// comparison, which does not chain.
    static let precedence: [[String]] = [
        ["||"], ["&&"], ["==", "!=", "<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"],
    ]

    mutating func parseExpression() throws(TreeLanguageError) -> ExpressionSyntax {
        try descend { parser throws(TreeLanguageError) in try parser.parseTernary() }
    }

    private mutating func parseTernary() throws(TreeLanguageError) -> ExpressionSyntax {
        let condition = try parseBinary(level: 0)
        guard isSymbol("?") else { return condition }
        _ = advance()
        skipNewlines()
        let then = try parseExpression()
        skipNewlines()
        try expectPunctuation(":", "in the conditional expression")
        skipNewlines()
        let otherwise = try parseExpression()
        return ExpressionSyntax(kind: .ternary(condition, then, otherwise), position: condition.position)
    }

    private mutating func parseBinary(level: Int) throws(TreeLanguageError) -> ExpressionSyntax {
        guard level < Self.precedence.count else { return try parsePrefix() }
        // Precedence levels are a fixed five deep; only real nesting (parentheses, literals,
        // closures, prefix chains) goes through `descend`.
        var left = try parseBinary(level: level + 1)
        while case .symbol(let symbol) = current.kind, Self.precedence[level].contains(symbol) {
            let operatorPosition = position
            if current.spaceBefore != current.spaceAfter {
                throw unsupported(
                    "operator '\(symbol)' with whitespace on one side only (Swift reads it as prefix or postfix)")
            }
            _ = advance()
            skipNewlines()
            let right = try parseBinary(level: level + 1)
            left = ExpressionSyntax(kind: .binary(symbol, left, right), position: operatorPosition)
            if level == 2, case .symbol(let next) = current.kind, Self.precedence[2].contains(next) {
                throw invalid("comparison operators cannot be chained")
            }
        }
        if case .symbol(let symbol) = current.kind, !Self.isKnownContinuation(symbol) {
            throw unsupported("operator '\(symbol)'")
        }
        return left
    }

    private static let binaryOperators = Set(precedence.joined())

    /// Symbols that may follow an operand without being an unsupported operator.
    private static func isKnownContinuation(_ symbol: String) -> Bool {
        binaryOperators.contains(symbol) || symbol == "?" || symbol == "=" || symbol == "->" || symbol == "!"
            || symbol.hasSuffix("=")
    }

    private mutating func parsePrefix() throws(TreeLanguageError) -> ExpressionSyntax {
        if case .symbol(let symbol) = current.kind, symbol == "!" || symbol == "-" {
            // Swift rejects a prefix operator separated from its operand (`- 1`, `! x`).
            if current.spaceAfter {
                throw unsupported("prefix operator '\(symbol)' followed by whitespace (Swift rejects it)")
            }
            let start = position
            _ = advance()
            let operand = try descend { parser throws(TreeLanguageError) in try parser.parsePrefix() }
            return ExpressionSyntax(kind: .prefix(symbol, operand), position: start)
        }
        if case .symbol(let symbol) = current.kind { throw unsupported("prefix operator '\(symbol)'") }
        return try parsePostfix(try parsePrimary())
    }

    /// Member access, calls, trailing closures, subscripts and `!` after an operand.
    private mutating func parsePostfix(_ base: ExpressionSyntax) throws(TreeLanguageError) -> ExpressionSyntax {
        var expression = base
        while true {
            if isPunctuation(".") {
                _ = advance()
                if case .integer = current.kind { throw unsupported("tuple element access") }
                if isKeyword("self") || isKeyword("init") { throw unsupported("'.\(describe(current))'") }
                let name = try identifier("a member name after '.'")
                expression = ExpressionSyntax(kind: .member(expression, name), position: expression.position)
            } else if current.kind == .newline, peekPastNewlines().kind == .punctuation(".") {
                skipNewlines()
            } else if isPunctuation("(") {
                _ = advance()
                let arguments = try parseArguments(closing: ")")
                expression = ExpressionSyntax(kind: .call(expression, arguments), position: expression.position)
            } else if isPunctuation("{") {
                let closure = try parsePrimary()
                if case .call(let callee, var arguments) = expression.kind {
                    arguments.append(ArgumentSyntax(label: nil, value: closure))
                    expression = ExpressionSyntax(kind: .call(callee, arguments), position: expression.position)
                } else {
                    expression = ExpressionSyntax(
                        kind: .call(expression, [ArgumentSyntax(label: nil, value: closure)]),
                        position: expression.position)
                }
            } else if isPunctuation("[") {
                _ = advance()
                let arguments = try parseArguments(closing: "]")
                expression = ExpressionSyntax(
                    kind: .subscriptAccess(expression, arguments), position: expression.position)
            } else if isSymbol("!") {
                _ = advance()
                expression = ExpressionSyntax(kind: .forceUnwrap(expression), position: expression.position)
            } else if isSymbol("?"), peek(1).kind == .punctuation(".") {
                throw unsupported("optional chaining")
            } else {
                return expression
            }
        }
    }

    private func peekPastNewlines() -> Token {
        var offset = 0
        while peek(offset).kind == .newline { offset += 1 }
        return peek(offset)
    }

    /// `label: value, value, ...` up to `closing`, which it consumes.
    private mutating func parseArguments(closing: String) throws(TreeLanguageError) -> [ArgumentSyntax] {
        var arguments: [ArgumentSyntax] = []
        skipNewlines()
        while !isPunctuation(closing) {
            var label: String?
            if case .keyword(let word) = current.kind, peek(1).kind == .punctuation(":") {
                // `f(in: 1)`: Swift takes most keywords as argument labels.
                throw unsupported("'\(word)' as an argument label")
            }
            if case .identifier(let name) = current.kind, peek(1).kind == .punctuation(":") {
                label = name
                _ = advance()
                _ = advance()
                skipNewlines()
            }
            arguments.append(ArgumentSyntax(label: label, value: try parseExpression()))
            skipNewlines()
            if isPunctuation(",") {
                _ = advance()
                skipNewlines()
            } else if !isPunctuation(closing) {
                throw invalid("expected ',' or '\(closing)' in the argument list, found \(describe(current))")
            }
        }
        _ = advance()
        return arguments
    }

    private mutating func parsePrimary() throws(TreeLanguageError) -> ExpressionSyntax {
        let start = position
        let token = current
        switch token.kind {
        case .integer(let value):
            _ = advance()
            return ExpressionSyntax(kind: .integer(value), position: start)
        case .string(let segments):
            _ = advance()
            var parts: [ExpressionSyntax.StringPart] = []
            for segment in segments {
                switch segment {
                case .text(let text):
                    parts.append(.text(text))
                case .interpolation(let tokens):
                    var inner = TreeParser(tokens: tokens)
                    inner.depth = depth
                    let expression = try inner.parseExpression()
                    guard inner.current.kind == .end else {
                        throw inner.invalid("unexpected \(inner.describe(inner.current)) in the interpolation")
                    }
                    parts.append(.interpolation(expression))
                }
            }
            return ExpressionSyntax(kind: .string(parts), position: start)
        case .keyword("true"), .keyword("false"):
            _ = advance()
            return ExpressionSyntax(kind: .boolean(token.kind == .keyword("true")), position: start)
        case .keyword("nil"):
            _ = advance()
            return ExpressionSyntax(kind: .nilLiteral, position: start)
        case .identifier(let name):
            // `consume x`, `copy x`: Swift's ownership operators, contextual keywords before a name.
            if name == "consume" || name == "copy", case .identifier = peek(1).kind {
                throw unsupported("'\(name)' operator")
            }
            _ = advance()
            return ExpressionSyntax(kind: .identifier(name), position: start)
        case .anonymousArgument(let number):
            _ = advance()
            return ExpressionSyntax(kind: .anonymousArgument(number), position: start)
        case .punctuation("."):
            _ = advance()
            let name = try identifier("a member name after '.'")
            return ExpressionSyntax(kind: .implicitMember(name), position: start)
        case .punctuation("("):
            _ = advance()
            skipNewlines()
            let inner = try parseExpression()
            skipNewlines()
            if isPunctuation(",") { throw unsupported("tuple") }
            try expectPunctuation(")", "to close the parenthesis")
            return inner
        case .punctuation("["):
            _ = advance()
            return try parseCollection(start)
        case .punctuation("{"):
            _ = advance()
            return try parseClosure(start)
        case .punctuation("\\"):
            _ = advance()
            guard isPunctuation(".") else { throw unsupported("key path with an explicit root type") }
            var path: [String] = []
            while isPunctuation(".") {
                _ = advance()
                path.append(try identifier("a member name in the key path"))
            }
            return ExpressionSyntax(kind: .keyPath(path), position: start)
        case .keyword("self"), .keyword("Self"):
            throw unsupported("'\(token.kind == .keyword("self") ? "self" : "Self")'")
        case .keyword("try"), .keyword("await"):
            throw unsupported("'\(token.kind == .keyword("try") ? "try" : "await")' expression")
        case .keyword("if"), .keyword("switch"):
            throw unsupported("'if' or 'switch' expression")
        case .keyword(let word):
            if let what = Self.unsupportedStatements[word] { throw unsupported(what) }
            throw invalid("unexpected '\(word)'")
        case .punctuation("#"):
            // `#line`, `#function`, `#fileID`…: their values depend on where the program is compiled.
            if case .identifier(let name) = peek(1).kind { throw unsupported("magic literal '#\(name)'") }
            throw unsupported("compiler directive or raw string")
        default:
            throw invalid("expected an expression, found \(describe(token))")
        }
    }

    /// After `[`: `[]`, `[:]`, `[a, b]` or `[k: v, ...]`.
    private mutating func parseCollection(_ start: SyntaxPosition) throws(TreeLanguageError) -> ExpressionSyntax {
        skipNewlines()
        if isPunctuation(":") {
            _ = advance()
            skipNewlines()
            try expectPunctuation("]", "to close the empty dictionary literal")
            return ExpressionSyntax(kind: .dictionary([]), position: start)
        }
        var elements: [ExpressionSyntax] = []
        var entries: [DictionaryEntrySyntax] = []
        while !isPunctuation("]") {
            let element = try parseExpression()
            skipNewlines()
            if isPunctuation(":") {
                guard elements.isEmpty else { throw invalid("a dictionary entry in an array literal") }
                _ = advance()
                skipNewlines()
                entries.append(DictionaryEntrySyntax(key: element, value: try parseExpression()))
            } else {
                guard entries.isEmpty else { throw invalid("expected ':' in the dictionary literal") }
                elements.append(element)
            }
            skipNewlines()
            if isPunctuation(",") {
                _ = advance()
                skipNewlines()
            } else if !isPunctuation("]") {
                throw invalid("expected ',' or ']' in the collection literal, found \(describe(current))")
            }
        }
        _ = advance()
        return ExpressionSyntax(kind: entries.isEmpty ? .array(elements) : .dictionary(entries), position: start)
    }

    /// After `{`: optional `a, b in`, then statements, then `}`.
    private mutating func parseClosure(_ start: SyntaxPosition) throws(TreeLanguageError) -> ExpressionSyntax {
        skipNewlines()
        var parameters: [String] = []
        if isPunctuation("[") { throw unsupported("closure capture list") }
        if isPunctuation("(") { throw unsupported("parenthesised closure parameters") }
        var offset = 0
        var names: [String] = []
        while case .identifier(let name) = peek(offset).kind {
            names.append(name)
            if peek(offset + 1).kind == .punctuation(",") {
                offset += 2
            } else {
                offset += 1
                break
            }
        }
        if !names.isEmpty, peek(offset).kind == .keyword("in") {
            parameters = names
            index += offset + 1
        }
        let body = try descend { parser throws(TreeLanguageError) in try parser.parseStatements(untilBrace: true) }
        try expectPunctuation("}", "to close the closure")
        return ExpressionSyntax(kind: .closure(parameters: parameters, body: body), position: start)
    }
}
