/// Splits a tree's Swift source into its top-level items, so the merged program can hoist
/// imports to file scope and type declarations into the tree's namespace.
///
/// A small state machine tracks braces outside strings, interpolations and comments; every step
/// consumes at least one character, so any input ends.
package enum TopLevelItems {
    package enum Kind: Sendable, Hashable {
        /// `import Module`: hoisted to the merged file's scope.
        case importDeclaration
        /// `struct`, `class`, `enum`, `actor`, `protocol`, `typealias` (with attributes and modifiers):
        /// hoisted into the tree's namespace.
        case typeDeclaration
        /// `extension`: must live at file scope.
        case extensionDeclaration
        /// Everything else: statements, `let`/`var`, `func`; these become the body of `run()`.
        case statement
    }

    package struct Item: Sendable, Equatable {
        package var kind: Kind
        package var lines: [Line]
    }

    package static func split(_ lines: [Line]) -> [Item] {
        var items: [Item] = []
        var scanner = BraceScanner()
        var pendingAttributes: [Line] = []
        var current: Item?
        for line in lines {
            if current == nil && scanner.isAtTopLevel {
                let kind = classify(line.text)
                if kind == nil {
                    // An attribute alone on its line belongs to the declaration that follows.
                    pendingAttributes.append(line)
                    scanner.consume(line.text)
                    continue
                }
                current = Item(kind: kind!, lines: pendingAttributes)
                pendingAttributes = []
            }
            current!.lines.append(line)
            scanner.consume(line.text)
            if scanner.isAtTopLevel {
                items.append(current!)
                current = nil
            }
        }
        if !pendingAttributes.isEmpty { items.append(Item(kind: .statement, lines: pendingAttributes)) }
        if let current { items.append(current) }
        return merged(items)
    }

    /// Adjacent statements form one item.
    private static func merged(_ items: [Item]) -> [Item] {
        var result: [Item] = []
        for item in items {
            if item.kind == .statement, let last = result.last, last.kind == .statement {
                result[result.count - 1].lines += item.lines
            } else {
                result.append(item)
            }
        }
        return result
    }

    static let typeKeywords: Set<Substring> = ["struct", "class", "enum", "actor", "protocol", "typealias"]
    static let modifiers: Set<Substring> = [
        "final", "public", "private", "fileprivate", "internal", "package", "open", "indirect", "nonisolated",
    ]

    /// The kind of item a top-level line starts, or nil for a line holding only attributes.
    static func classify(_ text: String) -> Kind? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !words.isEmpty else { return .statement }
        if words[0] == "import" { return .importDeclaration }
        var index = 0
        while index < words.count && words[index].hasPrefix("@") { index += 1 }
        if index == words.count { return words[0].hasPrefix("@") ? nil : .statement }
        while index < words.count && modifiers.contains(words[index]) { index += 1 }
        guard index < words.count else { return .statement }
        if words[index] == "extension" { return .extensionDeclaration }
        return typeKeywords.contains(words[index]) ? .typeDeclaration : .statement
    }
}

/// Tracks brace depth across lines of Swift, skipping strings, interpolations and comments.
struct BraceScanner {
    private enum Context {
        case code(braces: Int)
        case string(multiline: Bool, raw: Int)
        case interpolation(parens: Int)
        case blockComment(depth: Int)
    }

    private var stack: [Context] = [.code(braces: 0)]

    /// True when the scanner is in code, outside every brace.
    var isAtTopLevel: Bool {
        if stack.count == 1, case .code(let braces) = stack[0] { return braces <= 0 }
        return false
    }

    mutating func consume(_ line: String) {
        let chars = Array(line)
        var i = 0
        while i < chars.count {
            i += step(chars, i)
        }
        // A single-line string cannot run past its line; recover rather than swallow the file.
        while case .string(false, _) = stack.last!, stack.count > 1 { stack.removeLast() }
    }

    /// Handles the construct at `chars[i]` and returns how many characters it used (at least 1).
    private mutating func step(_ chars: [Character], _ i: Int) -> Int {
        let c = chars[i]
        let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
        switch stack.last! {
        case .blockComment(let depth):
            if c == "*" && next == "/" {
                if depth == 1 { stack.removeLast() } else { stack[stack.count - 1] = .blockComment(depth: depth - 1) }
                return 2
            }
            if c == "/" && next == "*" {
                stack[stack.count - 1] = .blockComment(depth: depth + 1)
                return 2
            }
            return 1
        case .string(let multiline, let raw):
            if c == "\\" {
                let hashes = countHashes(chars, from: i + 1)
                if hashes == raw, i + 1 + hashes < chars.count, chars[i + 1 + hashes] == "(" {
                    stack.append(.interpolation(parens: 0))
                    return 2 + hashes
                }
                return raw == 0 ? 2 : 1
            }
            if c == "\"" {
                let quotes = multiline ? 3 : 1
                if chars[i...].prefix(quotes).allSatisfy({ $0 == "\"" }) && chars[i...].count >= quotes
                    && countHashes(chars, from: i + quotes) >= raw
                {
                    stack.removeLast()
                    return quotes + raw
                }
            }
            return 1
        case .code, .interpolation:
            if c == "/" && next == "/" { return chars.count - i }
            if c == "/" && next == "*" {
                stack.append(.blockComment(depth: 1))
                return 2
            }
            if c == "#" || c == "\"" {
                let raw = c == "#" ? countHashes(chars, from: i) : 0
                let quoteStart = i + raw
                guard quoteStart < chars.count, chars[quoteStart] == "\"" else { return 1 }
                let multiline =
                    chars[quoteStart...].prefix(3).count == 3
                    && chars[quoteStart...].prefix(3).allSatisfy { $0 == "\"" }
                stack.append(.string(multiline: multiline, raw: raw))
                return raw + (multiline ? 3 : 1)
            }
            adjust(c)
            return 1
        }
    }

    private mutating func adjust(_ c: Character) {
        switch stack[stack.count - 1] {
        case .code(let braces):
            if c == "{" { stack[stack.count - 1] = .code(braces: braces + 1) }
            if c == "}" { stack[stack.count - 1] = .code(braces: braces - 1) }
        case .interpolation(let parens):
            if c == "(" { stack[stack.count - 1] = .interpolation(parens: parens + 1) }
            if c == ")" {
                if parens == 0 {
                    stack.removeLast()
                } else {
                    stack[stack.count - 1] = .interpolation(parens: parens - 1)
                }
            }
        default:
            break
        }
    }

    private func countHashes(_ chars: [Character], from start: Int) -> Int {
        var count = 0
        while start + count < chars.count && chars[start + count] == "#" { count += 1 }
        return count
    }
}
