/// Turns a tree's lines into tokens. Every step consumes at least one character, so it always ends.
public struct TreeLexer {
    public static let keywords: Set<String> = [
        "let", "var", "func", "return", "nil", "true", "false", "in", "if", "else", "for", "while",
        "repeat", "switch", "case", "guard", "struct", "class", "enum", "extension", "protocol",
        "import", "defer", "do", "try", "throw", "break", "continue", "actor", "typealias", "inout",
        "await", "async", "static", "init", "self", "Self",
    ]
    static let symbolCharacters: Set<Character> = ["=", "!", "<", ">", "+", "-", "*", "/", "%", "&", "|", "?", "^", "~"]
    static let punctuationCharacters: Set<Character> = ["(", ")", "[", "]", "{", "}", ",", ":", ".", "\\", ";", "@", "#"]

    var chars: [Character]
    var lines: [Int]
    var columns: [Int]
    var index = 0
    /// How many string interpolations enclose the current position.
    var interpolationDepth = 0

    /// A letter or `_`, with an ASCII fast path.
    static func isIdentifierStart(_ char: Character) -> Bool {
        if let ascii = char.asciiValue {
            return (ascii >= 97 && ascii <= 122) || (ascii >= 65 && ascii <= 90) || ascii == 95
        }
        return char.isLetter
    }

    static func isDigit(_ char: Character) -> Bool {
        if let ascii = char.asciiValue { return ascii >= 48 && ascii <= 57 }
        return char.isNumber
    }

    /// Lexes the lines of a tree body; the location of every character is its lesson location.
    public static func tokens(_ source: [Line]) throws(TreeLanguageError) -> [Token] {
        var chars: [Character] = []
        var lines: [Int] = []
        var columns: [Int] = []
        for line in source {
            var column = 1
            for char in line.text {
                chars.append(char)
                lines.append(line.number)
                columns.append(column)
                column += char.utf8.count
            }
            chars.append("\n")
            lines.append(line.number)
            columns.append(column)
        }
        var lexer = TreeLexer(chars: chars, lines: lines, columns: columns)
        return try lexer.lexAll(until: nil)
    }

    private func location(_ at: Int) -> (line: Int, column: Int) {
        guard !chars.isEmpty else { return (1, 1) }
        let clamped = min(at, chars.count - 1)
        return (lines[clamped], columns[clamped])
    }

    private func token(_ kind: Token.Kind, at start: Int) -> Token {
        let where_ = location(start)
        return Token(kind: kind, line: where_.line, column: where_.column)
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < chars.count ? chars[index + offset] : nil
    }

    /// Lexes until the end, or until an unbalanced `)` when lexing an interpolation.
    private mutating func lexAll(until closing: Character?) throws(TreeLanguageError) -> [Token] {
        var tokens: [Token] = []
        var parens = 0
        while let char = peek() {
            let start = index
            if char == closing && parens == 0 {
                return tokens
            }
            if char == "\n" {
                index += 1
                if tokens.last?.kind != .newline { tokens.append(token(.newline, at: start)) }
            } else if char == " " || char == "\t" || char == "\r" {
                index += 1
            } else if char == "/" && peek(1) == "/" {
                while let next = peek(), next != "\n" { index += 1 }
            } else if char == "/" && peek(1) == "*" {
                try skipBlockComment()
            } else if char == "\"" {
                tokens.append(try lexString())
            } else if char == "$" {
                index += 1
                var digits = ""
                while let next = peek(), next.isASCII, next.isNumber { digits.append(next); index += 1 }
                guard let number = Int(digits) else {
                    throw .unsupported("'$' outside an anonymous closure argument", location(start))
                }
                tokens.append(token(.anonymousArgument(number), at: start))
            } else if char.isASCII && char.isNumber {
                var digits = ""
                while let next = peek(), next.isASCII && (next.isNumber || next == "_") {
                    if next != "_" { digits.append(next) }
                    index += 1
                }
                if peek() == ".", let after = peek(1), after.isASCII, after.isNumber {
                    throw .unsupported("floating-point literal", location(start))
                }
                guard let value = Int(digits) else { throw .invalid("integer literal overflows Int", location(start)) }
                tokens.append(token(.integer(value), at: start))
            } else if Self.isIdentifierStart(char) {
                var word = ""
                while let next = peek(), Self.isIdentifierStart(next) || Self.isDigit(next) { word.append(next); index += 1 }
                tokens.append(token(Self.keywords.contains(word) ? .keyword(word) : .identifier(word), at: start))
            } else if char == "`" {
                throw .unsupported("backtick-escaped identifier", location(start))
            } else if Self.punctuationCharacters.contains(char) {
                index += 1
                if char == "(" { parens += 1 }
                if char == ")" { parens -= 1 }
                tokens.append(token(.punctuation(String(char)), at: start))
            } else if Self.symbolCharacters.contains(char) {
                var symbol = ""
                while let next = peek(), Self.symbolCharacters.contains(next) {
                    // `x!` then `==`, or `?` then `.`: a lone `!`/`?` is its own token when a postfix.
                    symbol.append(next)
                    index += 1
                    if (symbol == "?" && peek() != "?") || (symbol == "!" && peek() != "=") { break }
                }
                tokens.append(token(.symbol(symbol), at: start))
            } else {
                throw .unsupported("character '\(char)'", location(start))
            }
        }
        if closing != nil {
            throw .invalid("unterminated string interpolation", location(chars.count - 1))
        }
        tokens.append(token(.end, at: max(chars.count - 1, 0)))
        return tokens
    }

    private mutating func skipBlockComment() throws(TreeLanguageError) {
        let start = index
        var depth = 0
        while index < chars.count {
            if chars[index] == "/" && peek(1) == "*" {
                depth += 1
                index += 2
            } else if chars[index] == "*" && peek(1) == "/" {
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
        if peek(1) == "\"" && peek(2) == "\"" {
            throw .unsupported("multi-line string literal", location(start))
        }
        index += 1
        var segments: [StringSegment] = []
        var text = ""
        while true {
            guard let char = peek(), char != "\n" else {
                throw .invalid("unterminated string literal", location(start))
            }
            index += 1
            if char == "\"" { break }
            guard char == "\\" else {
                text.append(char)
                continue
            }
            guard let escaped = peek() else { throw .invalid("unterminated string literal", location(start)) }
            index += 1
            switch escaped {
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "0": text.append("\0")
            case "\\": text.append("\\")
            case "\"": text.append("\"")
            case "'": text.append("'")
            case "(":
                if !text.isEmpty { segments.append(.text(text)) }
                text = ""
                guard interpolationDepth < TreeParser.maximumDepth else {
                    throw .limit("nesting deeper than \(TreeParser.maximumDepth) levels", location(index - 2))
                }
                interpolationDepth += 1
                defer { interpolationDepth -= 1 }
                var inner = try lexAll(until: ")")
                guard peek() == ")" else { throw .invalid("unterminated string interpolation", location(index)) }
                index += 1
                inner.append(token(.end, at: index - 1))
                segments.append(.interpolation(inner))
            default:
                throw .unsupported("escape sequence '\\\(escaped)'", location(index - 2))
            }
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(text)) }
        return token(.string(segments), at: start)
    }
}
