/// Turns a tree's lines into tokens. Every step consumes at least one character, so it always ends.
package struct TreeLexer {
    package static let keywords: Set<String> = [
        "let", "var", "func", "return", "nil", "true", "false", "in", "if", "else", "for", "while",
        "repeat", "switch", "case", "guard", "struct", "class", "enum", "extension", "protocol",
        "import", "defer", "do", "try", "throw", "break", "continue", "actor", "typealias", "inout",
        "await", "async", "static", "init", "self", "Self",
        // Reserved in Swift, so never a name a tree may bind (`let default = 1` does not compile).
        "default", "is", "as", "Any", "where", "fallthrough", "super", "subscript",
        "deinit", "associatedtype", "operator", "precedencegroup", "fileprivate", "private", "public",
        "internal", "open", "sending", "borrowing", "consuming",
    ]
    static let symbolCharacters = Set("=!<>+-*/%&|?^~".utf8)
    static let punctuationCharacters = Set("()[]{},:.\\;@#".utf8)

    /// The tree's UTF-8 bytes, each line followed by "\n"; columns are byte columns, as swiftc counts.
    var bytes: [UInt8]
    var lines: [Int]
    var columns: [Int]
    var index = 0
    /// How many string interpolations enclose the current position.
    var interpolationDepth = 0

    /// An ASCII letter, `_`, or any non-ASCII byte (Swift identifiers may hold Unicode letters).
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || byte == 95 || byte >= 0x80
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// Lexes the lines of a tree body; the location of every byte is its lesson location.
    package static func tokens(_ source: [Line]) throws(TreeLanguageError) -> [Token] {
        var bytes: [UInt8] = []
        var lines: [Int] = []
        var columns: [Int] = []
        for line in source {
            var column = 1
            for byte in line.text.utf8 {
                bytes.append(byte)
                lines.append(line.number)
                columns.append(column)
                column += 1
            }
            bytes.append(UInt8(ascii: "\n"))
            lines.append(line.number)
            columns.append(column)
        }
        var lexer = TreeLexer(bytes: bytes, lines: lines, columns: columns)
        return try lexer.lexAll(until: nil)
    }

    private func location(_ at: Int) -> (line: Int, column: Int) {
        guard !bytes.isEmpty else { return (1, 1) }
        let clamped = min(at, bytes.count - 1)
        return (lines[clamped], columns[clamped])
    }

    private func token(_ kind: Token.Kind, at start: Int) -> Token {
        let position = location(start)
        return Token(kind: kind, line: position.line, column: position.column)
    }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Lexes until the end, or until an unbalanced `)` when lexing an interpolation.
    private mutating func lexAll(until closing: UInt8?) throws(TreeLanguageError) -> [Token] {
        var tokens: [Token] = []
        var parens = 0
        while let byte = peek() {
            let start = index
            if byte == closing && parens == 0 {
                return tokens
            }
            switch byte {
            case UInt8(ascii: "\n"):
                index += 1
                if tokens.last?.kind != .newline { tokens.append(token(.newline, at: start)) }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                try skipBlockComment()
            case UInt8(ascii: "\""):
                tokens.append(try lexString())
            case UInt8(ascii: "$"):
                index += 1
                let digits = index
                while let next = peek(), Self.isDigit(next) { index += 1 }
                guard index > digits, let number = Int(text(digits..<index)) else {
                    throw .unsupported("'$' outside an anonymous closure argument", location(start))
                }
                tokens.append(token(.anonymousArgument(number), at: start))
            case _ where Self.isDigit(byte):
                var digits = ""
                while let next = peek(), Self.isDigit(next) || next == UInt8(ascii: "_") {
                    if next != UInt8(ascii: "_") { digits.unicodeScalars.append(Unicode.Scalar(next)) }
                    index += 1
                }
                if peek() == UInt8(ascii: "."), let after = peek(1), Self.isDigit(after) {
                    throw .unsupported("floating-point literal", location(start))
                }
                if let letter = peek(), Self.isIdentifierStart(letter) {
                    throw .unsupported("number literal '\(text(start..<index + 1))…'", location(start))
                }
                // Past Int.max: `-9223372036854775808` is still a valid Int, and a literal may have
                // another type in context, so only swiftc can say whether it overflows.
                guard let value = Int(digits) else {
                    throw .unsupported(
                        "integer literal \(digits) beyond Int.max (swiftc decides whether it overflows)",
                        location(start))
                }
                tokens.append(token(.integer(value), at: start))
            case _ where Self.isIdentifierStart(byte):
                while let next = peek(), Self.isIdentifierStart(next) || Self.isDigit(next) { index += 1 }
                let word = text(start..<index)
                tokens.append(token(Self.keywords.contains(word) ? .keyword(word) : .identifier(word), at: start))
            case UInt8(ascii: "`"):
                throw .unsupported("backtick-escaped identifier", location(start))
            case _ where Self.punctuationCharacters.contains(byte):
                index += 1
                if byte == UInt8(ascii: "(") { parens += 1 }
                if byte == UInt8(ascii: ")") { parens -= 1 }
                tokens.append(token(.punctuation(String(Unicode.Scalar(byte))), at: start))
            case _ where Self.symbolCharacters.contains(byte):
                var symbol = ""
                while let next = peek(), Self.symbolCharacters.contains(next) {
                    // A lone `!`/`?` is its own token when a postfix (`x!`, `a?.b`); `??` and `!=` are one.
                    symbol.unicodeScalars.append(Unicode.Scalar(next))
                    index += 1
                    if (symbol == "?" && peek() != UInt8(ascii: "?")) || (symbol == "!" && peek() != UInt8(ascii: "="))
                    {
                        break
                    }
                }
                var operatorToken = token(.symbol(symbol), at: start)
                // A comment counts as whitespace around an operator, as Swift reads it (`1/**/+2`).
                operatorToken.spaceBefore =
                    start == 0 || Self.isSpace(bytes[start - 1])
                    || (start >= 2 && bytes[start - 1] == UInt8(ascii: "/") && bytes[start - 2] == UInt8(ascii: "*"))
                operatorToken.spaceAfter =
                    index >= bytes.count || Self.isSpace(bytes[index])
                    || (index + 1 < bytes.count && bytes[index] == UInt8(ascii: "/")
                        && (bytes[index + 1] == UInt8(ascii: "*") || bytes[index + 1] == UInt8(ascii: "/")))
                tokens.append(operatorToken)
            default:
                throw .unsupported("character '\(Unicode.Scalar(byte))'", location(start))
            }
        }
        if closing != nil {
            throw .invalid("unterminated string interpolation", location(bytes.count - 1))
        }
        tokens.append(token(.end, at: max(bytes.count - 1, 0)))
        return tokens
    }

    private mutating func skipBlockComment() throws(TreeLanguageError) {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
        throw .invalid("unterminated block comment", location(start))
    }

    private mutating func lexString() throws(TreeLanguageError) -> Token {
        let start = index
        if peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"") {
            throw .unsupported("multi-line string literal", location(start))
        }
        index += 1
        var segments: [StringSegment] = []
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n") else {
                throw .invalid("unterminated string literal", location(start))
            }
            index += 1
            if byte == UInt8(ascii: "\"") { break }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard let escaped = peek() else { throw .invalid("unterminated string literal", location(start)) }
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "0"): text.append(0)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): text.append(escaped)
            case UInt8(ascii: "("):
                flush()
                guard interpolationDepth < TreeParser.maximumDepth else {
                    throw .limit("nesting deeper than \(TreeParser.maximumDepth) levels", location(index - 2))
                }
                interpolationDepth += 1
                defer { interpolationDepth -= 1 }
                var inner = try lexAll(until: UInt8(ascii: ")"))
                guard peek() == UInt8(ascii: ")") else {
                    throw .invalid("unterminated string interpolation", location(index))
                }
                index += 1
                inner.append(token(.end, at: index - 1))
                segments.append(.interpolation(inner))
            default:
                throw .unsupported("escape sequence '\\\(Unicode.Scalar(escaped))'", location(index - 2))
            }
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(String(decoding: text, as: UTF8.self))) }
        return token(.string(segments), at: start)
    }
}
