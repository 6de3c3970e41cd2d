/// Link reference definitions (`[label]: destination "title"`, spec §4.7): they render nothing, so
/// a paragraph's leading definitions are taken out of it when it closes, and a paragraph of only
/// definitions is no paragraph at all. Reference links (`[text][label]`, `[label][]`, `[label]`)
/// resolve against them.
package enum LinkReferenceDefinition {
    /// The label as the spec matches it: case-folded, inner whitespace collapsed, trimmed.
    package static func normalized<S: StringProtocol>(_ label: S) -> String {
        label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ").lowercased()
    }

    /// The definitions at the start of a paragraph's lines: each as (normalised label, destination),
    /// and how many lines they take. Stops at the first line that does not continue a definition.
    package static func leading(_ lines: [String]) -> (definitions: [(String, String)], lineCount: Int) {
        let (found, lineCount) = leadingWithTitles(lines)
        return (found.map { ($0.label, $0.destination) }, lineCount)
    }

    /// One definition as written: the label, destination and title (without its quotes) in their
    /// source spellings, escapes and entities not yet decoded (`LinkDefinition` does that).
    package struct Found: Sendable, Equatable {
        /// Normalised as `normalized` does.
        package var label: String
        package var rawLabel: String
        package var destination: String
        package var title: String?
        /// The line, of those given, where the definition starts.
        package var line: Int = 0
    }

    /// `leading`, with each definition's raw label and title as well.
    package static func leadingWithTitles(_ lines: [String]) -> (definitions: [Found], lineCount: Int) {
        // The module's own `joined(separator:)` (Base/Joined.swift), not the standard library's.
        let text = Array(lines.joined(separator: "\n").utf8)
        var definitions: [Found] = []
        var position = 0
        var lineCount = 0
        while position < text.count, let (first, end) = definition(text, at: position) {
            var found = first
            found.line = text[..<position].count { $0 == UInt8(ascii: "\n") }
            definitions.append(found)
            lineCount = text[..<end].count { $0 == UInt8(ascii: "\n") } + 1
            position = end + 1
        }
        return (definitions, lineCount)
    }

    /// One definition starting at `start` (a line start), and the offset of the line break that
    /// ends it (or the end of the text).
    private static func definition(_ text: [UInt8], at start: Int) -> (Found, Int)? {
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        var index = start
        var spaces = 0
        while index < text.count, text[index] == 0x20, spaces < 3 {
            index += 1
            spaces += 1
        }
        guard index < text.count, text[index] == UInt8(ascii: "[") else { return nil }
        // The label: up to 999 characters, no unescaped brackets, not blank.
        var cursor = index + 1
        while cursor < text.count, text[cursor] != UInt8(ascii: "]") {
            if text[cursor] == UInt8(ascii: "[") { return nil }
            if text[cursor] == UInt8(ascii: "\\") { cursor += 1 }
            cursor += 1
        }
        guard cursor < text.count, cursor - index - 1 <= 999, cursor + 1 < text.count,
            text[cursor + 1] == UInt8(ascii: ":")
        else {
            return nil
        }
        let rawLabel = String(decoding: text[(index + 1)..<cursor], as: UTF8.self)
        let label = normalized(rawLabel)
        guard !label.isEmpty else { return nil }
        // Blanks with at most one line break, then the destination.
        func skipSpace(_ from: Int) -> (Int, Bool)? {
            var at = from
            var newline = false
            while at < text.count, isBlank(text[at]) || text[at] == UInt8(ascii: "\n") {
                if text[at] == UInt8(ascii: "\n") {
                    if newline { return nil }
                    newline = true
                }
                at += 1
            }
            return (at, newline)
        }
        guard let (destinationStart, _) = skipSpace(cursor + 2), destinationStart < text.count else { return nil }
        var destinationEnd = destinationStart
        var destination: String
        if text[destinationStart] == UInt8(ascii: "<") {
            destinationEnd += 1
            while destinationEnd < text.count, text[destinationEnd] != UInt8(ascii: ">") {
                if text[destinationEnd] == UInt8(ascii: "\n") || text[destinationEnd] == UInt8(ascii: "<") {
                    return nil
                }
                destinationEnd += 1
            }
            guard destinationEnd < text.count else { return nil }
            destination = String(decoding: text[(destinationStart + 1)..<destinationEnd], as: UTF8.self)
            destinationEnd += 1
        } else {
            var depth = 0
            while destinationEnd < text.count, text[destinationEnd] > 0x20, text[destinationEnd] != 0x7F {
                if text[destinationEnd] == UInt8(ascii: "(") { depth += 1 }
                if text[destinationEnd] == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth -= 1
                }
                destinationEnd += 1
            }
            guard destinationEnd > destinationStart, depth == 0 else { return nil }
            destination = String(decoding: text[destinationStart..<destinationEnd], as: UTF8.self)
        }
        func lineEnd(_ from: Int) -> Int? {
            var at = from
            while at < text.count, isBlank(text[at]) { at += 1 }
            return at == text.count || text[at] == UInt8(ascii: "\n") ? at : nil
        }
        // An optional title, after a blank or a line break; without it the destination ends the line.
        if let (titleStart, _) = skipSpace(destinationEnd), titleStart > destinationEnd, titleStart < text.count,
            let close = [
                UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "'"): UInt8(ascii: "'"),
                UInt8(ascii: "("): UInt8(ascii: ")"),
            ][text[titleStart]]
        {
            var at = titleStart + 1
            while at < text.count, text[at] != close {
                if text[at] == UInt8(ascii: "\\") { at += 1 }
                at += 1
            }
            if at < text.count, let end = lineEnd(at + 1) {
                let title = String(decoding: text[(titleStart + 1)..<at], as: UTF8.self)
                return (Found(label: label, rawLabel: rawLabel, destination: destination, title: title), end)
            }
        }
        guard let end = lineEnd(destinationEnd) else { return nil }
        return (Found(label: label, rawLabel: rawLabel, destination: destination, title: nil), end)
    }
}
