import Foundation

/// The closing table (columns `Ders` and `Tetik`) has one row per lesson in course order, each
/// naming the lesson's title and its declared trigger (`dördü (a/b/c/d)` for a distribution).
package struct ClosingTableClaim: ClaimCheck {
    package let id = DiagnosticID.closingTable
    package let spansCourse = true

    package init() {}

    /// The line of `lesson`'s comment slip when it stands right under a table's row: the comment
    /// ends the table there (or parts its header from its delimiter row), and the slip's fix takes
    /// it out.
    static func commentSlipUnderRow(_ lesson: CourseFacts.LessonFacts) -> Int? {
        guard let line = lesson.lesson.hidden?.line, line >= 2, line - 2 < lesson.lesson.file.lines.count else {
            return nil
        }
        return lesson.lesson.file.lines[line - 2].text.trimmingWhitespaces.hasPrefix("|") ? line : nil
    }

    /// What a wrapper around a trigger cell makes of it, in the words of the message.
    static func why(_ how: Prose.Table.Cell.Wrapping) -> String {
        switch how {
        case .wrapper(.struck): "struck through (readers see it crossed out)"
        case .wrapper(.image): "in an image (readers see an image, its text only as alt text)"
        case .wrapper(.code): "in a code span"
        case .wrapper(.comment): "inside an HTML comment (readers do not see it)"
        case .literal(let literal, let mark): Triggers.literalWhy(literal, mark: mark)
        }
    }

    /// The last table with columns named exactly `Ders` and `Tetik`, and the lesson holding it.
    static func table(in course: CourseFacts) -> (lesson: CourseFacts.LessonFacts, table: Prose.Table)? {
        var found: (lesson: CourseFacts.LessonFacts, table: Prose.Table)?
        for lesson in course.lessons {
            if let table = lesson.prose.tables.first(where: { $0.column("Ders") != nil && $0.column("Tetik") != nil }) {
                found = (lesson, table)
            }
        }
        return found
    }

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        var found = Self.table(in: course)
        // A comment split across a row's line end (`| yerel <!-- x` over `y --> | … |`, the header
        // row's too) breaks the table there: that slip is the one finding, and the rows are judged
        // once it is fixed.
        if let slip = found.map({ $0.lesson.lesson.splitRowComment })
            ?? course.lessons.lazy.compactMap(\.lesson.splitRowComment).first
        {
            return .waitingForSlip(line: slip)
        }
        // A slip in a column's name must not turn the claim off: a table with one column right and
        // the other a slip away is the closing table, and the slip is its one finding.
        var findings: [Diagnostic] = []
        if found == nil {
            for lesson in course.lessons {
                for table in lesson.prose.tables {
                    // Both header cells left empty are the closing table too: each column is known
                    // by its rows (`blankColumn`), and each empty cell is one finding.
                    guard let ders = Self.column("Ders", in: table, course: course),
                        let tetik = Self.column("Tetik", in: table, course: course), ders.index != tetik.index,
                        ders.exact || tetik.exact
                            || (table.header[ders.index].isEmpty && table.header[tetik.index].isEmpty)
                    else { continue }
                    found = (lesson, table)
                    var known: [Int: String] = [:]
                    for (name, match) in [("Ders", ders), ("Tetik", tetik)]
                    where !match.exact && table.header[match.index].isEmpty {
                        known[match.index] = name
                    }
                    for (name, match) in [("Ders", ders), ("Tetik", tetik)] where !match.exact {
                        guard !table.header[match.index].isEmpty else {
                            findings.append(
                                Self.blankHeader(match.index, name: name, in: table, of: lesson, known: known))
                            continue
                        }
                        findings.append(
                            .closingTable(
                                at: SourceLocation(path: lesson.path, line: table.headerLine),
                                .header(given: table.header[match.index], name: name)))
                    }
                }
            }
            if found == nil { findings = [] }
        }
        if found == nil {
            // A comment slip under the header row (`<!-- a` over `b --> |---|`) parts it from its
            // delimiter row: that slip is the one finding, and the table is judged once it is fixed.
            if let slip = course.lessons.lazy.compactMap(Self.commentSlipUnderRow).first {
                return .waitingForSlip(line: slip)
            }
            // The anchor is on the page but GitHub shows no table: one finding, not "not applicable".
            for lesson in course.lessons {
                for broken in lesson.prose.unrenderedTables
                where broken.header.contains(where: { $0.sameBytes("Ders") })
                    && broken.header.contains(where: { $0.sameBytes("Tetik") })
                {
                    switch broken.start {
                    case .indentedDelimiter(let written):
                        return .checked([
                            .closingTable(
                                at: SourceLocation(path: lesson.path, line: broken.line + 1),
                                .indentedDelimiter(written: written))
                        ])
                    case .invisible(let lead):
                        return .checked([
                            .closingTable(
                                at: SourceLocation(path: lesson.path, line: lead.line, column: lead.column),
                                .invisibleLead(
                                    line: lead.line == broken.line ? .header : .delimiter, scalars: lead.scalars))
                        ])
                    case .leftover(let lead):
                        return .checked([
                            .closingTable(
                                at: SourceLocation(path: lesson.path, line: lead.line, column: lead.column),
                                .leftoverLead(
                                    line: lead.line == broken.line ? .header : .delimiter, leftover: lead.leftover,
                                    blanks: lead.blanks, escapes: false))
                        ])
                    case nil: break
                    }
                    let row = Self.delimiterRow(broken.header.count)
                    // The slip is in the delimiter row when the row under it has the header's cells
                    // (or there is none): one finding there, at the line to write.
                    if Self.delimiterSlipped(lesson, header: broken.line, cells: broken.header.count) {
                        return .checked([
                            .closingTable(
                                at: SourceLocation(path: lesson.path, line: broken.line + 1),
                                .slippedDelimiter(broken.reason, row: row))
                        ])
                    }
                    // The rows under it have the delimiter row's cells: the header lost a cell (or
                    // gained one), and rewriting the delimiter row to the header's count would leave
                    // every row a cell over. The header's count is the slip, at it.
                    let lines = lesson.lesson.file.lines
                    if broken.line < lines.count, Prose.isDelimiterRow(lines[broken.line].text),
                        case let columns = Self.cells(lines[broken.line].text).count, columns != broken.header.count
                    {
                        return .checked([
                            .closingTable(
                                at: SourceLocation(path: lesson.path, line: broken.line),
                                .headerCells(cells: broken.header.count, delimiter: columns, name: nil, row: nil))
                        ])
                    }
                    return .checked([
                        .closingTable(
                            at: SourceLocation(path: lesson.path, line: broken.line),
                            .notRendered(broken.reason, fix: "write line \(broken.line + 1) as '\(row)'"))
                    ])
                }
            }
            // The header row indented as code, alone or with the table lines after it.
            if let slip = Self.indentedHeader(in: course) { return .checked([slip]) }
            // The rows are on the page, but no header or delimiter row makes them a table.
            if let slip = Self.unrenderedRows(in: course) { return .checked([slip]) }
        }
        if found == nil {
            // The header written in the source but hidden by the rendering (a comment, an HTML
            // block, indented code): the anchor is there, so that is the one finding.
            for lesson in course.lessons.reversed() {
                // After a fence slip, the table may be inside a block that pairs wrongly: the slip is the finding.
                if lesson.lesson.fencesAreUncertain { continue }
                // (A header in indented code is `indentedHeader`'s, with its fix.)
                // Both names first, by bytes: splitting every line with a pipe (every output line)
                // cost more than the rest of the claims on a large course, and Foundation's
                // `contains` (a CFString search) cost as much again.
                for line in lesson.lesson.file.lines
                where line.text.containsByte(UInt8(ascii: "|")) && line.text.utf8Offset(of: "Ders") != nil
                    && line.text.utf8Offset(of: "Tetik") != nil
                {
                    let cells = line.text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                    guard cells.contains("Ders"), cells.contains("Tetik"),
                        let reason = HiddenText.reason(line: line.number, text: "Ders", in: lesson.lesson)
                    else { continue }
                    return .checked([
                        .closingTable(
                            at: SourceLocation(path: lesson.path, line: line.number), .notRendered(reason, fix: nil))
                    ])
                }
            }
        }
        guard let (owner, table) = found, let lessonColumn = Self.column("Ders", in: table, course: course)?.index,
            let triggerColumn = Self.column("Tetik", in: table, course: course)?.index
        else { return .notApplicable("no table with 'Ders' and 'Tetik' columns") }
        // Another column's header left empty: GitHub shows that column untitled, as an empty body
        // cell of it shows nothing (`emptyCell`), so it is one finding too, at the cell.
        for column in table.header.indices
        where table.header[column].isEmpty && column != lessonColumn && column != triggerColumn {
            findings.append(Self.blankHeader(column, name: nil, in: table, of: owner))
        }
        // The header behind a container's marker (`> | Ders |`) over a delimiter row with none: a
        // lazy line of the block the marker opens, which cmark-gfm takes in as text, so no table.
        let lines = owner.lesson.file.lines
        if table.headerLine < lines.count,
            let container = Leftover.container(lines[table.headerLine - 1].text, before: "|"),
            Leftover.container(lines[table.headerLine].text, before: "|") == nil
        {
            return .checked([
                .closingTable(
                    at: SourceLocation(path: owner.path, line: table.headerLine, column: container.indent + 1),
                    .containerLead(line: .header, container, rowsAfter: 0))
            ])
        }
        let lastLine = table.rows.last?.line.number ?? table.headerLine + 1
        // A slip (a comment left open, a fence) at the table's end may be what cut its rows off:
        // it is that slip's one finding, and the rows are judged once it is fixed. So is a comment
        // slip on the line that ends it (`<!-- x` over `y --> | row |`), whose fix takes it out.
        let slip =
            owner.lesson.uncertainFrom.flatMap { $0 <= lastLine + 1 ? $0 : nil }
            ?? Self.commentSlipUnderRow(owner).flatMap { $0 == lastLine + 1 ? $0 : nil }
        if table.rows.count < course.lessons.count, let slip {
            return .waitingForSlip(line: slip)
        }
        // A row that begins with an invisible character shows its cells one column right: the
        // character is the one finding (the row is read as meant, so nothing else is said of it).
        if let (row, lead) = table.invisibleLeads.first {
            return .checked([
                .closingTable(
                    at: SourceLocation(path: owner.path, line: lead.line, column: lead.column),
                    .invisibleLead(line: .row(row + 1), scalars: lead.scalars))
            ])
        }
        // Printable characters left before a row's first pipe (`x| Ortam …`, `\|`): the same slip, seen.
        if !table.leftoverLeads.isEmpty {
            return .checked(
                table.leftoverLeads.map { lead in
                    .closingTable(
                        at: SourceLocation(path: owner.path, line: lead.line, column: lead.column),
                        .leftoverLead(
                            line: .row(lead.row + 1), leftover: lead.leftover, blanks: lead.blanks,
                            escapes: lead.escapes))
                })
        }
        // A blank line, a comment or a row indented as code inside the table ends it: the rows
        // after it render as a paragraph of pipes. One finding at that line, not one per lesson
        // whose row went with them.
        if table.rows.count < course.lessons.count,
            let broken = Self.end(after: lastLine, row: table.rows.count + 1, in: owner)
        {
            return .checked([.closingTable(at: SourceLocation(path: owner.path, line: lastLine + 1), broken)])
        }
        // A line with no pipe typed right under the last row (the blank line before a paragraph
        // lost, a `===` typed there): GitHub takes it, and every line of its paragraph, in as rows.
        // One finding at its first line, naming it as that, and the rows are judged once it is fixed
        // (read now, the paragraph is a row naming no lesson, and deleting it loses the page's text).
        if let lastRow = table.rows.last, !lastRow.line.text.utf8.contains(UInt8(ascii: "|")) {
            var first = table.rows.count - 1
            while first > 0, !table.rows[first - 1].line.text.utf8.contains(UInt8(ascii: "|")) { first -= 1 }
            if first > 0 {
                let text = table.rows[first].line.text.trimmingWhitespaces
                return .checked([
                    .closingTable(
                        at: SourceLocation(path: owner.path, line: table.rows[first].line.number),
                        .gluedUnder(underline: !text.isEmpty && text.allSatisfy { $0 == "=" }))
                ])
            }
        }
        // Struck-through text and footnote marks in a row depend on the renderer: a warning each.
        for row in table.rows {
            findings += GitHubOnlyText.warnings(in: Inline(row.line.text), claim: "closing table") {
                SourceLocation(path: owner.path, line: row.line.number, column: $0 + 1)
            }
        }
        // A row with more cells than the header (a `|` typed inside a cell) or fewer (one lost
        // between two) shows its text in other columns, and GitHub drops what is past the header's
        // cells: the count is the one finding of such a row, and the rows are judged once it is
        // fixed (its cells read now would blame the trigger or title the shift moved). More cells
        // that are all empty past the header's (`| … ||`) are dropped unseen: no finding. Fewer
        // cells are a lost `|` when the trigger cell is there but holds no trigger (text moved
        // into it); a row whose last cells are left off (`| Yerel Durum | dokunuldu |`) gives an
        // empty trigger, judged as such, and one without its last note gives its trigger.
        let header = table.header.count
        let miscounted = table.rows.indices.filter { index in
            let cells = table.rows[index].cells
            if cells.count > header { return cells[header...].contains { !$0.text.isEmpty } }
            guard cells.count < header, cells.count > triggerColumn else { return false }
            let given = cells[triggerColumn].name
            return !Triggers.names.contains { $0.declared.sameBytes(given) }
                && !(given.hasPrefix("dördü (") && given.hasSuffix(")"))
        }
        if !miscounted.isEmpty {
            return .checked(
                findings
                    + miscounted.map { index in
                        let row = table.rows[index]
                        // A cell short for a backslash before a pipe (`yerel \| kardeşin`): the pipe
                        // is there, escaped, so the finding is at the backslash, which goes.
                        if row.cells.count + 1 == header, let escape = Self.escapedPipe(in: row.line.text) {
                            return .closingTable(
                                at: SourceLocation(path: owner.path, line: row.line.number, column: escape.column),
                                .escapedPipe(row: index + 1, backslashes: escape.backslashes, cell: escape.cell))
                        }
                        return .closingTable(
                            at: SourceLocation(path: owner.path, line: row.line.number),
                            .cellCount(row: index + 1, cells: row.cells.count, header: header))
                    })
        }
        // Every cell shows text: one the row ends before (GitHub fills it in empty) or one holding
        // nothing a reader sees is one finding at it, naming its column, and the row's title and
        // trigger are not judged as the empty text they show.
        /// The text a blank cell needs, when known: the title of the lesson in the row's place (rows
        /// and lessons as many), the trigger of the lesson the row names.
        func meant(_ row: Int, _ column: Int) -> String? {
            if column == lessonColumn {
                return table.rows.count == course.lessons.count ? course.lessons[row].title?.text : nil
            }
            guard column == triggerColumn, table.rows[row].cells.count > lessonColumn else { return nil }
            let title = Prose.collapsed(table.rows[row].cells[lessonColumn].text)
            guard let lesson = course.lessons.firstIndex(where: { $0.isTitled(title) }) else { return nil }
            return Self.declared(course, lesson)
        }
        let (blank, blankFindings) = Self.blankCells(
            in: table, lessonColumn: lessonColumn, triggerColumn: triggerColumn, path: owner.path, meant: meant)
        findings += blankFindings
        // Cells are read as rendered text: `**ebeveyn**` is the trigger ebeveyn, `Yerel  Durum` the title Yerel Durum.
        let rowTitles = table.rows.map { row -> String in
            guard row.cells.count > lessonColumn else { return "" }
            let written = Prose.collapsed(row.cells[lessonColumn].text)
            // A title in quotation marks at both ends (`“Yerel Durum”`) names the lesson
            // (`LessonFacts.isTitled`), and is compared as the title; one that is a title as written
            // is left as it is.
            guard let bare = Quotation.unquotedAtBothEnds(written),
                course.lessons.contains(where: { $0.isTitled(bare) }),
                !course.lessons.contains(where: { $0.titles.contains { $0.sameBytes(written) } })
            else { return written }
            return bare
        }
        let titles = course.lessons.map { $0.title(asUsedIn: rowTitles) }

        func checkTrigger(row: Int, lesson: Int) {
            var cells = table.rows[row].cells
            // A declaration its own lesson contradicts is reported once, by declared-trigger.
            guard let declaration = course.lessons[lesson].declaration,
                DeclaredTriggerClaim.isSound(lesson, in: course), !blank.contains([row, triggerColumn])
            else { return }
            // GitHub fills a row's missing cells with empty ones: a reader sees an empty trigger.
            while cells.count <= triggerColumn {
                let end = table.rows[row].line.text.utf8.count + 1
                cells.append(
                    .init(
                        text: "",
                        location: SourceLocation(path: owner.path, line: table.rows[row].line.number, column: end)))
            }
            let expected =
                declaration.distribution.map { "dördü (\($0.map(String.init).joined(separator: "/")))" }
                ?? declaration.value
            // A distribution reads as its numbers: `dördü (2 / 2 / 2 / 2)` is `dördü (2/2/2/2)`, as in the bullet.
            // Its word is compared by bytes (`hasPrefix` takes a decomposed `ü` for `ü`, which the
            // message must name).
            // The trigger wrapped whole (struck through, an image, a comment, its asterisks typed as
            // entities): one finding naming that,
            // and no reading of what is crossed out.
            if let wrapped = cells[triggerColumn].wrapped {
                let at = cells[triggerColumn].location
                let span = at.column..<(at.column + wrapped.written.utf8.count)
                findings.removeAll {
                    $0.id == .githubParity && $0.location.path == at.path && $0.location.line == at.line
                        && span.contains($0.location.column)
                }
                findings.append(
                    .closingTable(
                        at: at,
                        .wrappedTrigger(
                            row: row + 1, written: wrapped.written, why: Self.why(wrapped.how),
                            path: course.lessons[lesson].path, declared: expected)))
                return
            }
            // A quoted trigger (`“ortam”`) is the trigger, as in the distribution sentence; a wrong
            // one is named as written.
            let given = cells[triggerColumn].name
            // The table writes a distribution `dördü (a/b/c/d)`; a cell that writes the bullet's own
            // words with the same counts (`dördünün de dağılımı (2/2/2/2)`) says what the lesson says.
            let sameDistribution =
                declaration.distribution != nil && Triggers.distribution(in: given) == declaration.distribution
                && (given.utf8.starts(with: "dördü (".utf8)
                    || Triggers.introNaming(Triggers.Declaration(value: given, location: declaration.location))
                        .sameBytes(Triggers.introNaming(declaration)))
            if !given.sameBytes(expected) && !sameDistribution {
                findings.append(
                    .closingTable(
                        at: cells[triggerColumn].location.atUnseen(
                            cells[triggerColumn].text, expected, on: lines[cells[triggerColumn].location.line - 1].text),
                        .trigger(
                            row: row + 1, given: cells[triggerColumn].text, path: course.lessons[lesson].path,
                            declared: expected,
                            writes: declaration.distribution == nil || declaration.value.sameBytes(expected)
                                ? nil : declaration.value)))
            }
        }
        // Rows are aligned to lessons by title (a shortest edit script), so one missing or extra row
        // is named as such instead of shifting every row after it.
        var missing: [Int] = []
        var extra: [Int] = []
        func settle(nextRow: Int) {
            let paired = min(missing.count, extra.count)
            // By index: `zip` of two slices looked its type up by name on first use.
            for pair in 0..<paired {
                let (lesson, row) = (missing[pair], extra[pair])
                guard !blank.contains([row, lessonColumn]) else {
                    checkTrigger(row: row, lesson: lesson)
                    continue
                }
                findings.append(
                    .closingTable(
                        at: cell(table.rows[row], lessonColumn, owner.path).atUnseen(
                            rowTitles[row], titles[lesson], on: table.rows[row].line.text),
                        .title(row: row + 1, named: rowTitles[row], lesson: lesson + 1, title: titles[lesson])))
                checkTrigger(row: row, lesson: lesson)
            }
            for lesson in missing.dropFirst(paired) {
                let line =
                    nextRow < table.rows.count
                    ? table.rows[nextRow].line.number : (table.rows.last?.line.number ?? table.headerLine) + 1
                findings.append(
                    .closingTable(
                        at: SourceLocation(path: owner.path, line: line),
                        .missingRow(title: titles[lesson], lesson: lesson + 1)))
            }
            for row in extra.dropFirst(paired) where !blank.contains([row, lessonColumn]) {
                findings.append(
                    .closingTable(
                        at: cell(table.rows[row], lessonColumn, owner.path),
                        course.lessons.contains(where: { $0.isTitled(rowTitles[row]) })
                            ? .repeated(row: row + 1, named: rowTitles[row])
                            : .notALesson(row: row + 1, named: rowTitles[row])))
            }
            missing = []
            extra = []
        }
        let edits = UnifiedDiff.edits(titles, rowTitles)
        // A row that names a lesson the script left out elsewhere is that lesson's row out of place
        // (two swapped rows, a moved row): one finding at the row, named correctly, and its trigger
        // still checked against its own lesson.
        var unplaced: [Int] = []
        for case .delete(let lesson) in edits { unplaced.append(lesson) }
        var misplaced: [Int: Int] = [:]
        for case .insert(let row) in edits {
            if let position = unplaced.firstIndex(where: { titles[$0].sameBytes(rowTitles[row]) }) {
                misplaced[row] = unplaced.remove(at: position)
            }
        }
        let moved = Set(misplaced.values)
        for edit in edits {
            switch edit {
            case .keep(let lesson, let row):
                settle(nextRow: row)
                checkTrigger(row: row, lesson: lesson)
            case .delete(let lesson):
                if !moved.contains(lesson) { missing.append(lesson) }
            case .insert(let row):
                if let lesson = misplaced[row] {
                    findings.append(
                        .closingTable(
                            at: cell(table.rows[row], lessonColumn, owner.path),
                            .outOfOrder(row: row + 1, named: rowTitles[row], lesson: lesson + 1)))
                    checkTrigger(row: row, lesson: lesson)
                } else {
                    extra.append(row)
                }
            }
        }
        settle(nextRow: table.rows.count)
        return .checked(findings)
    }

    /// The text `course`'s lesson `lesson` declares as its trigger, as the table writes it
    /// (`dördü (2/2/2/2)` for a distribution); nil for none.
    static func declared(_ course: CourseFacts, _ lesson: Int) -> String? {
        guard let declaration = course.lessons[lesson].declaration else { return nil }
        return declaration.distribution.map { "dördü (\($0.map(String.init).joined(separator: "/")))" }
            ?? declaration.value
    }

    /// The cells of `table`'s rows that show nothing, as `[row, column]` (0-based), and their
    /// findings: one per cell holding nothing a reader sees, one per row at its end for the cells
    /// it ends before (GitHub fills them in empty), one for a row that shows nothing at all.
    /// `meant` gives the text a cell needs, when known. Cells past the header's are GitHub's to
    /// drop, and are not read. A trigger wrapped whole (in a comment too) is `wrappedTrigger`'s,
    /// whose message says what hides it.
    static func blankCells(
        in table: Prose.Table, lessonColumn: Int, triggerColumn: Int, path: String,
        meant: (_ row: Int, _ column: Int) -> String?
    ) -> (blank: Set<[Int]>, findings: [Diagnostic]) {
        var blank: Set<[Int]> = []
        var findings: [Diagnostic] = []
        for (index, row) in table.rows.enumerated() {
            let shown = row.cells.prefix(table.header.count)
            let empty = shown.indices.filter {
                shown[$0].showsNothing && ($0 != triggerColumn || shown[$0].wrapped == nil)
            }
            let lost = Array(shown.count..<max(shown.count, table.header.count))
            for column in empty + lost { blank.insert([index, column]) }
            if empty.count == shown.count, shown.allSatisfy(\.showsNothing) {
                findings.append(
                    .closingTable(
                        at: SourceLocation(path: path, line: row.line.number),
                        .emptyRow(row: index + 1, meant: meant(index, lessonColumn))))
                continue
            }
            for column in empty {
                findings.append(
                    .closingTable(
                        at: shown[column].location,
                        .emptyCell(
                            row: index + 1, column: table.header[column], holds: Self.holds(shown[column].source),
                            meant: meant(index, column))))
            }
            if let first = lost.first {
                findings.append(
                    .closingTable(
                        at: SourceLocation(path: path, line: row.line.number, column: row.line.text.utf8.count + 1),
                        .lostCells(
                            row: index + 1, columns: lost.map { table.header[$0] }, meant: meant(index, first))))
            }
        }
        return (blank, findings)
    }

    /// What a cell that shows nothing holds, for its message: nil for blanks alone, its
    /// characters by code point when none shows (a no-break space), else its source quoted.
    static func holds(_ source: String) -> String? {
        let scalars = source.unicodeScalars
        if scalars.allSatisfy({ $0 == " " || $0 == "\t" }) { return nil }
        if scalars.allSatisfy({ $0.properties.isWhitespace || $0.properties.generalCategory == .format }) {
            var named: [Unicode.Scalar] = []
            for scalar in scalars where scalar != " " && scalar != "\t" && !named.contains(scalar) {
                named.append(scalar)
            }
            return named.map(Invisible.name).joined(separator: " and ")
        }
        return "'\(source)'"
    }

    /// What ends a table whose last row is line `lastLine`, when rows follow it that GitHub shows
    /// as text: a blank line, a closed HTML comment, a row indented 4 columns (indented code), a
    /// container's marker before a row (`Leftover.container`).
    /// Read only for a table with too few rows.
    static func end(after lastLine: Int, row: Int, in owner: CourseFacts.LessonFacts) -> Diagnostic.ClosingTable? {
        let lines = owner.lesson.file.lines
        guard lastLine < lines.count else { return nil }
        func isBlank(_ text: String) -> Bool { text.allSatisfy { $0 == " " || $0 == "\t" } }
        /// The lines that look like rows from line index `start` to the next blank line.
        func rows(from start: Int) -> Int {
            start < lines.count
                ? lines[start...].prefix { $0.text.trimmingWhitespaces.hasPrefix("|") }.count : 0
        }
        let text = lines[lastLine].text
        if isBlank(text) {
            guard
                let rest = owner.prose.blocks.first(where: { ($0.segments.first?.line.number ?? 0) > lastLine }),
                rest.kind == .paragraph, rest.segments.first?.text.hasPrefix("|") == true,
                let restLine = rest.segments.first?.line.number,
                lines[lastLine..<(restLine - 1)].allSatisfy({ isBlank($0.text) })
            else { return nil }
            return .brokenAt(rows: rest.segments.count)
        }
        let blank = text.prefix { $0 == " " || $0 == "\t" }
        let trimmed = text.dropFirst(blank.count)
        // A container's marker before the row (`> |`, `- |`, `# |`): it opens a block quote, an
        // item or a heading, which ends the table; the rows after it are lazy lines of that block.
        if let container = Leftover.container(text, before: "|") {
            return .containerLead(line: .row(row), container, rowsAfter: rows(from: lastLine + 1))
        }
        if blank.count > 0, trimmed.hasPrefix("|") {
            let columns = blank.reduce(0) { $1 == "\t" ? ($0 / 4 + 1) * 4 : $0 + 1 }
            guard columns >= 4 else { return nil }
            let written =
                blank.allSatisfy { $0 == " " } ? "\(columns) spaces" : "\(Plural.count(columns, "column")) (with a tab)"
            return .indentedRow(written: written, rowsAfter: rows(from: lastLine) - 1)
        }
        // A tag that opens an HTML block of kind 6 (`<div>`, `<hr>`, `<p></p>`) ends the table, and
        // its block runs on over the rows after it to the next blank line (a tag of kind 7, `<br>`,
        // is a row of its own to cmark-gfm).
        if trimmed.hasPrefix("<"), !trimmed.hasPrefix("<!--"),
            HTMLBlock.start(Array(trimmed.utf8)[...], mayBeType7: false) == 6,
            case let after = rows(from: lastLine + 1), after > 0
        {
            return .htmlLine(rows: after)
        }
        if trimmed.hasPrefix("<!--"),
            let close = lines[lastLine...].firstIndex(where: { $0.text.utf8Offset(of: "-->") != nil }),
            case let after = rows(from: close + 1), after > 0
        {
            // The rows between its `<!--` and its `-->`, hidden: named by their first cells.
            let hides = lines[(lastLine + 1)..<max(lastLine + 1, close)].compactMap { line -> String? in
                let cells = line.text.trimmingWhitespaces.split(separator: "|", omittingEmptySubsequences: false)
                guard line.text.trimmingWhitespaces.hasPrefix("|"), cells.count > 1 else { return nil }
                return String(cells[1]).trimmingWhitespaces
            }
            return .comment(rows: after, hides: hides, open: lastLine + 1, close: close + 1)
        }
        return nil
    }

    /// True when the header row at line `header` (1-based) of `cells` cells is right and the
    /// delimiter row under it slipped: the line after that one is no row, or a row of the header's
    /// cells. Else the header lost or gained a cell, and the finding stays at it.
    static func delimiterSlipped(_ lesson: CourseFacts.LessonFacts, header: Int, cells count: Int) -> Bool {
        let lines = lesson.lesson.file.lines
        guard header + 1 < lines.count, isPiped(lines[header + 1].text) else { return true }
        return cells(lines[header + 1].text).count == count
    }

    /// `|---|---|` with `cells` cells: the delimiter row a header of that many cells needs.
    static func delimiterRow(_ cells: Int) -> String {
        "|" + String(repeating: "---|", count: max(cells, 1))
    }

    /// A row's cells as written, outer pipes dropped, for rows GitHub shows as text.
    private static func cells(_ text: String) -> [String] {
        var row = text.trimmingWhitespaces[...]
        if row.hasPrefix("|") { row = row.dropFirst() }
        if row.hasSuffix("|") { row = row.dropLast() }
        return row.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    private static func isPiped(_ text: String) -> Bool { text.trimmingWhitespaces.hasPrefix("|") }

    /// The closing table's header row in an indented code block (indented 4 columns or more past
    /// its containers' markers, after a blank line): GitHub shows it as code, and the table lines
    /// indented with it (the delimiter row, rows, the whole table) too, the rest as a paragraph of
    /// pipes. One finding at the header, whose fix unindents every table line of that code block,
    /// so the table renders whole in one step.
    static func indentedHeader(in course: CourseFacts) -> Diagnostic? {
        for lesson in course.lessons.reversed() where !lesson.lesson.fencesAreUncertain {
            guard let document = lesson.lesson.document else { continue }
            var found: Diagnostic?
            document.walk { node, _ in
                guard found == nil, node.kind == .indentedCode,
                    let header = node.content.firstIndex(where: {
                        isPiped($0.text) && cells($0.text).contains("Ders") && cells($0.text).contains("Tetik")
                    })
                else { return }
                let content = node.content
                var last = header
                while last + 1 < content.count, content[last + 1].index == content[last].index + 1,
                    isPiped(content[last + 1].text)
                {
                    last += 1
                }
                let lines = lesson.lesson.file.lines
                let raw = lines[content[header].index].text
                let blank = raw.utf8.prefix { $0 == 0x20 || $0 == 0x09 }
                let columns = blank.reduce(0) { $1 == 0x09 ? ($0 / 4 + 1) * 4 : $0 + 1 }
                let written =
                    blank.allSatisfy { $0 == 0x20 }
                    ? "\(columns) spaces" : "\(Plural.count(columns, "column")) (with a tab)"
                let after = content[last].index + 1
                let rest = after < lines.count && isPiped(lines[after].text)
                found = .closingTable(
                    at: SourceLocation(path: lesson.path, line: content[header].index + 1),
                    .indentedHeader(
                        written: written,
                        through: last > header ? (content[header].index + 1, content[last].index + 1, rest) : nil))
            }
            if let found { return found }
        }
        return nil
    }

    /// The closing table's rows written in a paragraph that GitHub shows as text, because its
    /// header row has no delimiter row under it (lost, or typed `|===|`), or because it has no
    /// header row (its delimiter row, or both, lost): one finding at the slipped line, with the
    /// fix. The rows are known by their header (cells `Ders` and `Tetik`) or, without one, by
    /// naming the course's lessons in one column (two at least).
    static func unrenderedRows(in course: CourseFacts) -> Diagnostic? {
        /// A line meant as a delimiter row: pipes and rule characters only (`|===|`, `|—|`).
        func isRule(_ text: String) -> Bool {
            let rule: Set<Character> = ["-", "=", "_", "~", ".", "\u{2010}", "\u{2013}", "\u{2014}", "\u{2212}"]
            let allowed = rule.union(["|", ":", "+", " ", "\t"])
            return text.contains("|") && text.contains(where: rule.contains) && text.allSatisfy(allowed.contains)
        }
        for lesson in course.lessons.reversed() where !lesson.lesson.fencesAreUncertain {
            let blocks = lesson.prose.blocks
            let lines = lesson.lesson.file.lines
            for (position, block) in blocks.enumerated() where block.kind == .paragraph {
                let segments = block.segments
                let at = { (line: Int) in SourceLocation(path: lesson.path, line: line) }
                if let header = segments.firstIndex(where: {
                    isPiped($0.text) && cells($0.text).contains("Ders") && cells($0.text).contains("Tetik")
                }) {
                    let line = segments[header].line.number
                    let row = Self.delimiterRow(cells(segments[header].text).count)
                    // The delimiter row behind a container's marker (`> |---|`): a block of its own.
                    if header + 1 == segments.count, line < lines.count,
                        let container = Leftover.container(lines[line].text, before: "|"),
                        Prose.isDelimiterRow(
                            String(
                                decoding: lines[line].text.utf8.dropFirst(container.indent + container.length),
                                as: UTF8.self))
                    {
                        return .closingTable(
                            at: at(line + 1), .containerLead(line: .delimiter, container, rowsAfter: 0))
                    }
                    if header + 1 < segments.count {
                        let next = segments[header + 1].text
                        guard !Prose.isDelimiterRow(next) else { continue }
                        if isRule(next) {
                            return .closingTable(
                                at: at(line + 1),
                                .slippedDelimiter(
                                    "a delimiter cell is dashes ('-') with optional colons, not '\(next.trimmingWhitespaces)'",
                                    row: row))
                        }
                        return .closingTable(
                            at: at(line),
                            .notRendered("no delimiter row follows it", fix: "insert '\(row)' after line \(line)")
                        )
                    }
                    // The header alone in its paragraph: blank lines part it from its delimiter row.
                    if position + 1 < blocks.count, blocks[position + 1].kind == .paragraph,
                        Prose.isDelimiterRow(blocks[position + 1].firstLine.text)
                    {
                        let delimiter = blocks[position + 1].firstLine.number
                        // A closed comment between them is no block of the prose, but it parts them as a
                        // blank line does: the message names what is there.
                        let between = lesson.lesson.file.lines[line..<(delimiter - 1)]
                        let comment = between.first { $0.text.trimmingWhitespaces.hasPrefix("<!--") }
                        let what =
                            comment.map { "an HTML comment (line \($0.number))" }
                            ?? "a blank line"
                        let fix =
                            delimiter == line + 2
                            ? (comment == nil ? "remove the blank line" : "remove the comment line (it ends the table)")
                            : "remove lines \(line + 1)–\(delimiter - 1)"
                        return .closingTable(
                            at: at(line + 1),
                            .notRendered("\(what) parts its header row (line \(line)) from its delimiter row", fix: fix)
                        )
                    }
                    return .closingTable(
                        at: at(line),
                        .notRendered("no delimiter row follows it", fix: "insert '\(row)' after line \(line)"))
                }
                // No header: rows whose cells name two lessons or more, in the paragraph's first lines.
                guard let first = segments.firstIndex(where: { isPiped($0.text) }) else { continue }
                let rows = segments[first...].prefix { isPiped($0.text) }
                let named = rows.filter { row in
                    cells(row.text).contains { cell in course.lessons.contains { $0.isTitled(cell) } }
                }
                guard named.count >= min(2, course.lessons.count) else { continue }
                let delimiter = Prose.isDelimiterRow(rows[first].text) || isRule(rows[first].text)
                // The header row above behind a heading's marker (`# | Ders |`): a block of its own.
                let above = rows[first].line.number - 2
                if delimiter, above >= 0, let container = Leftover.container(lines[above].text, before: "|"),
                    case let header = cells(String(lines[above].text.dropFirst(container.indent + container.length))),
                    header.contains("Ders") || header.contains("Tetik")
                {
                    return .closingTable(
                        at: SourceLocation(path: lesson.path, line: above + 1, column: container.indent + 1),
                        .containerLead(line: .header, container, rowsAfter: 0))
                }
                let sample = cells((named.first ?? rows[first]).text)
                let ders = sample.firstIndex { cell in course.lessons.contains { $0.isTitled(cell) } }
                let triggers = Set(course.lessons.compactMap { $0.declaration?.value })
                let tetik = sample.firstIndex { triggers.contains($0) || $0.hasPrefix("dördü") }
                // A header row a cell short of the delimiter row under it (`| Ders | Değişiklik |
                // Sınırlayıcı ölçüm |` over four cells): GitHub renders no table, and the slip is the
                // header's lost cell, not a lost header row.
                let second = rows.index(after: first)
                if !delimiter, second < rows.endIndex, Prose.isDelimiterRow(rows[second].text),
                    case let header = cells(rows[first].text), case let columns = cells(rows[second].text).count,
                    header.count != columns, header.contains("Ders") || header.contains("Tetik")
                {
                    let lost = header.contains("Ders") ? ("Tetik", tetik) : ("Ders", ders)
                    var meant: String?
                    if header.count + 1 == columns, let column = lost.1, column <= header.count {
                        var written = header
                        written.insert(lost.0, at: column)
                        meant = "| " + written.joined(separator: " | ") + " |"
                    }
                    return .closingTable(
                        at: at(rows[first].line.number),
                        .headerCells(
                            cells: header.count, delimiter: columns, name: meant == nil ? nil : lost.0, row: meant))
                }
                return .closingTable(
                    at: at(rows[first].line.number),
                    .noHeader(
                        cells: delimiter ? cells(rows[first].text).count : sample.count,
                        ders: ders.map { $0 + 1 }, tetik: tetik.map { $0 + 1 }, delimiter: delimiter))
            }
        }
        return nil
    }

    /// The location of a cell's text, or of its row when the row has fewer cells.
    private func cell(_ row: (cells: [Prose.Table.Cell], line: Line), _ column: Int, _ path: String) -> SourceLocation {
        column < row.cells.count ? row.cells[column].location : SourceLocation(path: path, line: row.line.number)
    }

    /// The column named `name`, or the one header cell a slip away from it (at most two edits, or
    /// `name` with a suffix such as `Dersler`), or the header cell left empty whose rows hold what
    /// the column holds (`blankColumn`).
    static func column(_ name: String, in table: Prose.Table, course: CourseFacts) -> (index: Int, exact: Bool)? {
        if let index = table.column(name) { return (index, true) }
        let near = table.header.indices.filter { index in
            let cell = table.header[index].lowercased()
            return !cell.isEmpty
                && (EditDistance.between(cell, name.lowercased(), atMost: 2) != nil
                    || cell.hasPrefix(name.lowercased()))
        }
        if near.count == 1 { return (near[0], false) }
        return near.isEmpty ? blankColumn(name, in: table, course: course).map { ($0, false) } : nil
    }

    /// The header cell left empty where `name` belongs (`| Ders | Değişiklik | | … |`): GitHub
    /// shows the table, that column untitled. Of the empty header cells, the one whose rows hold
    /// what the column holds (lesson titles for `Ders`, triggers for `Tetik`) in most rows: a
    /// column of other text is not taken for it, so its rows are not judged as titles or triggers.
    static func blankColumn(_ name: String, in table: Prose.Table, course: CourseFacts) -> Int? {
        func holds(_ cell: Prose.Table.Cell) -> Bool {
            let text = Prose.collapsed(cell.name)
            if name == "Ders" { return course.lessons.contains { $0.isTitled(text) } }
            return Triggers.names.contains { $0.declared.sameBytes(text) } || text.hasPrefix("dördü (")
        }
        let empty = table.header.indices.filter { table.header[$0].isEmpty }
        let holding = empty.filter { column in
            let count = table.rows.count { $0.cells.count > column && holds($0.cells[column]) }
            return count * 2 > table.rows.count
        }
        return holding.count == 1 ? holding[0] : nil
    }

    /// The finding at the closing table's header cell `column` (0-based), left empty: `name`, the
    /// column's name when the claim knows it, is written back in the header row the fix gives,
    /// with every other empty cell the claim knows (`known`, by column), so one fix renders it whole.
    static func blankHeader(
        _ column: Int, name: String?, in table: Prose.Table, of lesson: CourseFacts.LessonFacts,
        known: [Int: String] = [:]
    ) -> Diagnostic {
        var header = table.header
        let meant = name.map { name -> String in
            header[column] = name
            for (other, written) in known { header[other] = written }
            return "| " + header.joined(separator: " | ") + " |"
        }
        let lines = lesson.lesson.file.lines
        let text = table.headerLine <= lines.count ? lines[table.headerLine - 1].text : ""
        return .closingTable(
            at: SourceLocation(path: lesson.path, line: table.headerLine, column: cellColumn(column, in: text)),
            .blankHeader(column: column + 1, name: name, row: meant))
    }

    /// The 1-based byte column right after the pipe that opens cell `column` (0-based) of the row
    /// `text`, or where the row starts for a first cell with no pipe before it.
    static func cellColumn(_ column: Int, in text: String) -> Int {
        let bytes = Array(text.utf8)
        guard let lead = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return 1 }
        var pipes = bytes[lead] == UInt8(ascii: "|") ? 0 : 1
        if pipes == 1, column == 0 { return lead + 1 }
        for index in bytes.indices[lead...] where bytes[index] == UInt8(ascii: "|") {
            guard index == 0 || bytes[index - 1] != UInt8(ascii: "\\") else { continue }
            if pipes == column { return index + 2 }
            pipes += 1
        }
        return lead + 1
    }
}

extension ClosingTableClaim {
    /// The first pipe in a row's line `text` that a backslash right before it escapes (cmark-gfm:
    /// whatever precedes the backslash), preferring one outside backticks (a code span's `\|` is
    /// how a pipe is shown in code): the 1-based column of its first backslash, the backslashes as
    /// written, and the 1-based cell it ends up in.
    static func escapedPipe(in text: String) -> (column: Int, backslashes: String, cell: Int)? {
        let bytes = Array(text.utf8)
        let first = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? 0
        var found: [(column: Int, backslashes: String, cell: Int, coded: Bool)] = []
        var pipes = 0
        var ticks = 0
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "`") { ticks += 1 }
            guard bytes[index] == UInt8(ascii: "|") else { continue }
            guard index > 0, bytes[index - 1] == UInt8(ascii: "\\") else {
                if index != first { pipes += 1 }
                continue
            }
            let run = bytes[..<index].reversed().prefix { $0 == UInt8(ascii: "\\") }.count
            found.append((index - run + 1, String(repeating: "\\", count: run), pipes + 1, !ticks.isMultiple(of: 2)))
        }
        guard let escape = found.first(where: { !$0.coded }) ?? found.first else { return nil }
        return (escape.column, escape.backslashes, escape.cell)
    }
}
