/// A patch in the format `git apply` accepts, for `--promote --dry-run`.
package enum Patch {
    /// The `diff --git` section turning `old` into `new` for the file at `path`, or "" when equal.
    package static func file(path: String, old: [Line], new: [Line], context: Int = 3) -> String {
        let old = gitLines(old)
        let new = gitLines(new)
        var diff = UnifiedDiff(
            old: .init(label: "a/\(path)", lines: old.map(content), firstLine: 1),
            new: .init(label: "b/\(path)", lines: new.map(content), firstLine: 1), context: context
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
        return "diff --git a/\(path) b/\(path)\n" + Attachment.diff(diff).text
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
