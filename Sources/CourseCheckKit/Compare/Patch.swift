/// A patch in the format `git apply` accepts, for `--promote --dry-run`.
package enum Patch {
    /// The `diff --git` section turning `old` into `new` for the file at `path`, or "" when equal.
    package static func file(path: String, old: [Line], new: [Line], context: Int = 3) -> String {
        let old = gitLines(old)
        let new = gitLines(new)
        let (a, b) = (quoted("a/" + path), quoted("b/" + path))
        var diff = UnifiedDiff(
            old: .init(label: a, lines: old.map(content), firstLine: 1),
            new: .init(label: b, lines: new.map(content), firstLine: 1), context: context
        ).hunks()
        guard !diff.isEmpty else { return "" }
        // A side's last line without a newline gets git's marker after it, wherever a hunk shows it.
        let oldLast = old.last?.ending == LineEnding.none ? old.count - 1 : nil
        let newLast = new.last?.ending == LineEnding.none ? new.count - 1 : nil
        for hunk in diff.hunks.indices {
            for line in diff.hunks[hunk].lines.indices {
                let shown = diff.hunks[hunk].lines[line]
                diff.hunks[hunk].lines[line].missingNewline =
                    (shown.old != nil && shown.old == oldLast) || (shown.new != nil && shown.new == newLast)
            }
        }
        return "diff --git \(a) \(b)\n" + diff.completeText
    }

    /// A path as git writes it in a patch header: as it is, unless it holds a control character
    /// (a tab, a newline), when git quotes it C-style (`"a/x\ty"`), `"` and `\` escaped too, and
    /// `git apply` reads only that form.
    static func quoted(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return path }
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in path.utf8 {
            switch byte {
            case 0x07: bytes += Array("\\a".utf8)
            case 0x08: bytes += Array("\\b".utf8)
            case 0x09: bytes += Array("\\t".utf8)
            case 0x0A: bytes += Array("\\n".utf8)
            case 0x0B: bytes += Array("\\v".utf8)
            case 0x0C: bytes += Array("\\f".utf8)
            case 0x0D: bytes += Array("\\r".utf8)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0..<0x20, 0x7F:
                let octal = String(byte, radix: 8)
                bytes += Array(("\\" + String(repeating: "0", count: 3 - octal.count) + octal).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lines as git sees them: split at "\n" only, so a CR stays inside its line (a lesson
    /// saved with CR alone is one line to git, and its patch must say so to apply).
    private static func gitLines(_ lines: [Line]) -> [Line] {
        let raw = lines.map(\.raw).joined()
        var result: [Line] = []
        var current = ""
        for character in raw.unicodeScalars {
            if character == "\n" {
                result.append(Line(number: result.count + 1, text: current, ending: .lf))
                current = ""
            } else {
                current.unicodeScalars.append(character)
            }
        }
        if !current.isEmpty { result.append(Line(number: result.count + 1, text: current, ending: .none)) }
        return result
    }

    /// The line as it stands in the file, without the final "\n" (a CR it holds stays).
    private static func content(_ line: Line) -> String {
        line.text
    }
}
