import Foundation

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
    /// Each non-ASCII name met so far, as first spelled, and its line (see `checkSpelling`).
    var spellings: [String: (spelling: String, line: Int)] = [:]

    /// An ASCII letter, `_`, or any non-ASCII byte (Swift identifiers may hold Unicode letters; which
    /// ones, `isIdentifierScalar` decides).
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || byte == 95 || byte >= 0x80
    }

    /// The non-ASCII scalars swiftc takes in an identifier (its lexer's table, C11 Annex D's ranges;
    /// checked against swiftc 6.3.1 for every scalar of the BMP and each plane's ends). Anything
    /// else (U+00A0, U+0085, U+2028, U+200E, U+FFFE, operator characters such as U+00D7) is not part
    /// of a name: swiftc reads an invalid character, a warned space or an operator there.
    static let identifierRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF, 0x200B...0x200D,
        0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x218F, 0x2460...0x24FF,
        0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F,
        0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8,
    ]

    /// Combining marks swiftc takes inside a name but not at its start.
    static let notInitialRanges: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    /// Whether swiftc takes the non-ASCII `scalar` in an identifier, at its start (`initial`) or after it.
    static func isIdentifierScalar(_ scalar: Unicode.Scalar, initial: Bool) -> Bool {
        let value = scalar.value
        // Planes 1 to 14, each but its last two code points.
        let allowed =
            value >= 0x10000
            ? value < 0xF0000 && value & 0xFFFF <= 0xFFFD : identifierRanges.contains { $0.contains(value) }
        return allowed && !(initial && notInitialRanges.contains { $0.contains(value) })
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

    /// The scalar whose UTF-8 starts at `position`, and its length in bytes (the bytes are valid
    /// UTF-8: they come from `String`s).
    private func scalar(at position: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[position]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length where position + offset < bytes.count {
            value = value << 6 | UInt32(bytes[position + offset] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Swift tells names apart by their Unicode scalars; the tree language keeps them in `String`s,
    /// whose `==`, `Set` and `Dictionary` take canonically equivalent spellings for one (NFC `é`
    /// and NFD `e` + U+0301, KELVIN SIGN and `K`). So that every comparison of names (declarations,
    /// uses, labels, members, key paths, the core's and the library's names) is scalar-exact, a
    /// tree holding two such spellings of one name, or a non-ASCII name equivalent to an ASCII one
    /// (every name the tree language knows is ASCII), is left to swiftc. Only non-ASCII names
    /// come here: two ASCII spellings are equal exactly when their bytes are.
    private mutating func checkSpelling(_ word: String, at start: Int) throws(TreeLanguageError) {
        let line = location(start).line
        func scalars(_ text: String) -> String {
            "with "
                + text.unicodeScalars.filter { !$0.isASCII }.map { Invisible.name($0).prefix { $0 != " " } }
                .joined(separator: " ")
        }
        if let first = spellings[word] {
            guard first.spelling.sameBytes(word) else {
                throw .unsupported(
                    "names '\(word)' (\(scalars(word))) and '\(first.spelling)' (\(scalars(first.spelling)), line "
                        + "\(first.line)), one name to String's == but two to Swift, which matches names by their scalars",
                    location(start))
            }
            return
        }
        let composed = word.precomposedStringWithCanonicalMapping
        if composed.utf8.allSatisfy({ $0 < 0x80 }) {
            throw .unsupported(
                "name '\(word)' (\(scalars(word))), the name '\(composed)' to String's == but another to Swift, "
                    + "which matches names by their scalars", location(start))
        }
        spellings[word] = (word, line)
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
                var ascii = true
                while let next = peek(), Self.isIdentifierStart(next) || Self.isDigit(next) {
                    guard next >= 0x80 else {
                        index += 1
                        continue
                    }
                    let (found, length) = scalar(at: index)
                    guard Self.isIdentifierScalar(found, initial: index == start) else {
                        if index == start {
                            throw .unsupported("character \(Invisible.describe(found))", location(start))
                        }
                        break
                    }
                    ascii = false
                    index += length
                }
                let word = text(start..<index)
                if !ascii { try checkSpelling(word, at: start) }
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
                throw .unsupported("character \(Invisible.describe(scalar(at: start).scalar))", location(start))
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
            // swiftc ends the line at a carriage return, and rejects every other C0 control in a
            // single-line string, a tab included, and DEL; NUL only draws a warning and stays in the text.
            if byte == UInt8(ascii: "\r") { throw .invalid("unterminated string literal", location(start)) }
            if (byte < 0x20 && byte != 0) || byte == 0x7F {
                throw .invalid(
                    "unprintable ASCII character \(Invisible.name(Unicode.Scalar(byte))) in a string literal",
                    location(index - 1))
            }
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
