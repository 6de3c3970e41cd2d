/// A patch in the format `git apply` accepts, for `--promote --dry-run`.
public enum Patch {
    /// The `diff --git` section turning `old` into `new` for the file at `path`, or "" when equal.
    public static func file(path: String, old: [Line], new: [Line], context: Int = 3) -> String {
        let oldLines = old.map(content)
        let newLines = new.map(content)
        let body = UnifiedDiff(
            old: .init(label: "a/\(path)", lines: oldLines, firstLine: 1),
            new: .init(label: "b/\(path)", lines: newLines, firstLine: 1), context: context
        ).text()
        guard !body.isEmpty else { return "" }
        var text = "diff --git a/\(path) b/\(path)\n"
        // A last line without a newline gets git's marker after it, on the side(s) it belongs to.
        let oldLast = old.last.map { $0.ending == .none } ?? false
        let newLast = new.last.map { $0.ending == .none } ?? false
        // Split on the byte "\n": as Characters, "\r\n" is one and would not split.
        var lines = body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
            .map { String(decoding: $0, as: UTF8.self) }
        if oldLast || newLast {
            lines = markMissingNewlines(lines, oldLast: oldLast ? oldLines.last : nil, newLast: newLast ? newLines.last : nil)
        }
        text += lines.map { $0 + "\n" }.joined()
        return text
    }

    /// The line as it stands in the file, without the final "\n" (a CRLF keeps its "\r").
    private static func content(_ line: Line) -> String {
        switch line.ending {
        case .crlf, .cr: line.text + "\r"
        case .lf, .none: line.text
        }
    }

    private static func markMissingNewlines(_ lines: [String], oldLast: String?, newLast: String?) -> [String] {
        var result: [String] = []
        var oldSeen = 0
        var newSeen = 0
        var oldTotal = 0
        var newTotal = 0
        for line in lines where !line.hasPrefix("---") && !line.hasPrefix("+++") && !line.hasPrefix("@@") {
            if line.hasPrefix("-") || line.hasPrefix(" ") { oldTotal += 1 }
            if line.hasPrefix("+") || line.hasPrefix(" ") { newTotal += 1 }
        }
        for line in lines {
            result.append(line)
            if line.hasPrefix("---") || line.hasPrefix("+++") || line.hasPrefix("@@") { continue }
            let isOld = line.hasPrefix("-") || line.hasPrefix(" ")
            let isNew = line.hasPrefix("+") || line.hasPrefix(" ")
            if isOld { oldSeen += 1 }
            if isNew { newSeen += 1 }
            let endsOld = isOld && oldLast != nil && oldSeen == oldTotal && String(line.dropFirst()) == oldLast
            let endsNew = isNew && newLast != nil && newSeen == newTotal && String(line.dropFirst()) == newLast
            if endsOld || endsNew { result.append("\\ No newline at end of file") }
        }
        return result
    }
}
