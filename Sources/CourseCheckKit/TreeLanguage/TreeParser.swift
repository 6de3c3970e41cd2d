/// A hand-written recursive-descent parser for the tree language.
///
/// Every loop either consumes a token or leaves it, and every recursive descent passes through
/// `descend`, which bounds the depth; so no input can hang or overflow the parser. Grammar areas
/// live in extensions: statements, expressions, types.
package struct TreeParser {
    /// How deeply expressions and statements may nest.
    package static let maximumDepth = 64

    var tokens: [Token]
    var index = 0
    var depth = 0

    package init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses a whole tree body.
    package static func parse(_ lines: [Line]) throws(TreeLanguageError) -> [StatementSyntax] {
        var parser = TreeParser(tokens: try TreeLexer.tokens(lines))
        return try parser.parseProgram()
    }

    var current: Token { tokens[min(index, tokens.count - 1)] }
    var position: SyntaxPosition { SyntaxPosition(current) }

    func peek(_ offset: Int) -> Token { tokens[min(index + offset, tokens.count - 1)] }

    mutating func advance() -> Token {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    func isPunctuation(_ text: String) -> Bool { current.kind == .punctuation(text) }
    func isSymbol(_ text: String) -> Bool { current.kind == .symbol(text) }
    func isKeyword(_ text: String) -> Bool { current.kind == .keyword(text) }

    mutating func skipNewlines() {
        while current.kind == .newline { _ = advance() }
    }

    mutating func expectPunctuation(_ text: String, _ what: String) throws(TreeLanguageError) {
        guard isPunctuation(text) else { throw invalid("expected '\(text)' \(what), found \(describe(current))") }
        _ = advance()
    }

    mutating func identifier(_ what: String) throws(TreeLanguageError) -> String {
        guard case .identifier(let name) = current.kind else {
            throw invalid("expected \(what), found \(describe(current))")
        }
        _ = advance()
        return name
    }

    /// Words the lexer keeps as keywords that Swift reads as keywords only in some places: as a
    /// name (`let borrowing = 1`, `func f(actor: Int)`) they are valid Swift.
    static let contextualKeywords: Set<String> = [
        "actor", "async", "await", "open", "sending", "borrowing", "consuming",
    ]

    /// Refuses, with that reason, a contextual keyword where the tree wants `what`.
    func refuseContextualKeyword(_ what: String) throws(TreeLanguageError) {
        if case .keyword(let word) = current.kind, Self.contextualKeywords.contains(word) {
            throw unsupported("'\(word)' as \(what) (a contextual keyword)")
        }
    }

    /// Runs `body` one level deeper, refusing past `maximumDepth`.
    mutating func descend<T>(_ body: (inout TreeParser) throws(TreeLanguageError) -> T) throws(TreeLanguageError) -> T {
        guard depth < Self.maximumDepth else {
            throw .limit("nesting deeper than \(Self.maximumDepth) levels", position.pair)
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    func invalid(_ message: String) -> TreeLanguageError {
        .invalid(message, position.pair)
    }

    func unsupported(_ what: String) -> TreeLanguageError {
        .unsupported(what, position.pair)
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier(let name): "'\(name)'"
        case .keyword(let word): "'\(word)'"
        case .integer(let value): "'\(value)'"
        case .string: "a string literal"
        case .anonymousArgument(let number): "'$\(number)'"
        case .punctuation(let text), .symbol(let text): "'\(text)'"
        case .newline: "the end of the line"
        case .end: "the end of the tree"
        }
    }
}
