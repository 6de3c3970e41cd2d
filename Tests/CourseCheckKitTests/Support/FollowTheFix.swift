import CourseCheckKit
import Foundation

/// An author following a finding's fix, as its message words it: `write 'X'` at its end makes the
/// finding's line X, `delete it`, `delete the line` or `delete this line` removes it, `delete lines A–B` those. Tests follow the fix this way
/// to show that it converges (no finding after), not only that it is worded.
enum FollowTheFix {
    enum Edit: Equatable {
        case write(String)
        case delete
        /// `write 'X' and delete the '===' (or '---') underline at line N`: a setext heading rewritten.
        case writeAndDelete(String, line: Int)
        /// `write 'X' here and at line N`: both lines written X.
        case writeHereAndAt(String, line: Int)
        /// `insert a line 'X' before this one`: a line X inserted before the finding's line (a
        /// fence missing there, in a container written with its prefix: `'> ```'`).
        case insertBefore(String)
        /// `remove the indentation`: the line's leading blanks dropped.
        case unindent
        /// `add a space after ':'`: after the line's first colon.
        case spaceAfterColon
        /// `'X', a near form of … ; write Y` (a label, unquoted), `write 'Y' in place of 'X'`: X
        /// replaced with Y on the line.
        case replace(String, with: String)
        /// `delete lines A–B`: those lines removed.
        case deleteLines(Int, Int)
        /// `remove the indentation of lines A–B`: those lines' leading blanks dropped.
        case unindentLines(Int, Int)
        /// `begin lines A–B with 'P', not 'W'`: those lines' prefix `W` written `P` (`W` empty when
        /// the message names none).
        case reprefixLines(Int, Int, prefix: String, written: String)
        /// `begins with U+00A0 NO-BREAK SPACE before its first '|' …; delete that character`:
        /// what the line holds before its first pipe dropped.
        case deleteBeforePipe
        /// `starts with U+200B ZERO WIDTH SPACE before its '-' …; delete that character`: the
        /// invisible characters the line opens with dropped (`Invisible.leading`).
        case deleteLeadingInvisibles
        /// `… before its backticks …; delete '\t'` (`and the space after it`): those characters
        /// dropped where they come right before a fence, else their first occurrence on the line
        /// (and the blanks after them).
        case deleteText(String, blanks: Bool)
        /// `delete the 2 spaces before the fence`: that many spaces before the line's fence run.
        case deleteBeforeFence(Int)
        /// `delete the tab before the fence` (`the 2 tabs`, `the tab and the 2 spaces`): the tabs
        /// before the line's fence run, and the spaces among them when the message names them.
        case deleteTabsBeforeFence(Int, spaces: Int)
        /// `delete this line and line N`, `replace this line with a blank line and delete line N`,
        /// …: the finding's line and line N each deleted or made blank.
        case pair(closing: Int, blankHere: Bool, blankThere: Bool)
        /// `replace lines A–B with one blank line`.
        case blankLines(Int, Int)
        /// `insert 'X' before line A and 'Y' after line B`: a block's two lost fences put back.
        case insertAround(String, first: Int, String, last: Int)
        /// `write line A as 'X' and move its text to a new line under it, after 'P'; insert 'Y' after
        /// line B`: a list item's first line, which held the opening fence, written back, its text
        /// moved under it.
        case splitAround(String, first: Int, after: String, String, last: Int)
        /// `add '</details>' where the hidden part ends`: the line written at the end of the page.
        case append(String)
        /// `insert a line 'X' after this one`: a line X inserted after the finding's line.
        case insertAfter(String)
        /// `move this line before line N` (`after line N`): the finding's line moved there.
        case move(to: Int, after: Bool)
    }

    /// The edit a message's fix asks for (the message with or without its ` [id]`); nil when its
    /// fix is neither.
    static func edit(_ message: String) -> Edit? {
        var text = message
        if let id = text.range(of: #" \[[a-z-]+\]$"#, options: .regularExpression) { text.removeSubrange(id) }
        if text.hasSuffix("; delete it") || text.hasSuffix("; delete the line") { return .delete }
        // `'````swift' opens a block that the '```' at line N cannot close: …; write '```swift', as
        // the lesson's other fences are`: the line written so.
        if let tail = text.range(of: "', as the lesson's other fences are", options: [.backwards, .anchored]),
            let write = text[..<tail.lowerBound].range(of: "; write '", options: .backwards)
        {
            return .write(String(text[write.upperBound..<tail.lowerBound]))
        }
        if text.hasSuffix("; delete this line") { return .delete }
        // `delete this line, or, if a rule is meant here, …`: the first fix, the line deleted.
        if text.contains("; delete this line, or, if a rule is meant here, ") { return .delete }
        if text.hasSuffix("; remove the indentation") || text.hasSuffix("; unindent it") { return .unindent }
        // `note 'DR٣' reads as DR3 but has …; write **DR3**`: the label as written rewritten.
        if text.hasPrefix("note '"), text.contains("' reads as "),
            let write = text.range(of: "; write ", options: .backwards)
        {
            let written = text.dropFirst(6).prefix { $0 != "'" }
            let meant = String(text[write.upperBound...])
            return .replace(meant.hasPrefix("**") ? "**\(written)**" : String(written), with: meant)
        }
        // `this paragraph opens with '**DR10.*', the note label DR10. but not in bold, …; write **DR10.**`.
        if text.hasPrefix("this paragraph opens with '"), let label = text.range(of: "', the note label "),
            text.contains(" but not in bold"), let write = text.range(of: "; write ", options: .backwards)
        {
            let opening = text.index(text.startIndex, offsetBy: "this paragraph opens with '".count)
            return .replace(String(text[opening..<label.lowerBound]), with: String(text[write.upperBound...]))
        }
        if let write = text.range(of: "; write ", options: .backwards), !text[write.upperBound...].contains("'"),
            let near = text.range(of: #"'[^']+', a near form of"#, options: .regularExpression)
        {
            // By scalars: a joiner right after the quote is one Character with it (`'` + U+200D).
            var written = String.UnicodeScalarView()
            written.append(contentsOf: text[near].unicodeScalars.dropFirst().prefix { $0 != "'" })
            return .replace(String(written), with: String(text[write.upperBound...]))
        }
        // `note GV26 is in part …; write **DR1.**`: the note's bold label rewritten.
        if text.hasPrefix("note "), let write = text.range(of: "; write **", options: .backwards),
            let note = text.dropFirst(5).split(separator: " ").first
        {
            return .replace("**\(note).**", with: "**" + text[write.upperBound...])
        }
        // `'Ⅸ. [' opens no list item: …; write '9. ['`: the marker as written rewritten.
        if text.hasPrefix("'"), let opens = text.range(of: "' opens no list item: "),
            let write = text.range(of: "; write '", options: .backwards), text.hasSuffix("'")
        {
            let written = String(text[text.index(after: text.startIndex)..<opens.lowerBound])
            return .replace(written, with: String(text[write.upperBound...].dropLast()))
        }
        // `this bullet opens 'Not: Bu dersin tetiği:', not …; write 'Bu dersin tetiği:'`: the lead rewritten.
        if text.hasPrefix("this bullet opens '"), let write = text.range(of: "; write '", options: .backwards),
            text.hasSuffix("'")
        {
            let written = text.dropFirst("this bullet opens '".count).prefix { $0 != "'" }
            return .replace(String(written), with: String(text[write.upperBound...].dropLast()))
        }
        if text.contains(" before its '"), text.contains("starts with "),
            text.hasSuffix("; delete that character") || text.hasSuffix("; delete those characters")
        {
            return .deleteLeadingInvisibles
        }
        if text.hasSuffix("; add a space after ':'") { return .spaceAfterColon }
        // `put a blank line between the HTML and the note` (or `between line N and …`): a blank
        // line right above the finding's line, which the HTML block took.
        if text.range(
            of: #"; put a blank line between (the HTML|line [0-9]+) and the [a-z]+$"#, options: .regularExpression)
            != nil || text.hasSuffix("; put a blank line before it")
        {
            return .insertBefore("")
        }
        if text.hasSuffix("; add '</details>' where the hidden part ends") { return .append("</details>") }
        // `'\|' is an escaped pipe …; delete the '\'`: the backslashes before that pipe.
        if text.hasPrefix("'\\"), let delete = text.range(of: "; delete the '", options: .backwards),
            text.hasSuffix("'")
        {
            return .replace(String(text[delete.upperBound...].dropLast()) + "|", with: "|")
        }
        if let tabs = text.range(
            of: #"; delete the ([0-9]+ tabs|tab)( and the ([0-9]+ spaces|space))? before the fence$"#,
            options: .regularExpression)
        {
            // "the N tabs", then "the M spaces" if named: each the count, or 1 when it is "the tab".
            let parts = text[tabs].dropFirst("; delete ".count).components(separatedBy: " and ").map {
                Int($0.split(separator: " ")[1]) ?? 1
            }
            return .deleteTabsBeforeFence(parts[0], spaces: parts.count > 1 ? parts[1] : 0)
        }
        if let spaces = text.range(
            of: #"; delete the ([0-9]+ spaces|space) before the fence$"#, options: .regularExpression)
        {
            return .deleteBeforeFence(Int(text[spaces].split(separator: " ")[3]) ?? 1)
        }
        if let delete = text.range(of: "; delete '", options: .backwards) {
            let rest = text[delete.upperBound...]
            if rest.hasSuffix("'") { return .deleteText(String(rest.dropLast()), blanks: false) }
            if let after = rest.range(
                of: #"' and the ([0-9]+ )?(space|spaces|tab|blanks) after it$"#, options: .regularExpression)
            {
                return .deleteText(String(rest[..<after.lowerBound]), blanks: true)
            }
        }
        for (words, here, there) in [
            ("; delete this line and line ", false, false),
            ("; replace this line with a blank line and delete line ", true, false),
            ("; delete this line and replace line ", false, true), ("; replace this line and line ", true, true),
        ] {
            guard let fix = text.range(of: words, options: .backwards) else { continue }
            let rest = text[fix.upperBound...]
            let tail = there ? (here ? " with blank lines" : " with a blank line") : ""
            if rest.hasSuffix(tail), let line = Int(rest.dropLast(tail.count)) {
                return .pair(closing: line, blankHere: here, blankThere: there)
            }
        }
        if let lines = text.range(
            of: #"; replace lines [0-9]+–[0-9]+ with one blank line$"#, options: .regularExpression)
        {
            let bounds = text[lines].split(separator: " ")[3].split(separator: "–").compactMap { Int($0) }
            if bounds.count == 2 { return .blankLines(bounds[0], bounds[1]) }
        }
        if let around = text.range(
            of: #"; insert '[^']+' before line [0-9]+ and '[^']+' after line [0-9]+$"#, options: .regularExpression)
        {
            let words = text[around].split(separator: "'", omittingEmptySubsequences: false)
            let numbers = text[around].split(separator: " ").compactMap { Int($0) }
            if words.count == 5, numbers.count == 2 {
                return .insertAround(String(words[1]), first: numbers[0], String(words[3]), last: numbers[1])
            }
        }
        if let split = text.range(
            of:
                #"; write line [0-9]+ as '[^']+' and move its text to a new line under it, after '[^']*'; insert '[^']+' after line [0-9]+$"#,
            options: .regularExpression)
        {
            let words = text[split].split(separator: "'", omittingEmptySubsequences: false)
            let numbers = text[split].split(separator: " ").compactMap { Int($0) }
            if words.count == 7, numbers.count == 2 {
                return .splitAround(
                    String(words[1]), first: numbers[0], after: String(words[3]), String(words[5]), last: numbers[1])
            }
        }
        if let lines = text.range(of: #"; delete lines [0-9]+–[0-9]+$"#, options: .regularExpression) {
            let bounds = text[lines].split(separator: " ").last?.split(separator: "–").compactMap { Int($0) } ?? []
            if bounds.count == 2 { return .deleteLines(bounds[0], bounds[1]) }
        }
        if let lines = text.range(of: #"; remove the indentation of lines [0-9]+–[0-9]+$"#, options: .regularExpression)
        {
            let bounds = text[lines].split(separator: " ").last?.split(separator: "–").compactMap { Int($0) } ?? []
            if bounds.count == 2 { return .unindentLines(bounds[0], bounds[1]) }
        }
        if let lines = text.range(
            of: #"; begin lines [0-9]+–[0-9]+ with '[^']*'(, not '[^']*')?$"#, options: .regularExpression)
        {
            let words = text[lines].dropFirst("; begin lines ".count)
            let bounds = words.prefix { $0 != " " }.split(separator: "–").compactMap { Int($0) }
            let quoted = words.split(separator: "'", omittingEmptySubsequences: false)
            if bounds.count == 2, quoted.count == 5 || quoted.count == 3 {
                return .reprefixLines(
                    bounds[0], bounds[1], prefix: String(quoted[1]), written: quoted.count == 5 ? String(quoted[3]) : ""
                )
            }
        }
        if text.contains(" before its first '|', ")
            && (text.hasSuffix("; delete that character") || text.hasSuffix("; delete those characters"))
        {
            return .deleteBeforePipe
        }
        if let underline = text.range(
            of: #"' and delete the '(=+|-+)' underline at line [0-9]+$"#, options: .regularExpression),
            let write = text[..<underline.lowerBound].range(of: "; write '", options: .backwards),
            let line = Int(text[underline].split(separator: " ").last ?? "")
        {
            return .writeAndDelete(String(text[write.upperBound..<underline.lowerBound]), line: line)
        }
        if let both = text.range(of: #"' here and at line [0-9]+$"#, options: .regularExpression),
            let write = text[..<both.lowerBound].range(of: "; write '", options: .backwards),
            let line = Int(text[both].split(separator: " ").last ?? "")
        {
            return .writeHereAndAt(String(text[write.upperBound..<both.lowerBound]), line: line)
        }
        if let insert = text.range(of: "; insert a line '", options: .backwards),
            text.hasSuffix("' after this one")
        {
            return .insertAfter(String(text[insert.upperBound...].dropLast("' after this one".count)))
        }
        if let move = text.range(of: #"; move this line (before|after) line [0-9]+$"#, options: .regularExpression),
            let line = Int(text[move].split(separator: " ").last ?? "")
        {
            return .move(to: line, after: text[move].contains(" after "))
        }
        if let insert = text.range(of: "; insert a line '", options: .backwards),
            text.hasSuffix("' before this one")
        {
            return .insertBefore(String(text[insert.upperBound...].dropLast("' before this one".count)))
        }
        // `write 'X' in place of 'Y'`: Y replaced with X on the line.
        if text.hasSuffix("'"), let write = text.range(of: "; write '", options: .backwards),
            let place = text[write.upperBound...].range(of: "' in place of '")
        {
            return .replace(
                String(text[place.upperBound...].dropLast()), with: String(text[write.upperBound..<place.lowerBound]))
        }
        // `write it as 'X'`: the line as meant.
        if text.hasSuffix("'"), let write = text.range(of: "; write it as '", options: .backwards) {
            return .write(String(text[write.upperBound...].dropLast()))
        }
        // `write the header row as 'X'` (the closing table's header, at its line): the line as meant.
        if text.hasSuffix("'"), let write = text.range(of: "write the header row as '", options: .backwards) {
            return .write(String(text[write.upperBound...].dropLast()))
        }
        guard text.hasSuffix("'"), let write = text.range(of: "; write '", options: .backwards) else { return nil }
        return .write(String(text[write.upperBound...].dropLast()))
    }

    /// `lines` with each fix followed: (1-based line, message) pairs, the lowest line last so a
    /// deletion moves no line still to fix. Nil when a message has no fix to follow.
    static func apply(_ fixes: [(line: Int, message: String)], to lines: [String]) -> [String]? {
        var lines = lines
        for fix in fixes.sorted(by: { $0.line > $1.line }) {
            switch edit(fix.message) {
            case .write(let text)?: lines[fix.line - 1] = text
            case .delete?: lines.remove(at: fix.line - 1)
            case .replace(let written, let meant)?:
                guard let range = lines[fix.line - 1].range(of: written) else { return nil }
                lines[fix.line - 1].replaceSubrange(range, with: meant)
            case .unindent?: lines[fix.line - 1] = String(lines[fix.line - 1].drop { $0 == " " || $0 == "\t" })
            case .deleteLines(let first, let last)?: lines.removeSubrange((first - 1)..<last)
            case .blankLines(let first, let last)?: lines.replaceSubrange((first - 1)..<last, with: [""])
            case .pair(let closing, let blankHere, let blankThere)?:
                if blankThere { lines[closing - 1] = "" } else { lines.remove(at: closing - 1) }
                if blankHere { lines[fix.line - 1] = "" } else { lines.remove(at: fix.line - 1) }
            case .unindentLines(let first, let last)?:
                for line in first...last { lines[line - 1] = String(lines[line - 1].drop { $0 == " " || $0 == "\t" }) }
            case .reprefixLines(let first, let last, let prefix, let written)?:
                for line in first...last {
                    guard lines[line - 1].hasPrefix(written) else { return nil }
                    lines[line - 1] = prefix + lines[line - 1].dropFirst(written.count)
                }
            case .deleteBeforePipe?:
                guard let pipe = lines[fix.line - 1].firstIndex(of: "|") else { return nil }
                lines[fix.line - 1].removeSubrange(..<pipe)
            case .deleteLeadingInvisibles?:
                guard let invisible = Invisible.leading(lines[fix.line - 1]) else { return nil }
                lines[fix.line - 1] = String(
                    decoding: lines[fix.line - 1].utf8.dropFirst(invisible.length), as: UTF8.self)
            case .deleteText(let written, let blanks)?:
                // The occurrence right before a fence (`- -```swift`: the second '-'), else the first.
                let line = lines[fix.line - 1]
                var ranges: [Range<String.Index>] = []
                var from = line.startIndex
                while let found = line.range(of: written, range: from..<line.endIndex) {
                    ranges.append(found)
                    from = line.index(after: found.lowerBound)
                }
                let beforeFence = ranges.first { found in
                    let rest = line[found.upperBound...].drop { $0 == " " || $0 == "\t" }
                    return rest.hasPrefix("```") || rest.hasPrefix("~~~")
                }
                guard let range = beforeFence ?? ranges.first else { return nil }
                let end =
                    blanks
                    ? line[range.upperBound...].firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
                    : range.upperBound
                lines[fix.line - 1].removeSubrange(range.lowerBound..<end)
            case .deleteBeforeFence(let count)?:
                let line = lines[fix.line - 1]
                guard let run = line.firstIndex(where: { $0 == "`" || $0 == "~" }),
                    line[..<run].hasSuffix(String(repeating: " ", count: count))
                else { return nil }
                lines[fix.line - 1] = String(line[..<run].dropLast(count)) + line[run...]
            case .deleteTabsBeforeFence(let count, let spaces)?:
                let line = lines[fix.line - 1]
                guard let run = line.firstIndex(where: { $0 == "`" || $0 == "~" }),
                    line[..<run].filter({ $0 == "\t" }).count == count,
                    spaces == 0
                        || line[..<run].allSatisfy({ $0 == " " || $0 == "\t" })
                            && line[..<run].filter({ $0 == " " }).count == spaces
                else { return nil }
                let kept = spaces == 0 ? line[..<run].filter { $0 != "\t" } : ""
                lines[fix.line - 1] = kept + line[run...]
            case .spaceAfterColon?:
                guard let colon = lines[fix.line - 1].firstIndex(of: ":") else { return nil }
                lines[fix.line - 1].insert(" ", at: lines[fix.line - 1].index(after: colon))
            case .insertBefore(let text)?: lines.insert(text, at: fix.line - 1)
            case .insertAfter(let text)?: lines.insert(text, at: fix.line)
            case .move(let to, let after)?:
                let moved = lines.remove(at: fix.line - 1)
                let target = (to > fix.line ? to - 1 : to) - (after ? 0 : 1)
                lines.insert(moved, at: target)
            case .append(let text)?: lines += ["", text]
            case .insertAround(let opener, let first, let closer, let last)?:
                lines.insert(closer, at: last)
                lines.insert(opener, at: first - 1)
            case .splitAround(let opener, let first, let after, let closer, let last)?:
                // The marker is the opener's bytes before its fence; the text, the line's after them.
                let marker = opener.utf8.count - "```swift".utf8.count
                guard opener.hasSuffix("```swift"), lines[first - 1].utf8.count > marker else { return nil }
                let text = String(decoding: lines[first - 1].utf8.dropFirst(marker), as: UTF8.self)
                lines.insert(closer, at: last)
                lines[first - 1] = opener
                lines.insert(after + text, at: first)
            case .writeHereAndAt(let text, let line)?:
                lines[fix.line - 1] = text
                lines[line - 1] = text
            case .writeAndDelete(let text, let line)?:
                lines.remove(at: line - 1)
                lines[fix.line - 1] = text
            case nil: return nil
            }
        }
        return lines
    }

    /// A text diagnostic line's file, line and message (`path:line:col: error: message [id]`).
    static func parse(_ diagnostic: String) -> (path: String, line: Int, message: String)? {
        let parts = diagnostic.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, let line = Int(parts[1]) else { return nil }
        return (String(parts[0]), line, String(parts[4].drop { $0 == " " }))
    }
}
