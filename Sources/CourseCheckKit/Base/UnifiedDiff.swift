/// A unified diff between two line sequences, numbered with the caller's line numbers.
///
/// Uses Myers' O(ND) algorithm, so long blocks that differ little cost little.
package struct UnifiedDiff: Sendable {
    /// One side of the diff: a label for the `---`/`+++` header, the lines, and the line number of the first.
    package struct Side: Sendable {
        package var label: String
        package var lines: [String]
        package var firstLine: Int

        package init(label: String, lines: [String], firstLine: Int) {
            self.label = label
            self.lines = lines
            self.firstLine = firstLine
        }
    }

    enum Edit: Equatable {
        case keep(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    package var old: Side
    package var new: Side
    package var context: Int

    package init(old: Side, new: Side, context: Int = 3) {
        self.old = old
        self.new = new
        self.context = context
    }

    /// The diff as hunks; none when both sides are equal.
    package func hunks() -> DiffHunks {
        let edits = Self.edits(old.lines, new.lines)
        var result = DiffHunks(oldLabel: old.label, newLabel: new.label, hunks: [])
        guard edits.contains(where: { if case .keep = $0 { false } else { true } }) else { return result }
        // oldBefore[i] and newBefore[i]: how many lines of each side the edits before index i consumed.
        var oldBefore = [0]
        var newBefore = [0]
        for edit in edits {
            let (o, n) =
                switch edit {
                case .keep: (1, 1)
                case .delete: (1, 0)
                case .insert: (0, 1)
                }
            oldBefore.append(oldBefore.last! + o)
            newBefore.append(newBefore.last! + n)
        }
        for hunk in hunks(edits) {
            let oldCount = oldBefore[hunk.endIndex] - oldBefore[hunk.startIndex]
            let newCount = newBefore[hunk.endIndex] - newBefore[hunk.startIndex]
            let lines = hunk.map { edit in
                switch edit {
                case .keep(let index, let newIndex):
                    DiffHunks.Line(.context, old.lines[index], old: index, new: newIndex)
                case .delete(let index): DiffHunks.Line(.removed, old.lines[index], old: index, new: nil)
                case .insert(let index): DiffHunks.Line(.added, new.lines[index], old: nil, new: index)
                }
            }
            result.hunks.append(
                DiffHunks.Hunk(
                    oldRange: range(oldBefore[hunk.startIndex], oldCount, side: old),
                    newRange: range(newBefore[hunk.startIndex], newCount, side: new), lines: lines))
        }
        return result
    }

    /// The diff as plain text, or the empty string when both sides are equal.
    package func text() -> String {
        hunks().completeText
    }

    private func range(_ index: Int, _ count: Int, side: Side) -> String {
        // GNU diff: an empty range names the line before it.
        let start = count == 0 ? side.firstLine + index - 1 : side.firstLine + index
        return count == 1 ? "\(start)" : "\(start),\(count)"
    }

    private func hunks(_ edits: [Edit]) -> [ArraySlice<Edit>] {
        var changed: [Int] = []
        for (index, edit) in edits.enumerated() {
            if case .keep = edit { continue }
            changed.append(index)
        }
        var result: [ArraySlice<Edit>] = []
        var start = max(changed[0] - context, 0)
        var end = min(changed[0] + context, edits.count - 1)
        for index in changed.dropFirst() {
            if index - context <= end + 1 {
                end = min(index + context, edits.count - 1)
            } else {
                result.append(edits[start...end])
                start = index - context
                end = min(index + context, edits.count - 1)
            }
        }
        result.append(edits[start...end])
        return result
    }

    /// Past this many differences the diff stops searching for the shortest script and shows the
    /// differing middle as one replacement, keeping memory bounded on wholly different inputs.
    static let maximumDistance = 2_000

    /// The shortest edit script from `a` to `b` (Myers 1986), as keeps, deletes and inserts in order.
    static func edits(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        let maxD = min(n + m, maximumDistance)
        guard n + m > 0 else { return [] }
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        // trace[d] holds v[-d...d] as it stood before round d, so trace[d][k + d] is v[k].
        var trace: [[Int]] = []
        var finalD: Int?
        search: for d in 0...maxD {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n && y < m && a[x].sameBytes(b[y]) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    finalD = d
                    break search
                }
            }
        }
        guard let finalD else { return replacement(a, b) }
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: finalD, to: 0, by: -1) {
            let previous = trace[d]
            let k = x - y
            let previousK: Int
            if k == -d || (k != d && previous[k - 1 + d] < previous[k + 1 + d]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = previous[previousK + d]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                edits.append(.keep(x, y))
            }
            if x == previousX {
                y -= 1
                edits.append(.insert(y))
            } else {
                x -= 1
                edits.append(.delete(x))
            }
        }
        while x > 0 && y > 0 {
            x -= 1
            y -= 1
            edits.append(.keep(x, y))
        }
        return edits.reversed()
    }

    /// A common prefix and suffix kept, everything between replaced.
    private static func replacement(_ a: [String], _ b: [String]) -> [Edit] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix].sameBytes(b[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix].sameBytes(b[b.count - 1 - suffix])
        {
            suffix += 1
        }
        var edits = (0..<prefix).map { Edit.keep($0, $0) }
        edits += (prefix..<(a.count - suffix)).map { Edit.delete($0) }
        edits += (prefix..<(b.count - suffix)).map { Edit.insert($0) }
        edits += (0..<suffix).map { Edit.keep(a.count - suffix + $0, b.count - suffix + $0) }
        return edits
    }
}

/// A unified diff as data: the sides' labels and the hunks, each line with its kind and the index
/// of the line on each side it stands for, so styling and git's no-newline marker come from here.
package struct DiffHunks: Sendable, Equatable {
    package struct Line: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case context, removed, added
        }

        package var kind: Kind
        /// The line's content, without the diff prefix.
        package var text: String
        /// The line's index in the old and in the new side, where it stands on that side.
        package var old: Int?
        package var new: Int?
        /// True for the last line of a side that has no final newline (only a patch says so).
        package var missingNewline = false

        package init(_ kind: Kind, _ text: String, old: Int?, new: Int?) {
            self.kind = kind
            self.text = text
            self.old = old
            self.new = new
        }
    }

    package struct Hunk: Sendable, Equatable {
        /// `start,count` as GNU diff prints it (`start` alone for one line).
        package var oldRange: String
        package var newRange: String
        package var lines: [Line]
    }

    package var oldLabel: String
    package var newLabel: String
    package var hunks: [Hunk]

    /// True when the sides are equal.
    package var isEmpty: Bool { hunks.isEmpty }

    /// Diff lines printed under a finding (hunk headers and lines, past the two file headers): a
    /// tree whose thousands of output lines all changed is one screen and a count, not the whole
    /// diff, as a failed run's output is an excerpt. The finding's first lines locate the change.
    static let printedLines = 100

    /// The printed lines, by kind; none for an empty diff. Past `printedLines`, one line counts
    /// the rest.
    var lines: [Attachment.Line] {
        let all = allLines
        guard all.count > Self.printedLines + 2 else { return all }
        let rest = all.count - 2 - Self.printedLines
        return Array(all.prefix(Self.printedLines + 2))
            + [Attachment.Line(.plain, "... \(Plural.count(rest, "more diff line"))")]
    }

    /// The whole diff as plain text, never cut: what a patch applies.
    package var completeText: String {
        allLines.map { $0.text + "\n" }.joined()
    }

    /// Every printed line of the diff.
    private var allLines: [Attachment.Line] {
        guard !isEmpty else { return [] }
        var lines = [Attachment.Line(.fileHeader, "--- \(oldLabel)"), Attachment.Line(.fileHeader, "+++ \(newLabel)")]
        for hunk in hunks {
            lines.append(Attachment.Line(.hunkHeader, "@@ -\(hunk.oldRange) +\(hunk.newRange) @@"))
            for line in hunk.lines {
                switch line.kind {
                case .context: lines.append(Attachment.Line(.context, " " + line.text))
                case .removed: lines.append(Attachment.Line(.removed, "-" + line.text))
                case .added: lines.append(Attachment.Line(.added, "+" + line.text))
                }
                if line.missingNewline {
                    lines.append(Attachment.Line(.noNewlineMarker, "\\ No newline at end of file"))
                }
            }
        }
        return lines
    }
}
