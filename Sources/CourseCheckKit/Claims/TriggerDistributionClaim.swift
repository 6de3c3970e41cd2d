import Foundation

/// The sentence in the closing lesson, or in the course index, that counts the single triggers
/// the lessons declare (a lesson declaring a distribution is not counted). Earlier lessons use the
/// same words for recomputation counts, so only the closing lesson and the index are read: the
/// lesson holding the closing table, where the course sums itself up, and the last lesson when the
/// sentence is not there (a course without the table, or a sentence moved to a lesson added after
/// it). A lesson added after the closing one leaves the sentence where it is and judged.
///
/// Which paragraph is the sentence is decided by what it says: it speaks of the course's lessons
/// (a word `ders…`, `dağılım…` or `açılış…`) and counts two triggers at least. A paragraph that
/// ends in a colon takes the list right after it (`- yerel 6`, one item a count). A paragraph
/// that counts without speaking of lessons (`Son sayım: yerel 0, …`, a tree's result) is about
/// something else and is not judged, and so are counts of times (`Açılış dersinde yerel 2 kez`:
/// the opening lesson's recomputations, `Connective.times`) and a sentence about the opening lesson
/// alone (`Açılış dersinde yerel 2, ortam 2 yeniden hesaplama olur`, `openingAside`).
///
/// It is read as a reader reads it: the four triggers in any order, with any connective, with or
/// without emphasis, each with its count right after it (`yerel 6`, `yerel: 6`, `yerel (6)`) or
/// right before it (`6 yerel`, `altı yerel`, `6'sı yerel`, `6 derste yerel`), or the names listed and their counts
/// after them in the same order (`yerel, ebeveyn, gözlem ve ortam: 6, 4, 4, 6`, in parentheses,
/// or right after the last name joined by `ve`: `… gözlem ve ortam 6, 4, 4, 6`), or one count for
/// listed names (`yerel ve ortam 6'şar`, `ebeveyn ve gözlem için 4`, `yerel ve ortam 6`), a name in the locative as the name (`ortamda 6`, `ortam'da 6`), in digits or in Turkish
/// number words, with the small words a Turkish reader reads between them (`Connective`: `gözlem
/// ise 5`, `4 mü 5 mi`, `6, 7 de olabilir`, `altışar yerel ve ortam`; a bound beside a count,
/// `6 (en fazla 7)`, is judged as a bound). It is judged whole: every count it states, a repeated
/// one too, is compared; a count of a name that is not a trigger (`gezinme 2`), a number of lessons (`yirmi dersin`) and
/// the opening lesson's distribution (`2/2/2/2`) too (a count written as a fraction, `yerel 6/20`,
/// is the count and its total, and one written as a share, `yerel %30`, the share of the
/// lessons), and beside it the recomputations that
/// distribution adds up to (`sekiz yeniden hesaplama`). A sentence that counts some triggers but
/// not all is the sentence with its text unreadable: one finding, never "not applicable". Beside
/// it the closing lesson's and the index's statements of the course's lesson count are judged
/// (`CourseLessonCount`), and the opening lesson's own counts of its first tree (`openingCounts`).
package struct TriggerDistributionClaim: ClaimCheck {
    package let id = DiagnosticID.triggerDistribution
    package let spansCourse = true
    package let cost = 6

    package init() {}

    package func check(_ course: CourseFacts) -> ClaimOutcome {
        guard !course.lessons.isEmpty else { return .notApplicable("no lessons") }
        // The closing lesson's and the index's statements of the course's lesson count (`Kurs
        // boyunca yirmi bir ders`, `Kurs yirmi bir dersten oluşur`).
        let courseCounts =
            CourseLessonCount.findings(in: Self.closingLessons(course)[0], lessons: course.lessons.count)
            + (course.index.map {
                CourseLessonCount.findings(in: $0.prose, path: $0.prose.path, lessons: course.lessons.count)
            } ?? [])
        var findings = courseCounts
        var judged = false
        for lesson in Self.closingLessons(course) {
            if let sentence = Self.candidates(in: lesson).first {
                judged = true
                findings += Self.heading(sentence, file: lesson.lesson.file, path: lesson.path)
                findings += judge(sentence, path: lesson.path, course)
            } else if lesson.lesson.fencesAreUncertain {
                // After a fence slip the sentence may be inside a block that pairs wrongly: the slip is the finding.
                judged = true
            } else if let hidden = Self.hiddenSentence(in: lesson) {
                // The sentence written in the source but hidden by the rendering: one finding, there.
                judged = true
                findings.append(.triggerDistributionHidden(at: hidden.location, reason: hidden.reason))
            }
            if judged { break }
        }
        let openingCounts = Self.openingCounts(course)
        findings += openingCounts
        if let index = course.index, let sentence = Self.candidates(in: index).first {
            judged = true
            findings += Self.heading(sentence, file: index.file, path: index.prose.path)
            findings += judge(sentence, path: index.prose.path, course)
        }
        guard judged || !courseCounts.isEmpty || !openingCounts.isEmpty else {
            return .notApplicable("no paragraph of the closing lesson or the index counts the lessons' triggers")
        }
        return .checked(findings)
    }

    /// The opening lesson's own statements of its first tree's counts: in the one lesson whose
    /// trigger is a distribution (`Bu dersin tetiği: **… (2/2/2/2)**`, sound: its first tree prints
    /// those `countCauses` lines), a sentence that counts all four triggers by name (`yerel 2,
    /// ebeveyn 2, gözlem 2, ortam 2`, `ikisi yerel, ikisi ebeveyn, …`), read by the distribution
    /// sentence's reader, and the recomputations it states beside them (`sekiz yeniden hesaplama`):
    /// each wrong count one finding at it, against the tree. A sentence counting fewer (`bir yerel,
    /// bir ebeveyn`: another tree's) is not read; other lessons' counts are of trees the sentence
    /// does not name, and are not read.
    static func openingCounts(_ course: CourseFacts) -> [Diagnostic] {
        let openings = course.lessons.indices.filter { course.lessons[$0].declaration?.distribution != nil }
        guard openings.count == 1, DeclaredTriggerClaim.isSound(openings[0], in: course) else { return [] }
        let lesson = course.lessons[openings[0]]
        // The first tree must be the first that ran, as the declaration is judged (`DeclaredTriggerClaim`).
        guard let tree = lesson.lesson.trees.first, lesson.treeBlocks.first == tree.block,
            !lesson.lesson.fencesAreUncertain, let output = lesson.outputs.first ?? nil,
            let counted = Triggers.counts(inOutput: output)
        else { return [] }
        let line = tree.block.opening.number
        var findings: [Diagnostic] = []
        for block in lesson.prose.blocks {
            // Bytes first: a block without the four names states none of the counts (most blocks).
            let named = { (bytes: UnsafeBufferPointer<UInt8>) in
                Triggers.names.allSatisfy { CourseLessonCount.holds($0.declared, in: bytes) }
            }
            // Only a sentence whose source names the four is split into words.
            for characters in CourseLessonCount.readableSentences(of: block, where: named) {
                let words = Self.words(characters)
                var start = 0
                while start < words.count {
                    let range = Self.sentence(words, holding: start)
                    start = range.upperBound
                    // A sentence that names the four, read: another states none of the counts.
                    guard
                        Triggers.names.allSatisfy({ name in range.contains { name.declared.sameBytes(words[$0].text) } }
                        )
                    else { continue }
                    let sentence = Self.reading(Array(words[range]), ofRecomputations: true)
                    guard sentence.counts.allSatisfy({ !$0.isEmpty }), sentence.unknown.isEmpty else { continue }
                    func location(_ word: Int) -> SourceLocation {
                        block.location(of: sentence.words[word].offset, in: lesson.path)
                    }
                    // In reading order: each count, then the recomputations, by where they stand.
                    var found: [(word: Int, finding: Diagnostic)] = []
                    for (index, stated) in Triggers.names.indices.flatMap({ i in sentence.counts[i].map { (i, $0) } })
                    where stated.value != counted[index] {
                        let word = sentence.words[stated.word]
                        // A possessive count (`üçü yerel`) is written as one (`ikisi`).
                        let possessive =
                            Self.possessives[word.text] == nil
                            ? nil : Self.possessives.first { $0.value == counted[index] }?.key
                        let write = possessive.map {
                            word.written.first?.isUppercase == true ? CourseLessonCount.capitalised($0) : $0
                        }
                        found.append(
                            (
                                stated.word,
                                .openingCount(
                                    at: location(stated.word), trigger: Triggers.names[index].declared,
                                    stated: stated.value, counted: counted[index],
                                    printed: Triggers.names[index].printed,
                                    tree: line,
                                    write: write ?? CourseLessonCount.spelled(counted[index], like: [word.written]),
                                    written: word.written)
                            ))
                    }
                    if let stated = sentence.recomputations, stated.value != counted.reduce(0, +) {
                        let length = Self.number(sentence.words, at: stated.word)?.length ?? 1
                        let text = (stated.word..<stated.word + length).map { sentence.words[$0].written }
                        found.append(
                            (
                                stated.word,
                                .openingRecomputations(
                                    at: location(stated.word), stated: stated.value, counted: counted, tree: line,
                                    write: CourseLessonCount.spelled(counted.reduce(0, +), like: text),
                                    written: text.joined(separator: " "))
                            ))
                    }
                    findings += found.sorted { $0.word < $1.word }.map(\.finding)
                }
            }
        }
        return findings
    }

    /// The sentence made a heading: `### ` typed before it (`Leftover.container`, the one reader of
    /// a line's markers: the fix deletes them), or `---` / `===` typed under it (a setext underline,
    /// the slip where it is). One finding, at the slip; none for a paragraph.
    private static func heading(_ sentence: Candidate, file: SourceFile, path: String) -> [Diagnostic] {
        let block = sentence.blocks[0]
        guard case .heading = block.kind else { return [] }
        if let underline = NoteSeriesClaim.setextUnderline(block), file.lines.indices.contains(underline - 1) {
            let text = file.lines[underline - 1].text
            let blanks = text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
            return [
                .triggerDistributionHeading(
                    at: SourceLocation(path: path, line: underline, column: blanks + 1),
                    .underline(String(text.dropFirst(blanks)).trimmingWhitespaces, sentence: block.firstLine.number))
            ]
        }
        guard let marker = Leftover.container(block.firstLine.text) else { return [] }
        return [
            .triggerDistributionHeading(
                at: SourceLocation(path: path, line: block.firstLine.number, column: marker.indent + 1),
                .marker(marker))
        ]
    }

    /// The findings of one sentence: a name that is not a trigger or is written with a character a
    /// reader cannot see, an unreadable count, then every count against the lessons' declarations.
    private func judge(_ sentence: Candidate, path: String, _ course: CourseFacts) -> [Diagnostic] {
        var findings = sentence.blocks.flatMap {
            GitHubOnlyText.warnings(in: $0, path: path, claim: "distribution sentence")
        }
        func location(_ word: Int) -> SourceLocation { sentence.location(ofWord: word, in: path) }
        // A count in another script's digits (`yerel ٦`): readers read 6, no claim reads it; at the
        // digit, and nothing the count would settle is judged.
        // A number-form character (`yerel ⑥`, `ortam Ⅵ`) is a count only beside a trigger that has
        // none: elsewhere it is an enumerator (`① yerel 6`, `(ⅱ) ebeveyn 4`) or a reference (`Ⅱ. bölüm`).
        let uncounted = Triggers.names.indices.filter { sentence.counts[$0].isEmpty }.map {
            Triggers.names[$0].declared
        }
        func besideUncounted(_ word: Int) -> Bool {
            [word - 1, word + 1].contains { at in
                sentence.words.indices.contains(at) && uncounted.contains { $0.sameBytes(sentence.words[at].text) }
            }
        }
        // A Roman numeral in ASCII capitals (`ortam VI`) too, only there.
        func romanWord(_ written: String) -> OtherDigits.Number? {
            guard !uncounted.isEmpty, let first = written.utf8.first, first >= 0x43, first <= 0x58 else { return nil }
            return OtherDigits.romanWord(written)
        }
        let others: [(Int, OtherDigits.Number)] = sentence.words.indices.compactMap { index in
            let written = sentence.words[index].written
            return (OtherDigits.leading(written) ?? romanWord(written) ?? Self.lookAlikeCount(written)).map {
                (index, $0)
            }
        }.filter { index, number in number.form == .script || besideUncounted(index) }
        if !others.isEmpty {
            return findings
                + others.map { index, number in
                    let word = sentence.words[index]
                    return .otherDigits(
                        .triggerDistribution,
                        at: sentence.blocks[word.block].location(of: word.offset + number.otherOffset, in: path),
                        number, what: "the count")
                }
        }
        for (word, trigger) in sentence.unseen {
            // At the character, where the word is written as read (no entity before it).
            let (written, block) = (sentence.words[word].written, sentence.blocks[sentence.words[word].block])
            let offset = Diagnostic.unseenSlip(written, trigger)?.offset ?? 0
            let start = sentence.words[word].offset
            let holds = block.source.utf8.dropFirst(start).starts(with: written.utf8.prefix(offset))
            findings.append(
                .triggerDistributionName(
                    at: block.location(of: start + (holds ? offset : 0), in: path),
                    .unseen(written: written, trigger: trigger)))
        }
        // A name split in two (`ebe veyn 4`, `or-` over `tam 6`): read as the name, the split named, at it.
        for word in sentence.words.indices {
            guard let split = sentence.words[word].split else { continue }
            let block = sentence.blocks[sentence.words[word].block]
            let wrapped = block.location(of: split.second, in: path).line != location(word).line
            findings.append(
                .triggerDistributionName(
                    at: location(word),
                    .split(written: split.written, trigger: sentence.words[word].text, wrapped: wrapped)))
        }
        let missing = Triggers.names.indices.filter { sentence.counts[$0].isEmpty }
        // A count of a name that is not a trigger is the slip; a trigger it may stand for is then not missing too.
        for word in sentence.unknown {
            let name = sentence.words[word].text
            let near = missing.map { Triggers.names[$0].declared }.first {
                EditDistance.between(name, $0, atMost: 2) != nil
            }
            findings.append(.triggerDistributionName(at: location(word), .unknown(name, near: near)))
        }
        guard sentence.unknown.isEmpty else { return findings }
        if let list = sentence.shortList {
            findings.append(
                .triggerDistributionShortList(
                    at: location(list.counts.last!), names: list.names.map { sentence.words[$0].written },
                    counts: list.counts.map { sentence.words[$0].written }))
            return findings
        }
        guard missing.isEmpty else {
            // At the first name written without a count (a list item that lost its count), else at the paragraph.
            let firstNamed = missing.lazy.compactMap { trigger in
                sentence.words.indices.first { Triggers.names[trigger].declared.sameBytes(sentence.words[$0].text) }
                    .map { (trigger, $0) }
            }.first
            // Its count a number word typed with a slip (`yerel alti`, `ebeveyn dort`): the slip, at it.
            if let (trigger, name) = firstNamed,
                let after = [name + 1, name - 1].first(where: { at in
                    sentence.words.indices.contains(at) && sentence.words[max(at, name)].gap.allSatisfy { $0 == ":" }
                        && Self.slippedNumber(sentence.words, at: at, length: 1) != nil
                }),
                let slipped = Self.slippedNumber(sentence.words, at: after, length: 1)
            {
                let count = Self.declaredCounts(course)?[trigger]
                findings.append(
                    misspelt(
                        NumberSlip(word: after, meant: slipped.meant, words: after..<after + 1), sentence, path: path,
                        stated: slipped.value, actual: count ?? slipped.value,
                        wrong: {
                            Diagnostic.triggerDistributionCountStated(
                                trigger: Triggers.names[trigger].declared, stated: slipped.value, actual: count ?? 0)
                        }))
                return findings
            }
            // A distributive count typed with a slip (`yerel ve ortam altışr`): the slip, at it,
            // judged against the first name it would count.
            if let (trigger, _) = firstNamed,
                let (word, meant) = sentence.words.indices.lazy.compactMap({ at in
                    Self.meantDistributive(sentence.words[at].text).map { (at, $0) }
                }).first, let stated = Self.distributives[meant]
            {
                let actual = Self.declaredCounts(course)?[trigger] ?? stated
                let write = Self.distributives.first { $0.value == actual }?.key ?? meant
                let written = sentence.words[word].written
                findings.append(
                    .misspeltNumber(
                        at: location(word), written: written, meant: meant,
                        wrong: stated == actual
                            ? nil
                            : "'\(meant)' "
                                + Diagnostic.triggerDistributionCountStated(
                                    trigger: Triggers.names[trigger].declared, stated: stated, actual: actual),
                        write: write, for: written))
                return findings
            }
            let named = firstNamed?.1
            findings.append(
                .triggerDistributionUnreadable(
                    at: location(named ?? 0), missing: missing.map { Triggers.names[$0].declared }))
            return findings
        }
        // A declaration its own lesson contradicts, or a lesson without one when others have one,
        // is reported once, by declared-trigger; the counts are then not known, so the sentence is
        // not judged.
        let declarations = course.lessons.map(\.declaration)
        guard let actual = Self.declaredCounts(course) else { return findings }
        // Every count the sentence states, in reading order: a second count of one trigger is read too.
        // One count for several names (`ebeveyn ve gözlem 5'er`) is one finding.
        let stated = Triggers.names.indices.flatMap { index in sentence.counts[index].map { (index, $0) } }
        var wrong: [Int: [(trigger: String, claimed: Int, actual: Int)]] = [:]
        // A share (`yerel %30`) is judged as the share of the lessons the counts cover.
        let lessons = actual.reduce(0, +)
        for (index, claimed) in stated where sentence.shares.contains(claimed.word) {
            guard !Self.shareAgrees(claimed.value, count: actual[index], of: lessons) else { continue }
            findings.append(
                .triggerDistributionShare(
                    at: location(claimed.word), trigger: Triggers.names[index].declared,
                    written: sentence.words[claimed.word].written, stated: claimed.value, actual: actual[index],
                    of: lessons))
        }
        for (index, claimed) in stated where claimed.value != actual[index] && !sentence.shares.contains(claimed.word) {
            wrong[claimed.word, default: []].append((Triggers.names[index].declared, claimed.value, actual[index]))
        }
        // The number of lessons it counts (`yirmi dersin`) and its total (`toplam 20`): those its
        // counts cover, which a lesson declaring a distribution is not among.
        let counted = actual.reduce(0, +)
        // A lesson added (or removed) moves the number of lessons and one trigger's count by as
        // much: both left as they were is one slip, the sentence not updated, so one finding at the
        // number names both fixes.
        var updated: Int?
        if let total = sentence.total, total.word != sentence.totalSlip?.words.lowerBound, total.value != counted,
            wrong.count == 1, let (word, counts) = wrong.first, counts.count == 1,
            counts[0].actual - counts[0].claimed == counted - total.value
        {
            findings.append(
                .triggerDistributionNotUpdated(
                    at: location(total.word), stated: total.value, actual: counted, count: counts[0]))
            updated = word
        }
        for word in wrong.keys.sorted() where word != updated {
            findings.append(.triggerDistribution(at: location(word), wrong[word]!))
        }
        // A bound beside a count (`ortam 6 (en fazla 7)`, `6 (7'den az)`) states no count: only a
        // bound that does not hold is a finding.
        func holds(_ count: Int, upper: Bool, strict: Bool, _ value: Int) -> Bool {
            switch (upper, strict) {
            case (true, false): count <= value
            case (true, true): count < value
            case (false, false): count >= value
            case (false, true): count > value
            }
        }
        for bound in sentence.bounds {
            let count = actual[bound.trigger]
            switch bound.reading {
            case .stated: break
            // A question asks the bound and asserts none: nothing to judge.
            case .asked: continue
            // A direction with no verb (`5'in altına`): one finding at its number, offering the
            // verb only where the bound it then says holds.
            case .verbless(let direction, let verb):
                let denied = Connective.negated((bound.upper, bound.strict))
                findings.append(
                    .triggerDistributionVerblessBound(
                        at: location(bound.word), trigger: Triggers.names[bound.trigger].declared,
                        direction: direction,
                        verb: holds(count, upper: denied.upper, strict: denied.strict, bound.value) ? verb : nil,
                        bound: bound.value, upper: denied.upper))
                continue
            }
            guard !holds(count, upper: bound.upper, strict: bound.strict, bound.value) else { continue }
            findings.append(
                .triggerDistributionBound(
                    at: location(bound.word), trigger: Triggers.names[bound.trigger].declared, bound: bound.value,
                    upper: bound.upper, strict: bound.strict, actual: count))
        }
        if let slip = sentence.totalSlip {
            findings.append(
                misspelt(
                    slip, sentence, path: path, stated: slip.value, actual: counted,
                    wrong: { Diagnostic.triggerDistributionTotalStated(slip.value, actual: counted) }))
        }
        if let total = sentence.total, total.word != sentence.totalSlip?.words.lowerBound, total.value != counted,
            updated == nil
        {
            findings.append(.triggerDistributionTotal(at: location(total.word), stated: total.value, actual: counted))
        }
        for total in sentence.restated where total.value != counted {
            findings.append(.triggerDistributionTotal(at: location(total.word), stated: total.value, actual: counted))
        }
        if let sum = sentence.sum, sum.value != counted {
            findings.append(.triggerDistributionSum(at: location(sum.word), stated: sum.value, actual: counted))
        }
        // The totals of counts written as fractions (`yerel 6/20`): the lessons the counts cover. The
        // same wrong total after every count is one slip, made once a count: one finding, at the first.
        let wrongTotals = sentence.fractions.filter { $0.value != counted }
        if sentence.fractions.count > 1, wrongTotals.count == sentence.fractions.count,
            Set(wrongTotals.map(\.value)).count == 1
        {
            findings.append(
                .triggerDistributionFractionTotal(
                    at: location(wrongTotals[0].word), written: nil, stated: wrongTotals[0].value, actual: counted))
        } else {
            for total in wrongTotals {
                let words = sentence.words
                let written =
                    (total.trigger.map { Triggers.names[$0].declared + " " } ?? "") + words[total.word - 1].written
                    + "/" + words[total.word].written
                findings.append(
                    .triggerDistributionFractionTotal(
                        at: location(total.word), written: written, stated: total.value, actual: counted))
            }
        }
        // The opening lesson's distribution (`ayrıca 2/2/2/2`): the one lesson that declares one.
        let openings = course.lessons.indices.filter { declarations[$0]?.distribution != nil }
        if let quad = sentence.quad, openings.count == 1, let declared = declarations[openings[0]]?.distribution,
            DeclaredTriggerClaim.isSound(openings[0], in: course), quad.values != declared
        {
            let first = quad.values.indices.first { quad.values[$0] != declared[$0] } ?? 0
            findings.append(
                .triggerDistributionOpening(
                    at: location(quad.words[first]), stated: quad.values, path: course.lessons[openings[0]].path,
                    declared: declared))
        }
        // The recomputations that distribution adds up to, stated beside it (`çekirdek sekiz yeniden hesaplama`).
        if let stated = sentence.recomputations, sentence.quad != nil, openings.count == 1,
            let declared = declarations[openings[0]]?.distribution,
            DeclaredTriggerClaim.isSound(openings[0], in: course), let slip = sentence.recomputationsSlip
        {
            findings.append(
                misspelt(
                    slip, sentence, path: path, stated: stated.value, actual: declared.reduce(0, +),
                    wrong: {
                        Diagnostic.triggerDistributionRecomputationsStated(
                            stated.value, path: course.lessons[openings[0]].path, declared: declared)
                    }))
        } else if let stated = sentence.recomputations, sentence.quad != nil, openings.count == 1,
            let declared = declarations[openings[0]]?.distribution,
            DeclaredTriggerClaim.isSound(openings[0], in: course),
            stated.value != declared.reduce(0, +)
        {
            findings.append(
                .triggerDistributionRecomputations(
                    at: location(stated.word), stated: stated.value, path: course.lessons[openings[0]].path,
                    declared: declared))
        }
        return findings
    }

    /// How many lessons declare each trigger, in `Triggers.names` order; nil when a declaration its
    /// own lesson contradicts, or a lesson without one when others have one, leaves them unknown.
    private static func declaredCounts(_ course: CourseFacts) -> [Int]? {
        let declarations = course.lessons.map(\.declaration)
        guard
            declarations.indices.allSatisfy({ declarations[$0] == nil || DeclaredTriggerClaim.isSound($0, in: course) }
            ),
            !(declarations.contains(where: { $0 == nil }) && declarations.contains(where: { $0 != nil }))
        else { return nil }
        var actual = Triggers.names.map { _ in 0 }
        for declaration in declarations {
            guard let printed = declaration?.printed,
                let index = Triggers.names.firstIndex(where: { $0.printed == printed })
            else { continue }
            actual[index] += 1
        }
        return actual
    }

    /// The finding of a number word typed with a slip (`slip`) whose number meant is `stated`, where
    /// `actual` is right: at the slipped word, with what the number meant says (`wrong`) when it is not.
    private func misspelt(
        _ slip: NumberSlip, _ sentence: Candidate, path: String, stated: Int, actual: Int, wrong: () -> String
    ) -> Diagnostic {
        let words = sentence.words
        let meant = Self.corrected(words, slip.words, slip: slip.word, meant: slip.meant)
        let written = slip.words.map { words[$0].written }
        return .misspeltNumber(
            at: sentence.location(ofWord: slip.word, in: path), written: words[slip.word].written, meant: slip.meant,
            wrong: stated == actual ? nil : "'\(meant)' " + wrong(),
            write: stated == actual
                ? meant : CourseLessonCount.spelled(actual, like: meant.split(separator: " ").map(String.init)),
            for: written.joined(separator: " "))
    }

    /// Whether the number at `number` before the lesson word at `lessonWord`, after the sentence's
    /// number of lessons, names the same lessons again: in a sentence that leaves the opening lesson
    /// out (`açılış dışındaki yirmi dersin`), not picked out of them (`son iki ders`, `bu iki
    /// dersin`, `…ki`) nor placed in time (`iki ders önce`), as `CourseLessonCount` reads.
    private static func restates(_ words: [Word], number: Int, lessonWord: Int) -> Bool {
        if number > 0, words[number].gap.isEmpty {
            let before = words[number - 1].text
            // `…ki` picks them (`yukarıdaki iki ders`), but `dışındaki` and `sonraki` leave the opening one out.
            let leaving = exceptions.contains { before.hasPrefix($0) }
            if CourseLessonCount.picking.contains(before) || before.hasSuffix("ki") && !leaving { return false }
        }
        if lessonWord + 1 < words.count, words[lessonWord + 1].gap.isEmpty,
            CourseLessonCount.placing.contains(words[lessonWord + 1].text)
        {
            return false
        }
        return leavesOutOpening(words, in: sentence(words, holding: number))
    }

    /// The paragraphs that may be the sentence, the likeliest first: the ones that count all four
    /// triggers, then those that name a distribution or a number of lessons, then in reading order.
    /// Found once for a lesson's text, whoever asks first (`prepare`, beside the trees' runs).
    static func candidates(in lesson: CourseFacts.LessonFacts) -> [Candidate] {
        lesson.distributionCandidates.once { findCandidates(in: lesson.prose) }
    }

    /// The index's candidates, found once for its text.
    static func candidates(in index: CourseFacts.Index) -> [Candidate] {
        index.distributionCandidates.once { findCandidates(in: index.prose) }
    }

    /// The sentence of `words` holding word `index`: from after the last `.`, `!` or `?` before it to the next.
    static func sentence(_ words: [Word], holding index: Int) -> Range<Int> {
        func ends(_ at: Int) -> Bool { words[at].gap.contains { ".!?".contains($0) } }
        let start = (words.indices.prefix(index + 1).last { $0 > 0 && ends($0) }) ?? 0
        let end = words.indices.suffix(from: index + 1).first { ends($0) } ?? words.count
        return start..<end
    }

    /// Whether the words in `range` give a number of lessons (`yirmi dersin`, `21 ders`): a number
    /// above one right before a word for lessons.
    private static func numbersLessons(_ words: [Word], in range: Range<Int>) -> Bool {
        range.contains { at in
            words[at].text.hasPrefix("ders") && !words[at].separated
                && [1, 2].contains { length in
                    at - length >= range.lowerBound
                        && number(words, at: at - length).map { $0.length == length && $0.value > 1 } == true
                }
        }
    }

    /// The words that, after the opening lesson's name (`açılış dersi dışındaki`, `hariç`,
    /// `haricinde`, `saymazsak`, `sayılmadan`, `açılış dersinden sonraki`, `başka`), leave it out:
    /// the sentence then speaks of the other lessons.
    private static let exceptions = ["dışında", "hariç", "haric", "sayma", "sayılma", "sonra", "başka"]

    /// Whether the sentence `range` of `words` leaves the opening lesson out (`açılış dersi
    /// dışındaki`, `açılış hariç`): it speaks of the other lessons.
    static func leavesOutOpening(_ words: [Word], in range: Range<Int>) -> Bool {
        range.contains { at in
            guard words[at].text.hasPrefix("açılış") else { return false }
            // The word after `açılış`, or after the lesson word right after it (`açılış dersi dışındaki`).
            var after = at + 1
            if after < range.upperBound, words[after].text.hasPrefix("ders"), words[after].gap.isEmpty {
                after += 1
            }
            return after < range.upperBound && exceptions.contains { words[after].text.hasPrefix($0) }
        }
    }

    /// `words` with every trigger name of a sentence about the opening lesson alone set aside
    /// (`Açılış dersinde yerel 2, ortam 2 yeniden hesaplama olur`: its own recomputations, however
    /// counted), or nil when it has none. A sentence speaks of the opening lesson when a word opens
    /// with `açılış` (`açılış dersinin`, `açılışta`), and of it alone when it speaks of no other
    /// lessons: no plural lesson word (`derslerin`), no number of lessons (`yirmi dersin`), and the
    /// opening lesson not left out (`Açılış dersi dışındaki yirmi dersin tetik dağılımı`, the
    /// sentence itself). Its `2/2/2/2` and `sekiz yeniden hesaplama` are still read as the opening
    /// lesson's.
    static func openingAside(_ words: [Word]) -> [Word]? {
        var result: [Word]?
        var index = 0
        while index < words.count {
            defer { index += 1 }
            guard words[index].text.hasPrefix("açılış") else { continue }
            let range = sentence(words, holding: index)
            index = range.upperBound - 1
            guard !leavesOutOpening(words, in: range), !range.contains(where: { words[$0].text.hasPrefix("dersler") }),
                !numbersLessons(words, in: range)
            else { continue }
            if result == nil { result = words }
            for word in range { result![word].aside = true }
        }
        return result
    }

    /// `words` with each number of times no count (`2 kez`, `on iki kere`, `ikişer kez`: a number
    /// `Connective.times` follows counts how often, a tree's recomputations: `Açılış dersinde yerel
    /// 2 kez, ortam 2 kez değişir`), or nil when it has none. In a sentence that names the
    /// distribution and a number of lessons (`yirmi dersin tetik dağılımı: … ortam 6 kez`) the times
    /// are the lessons', and counts.
    static func timesUncounted(_ words: [Word]) -> [Word]? {
        var result: [Word]?
        /// Whether the sentence names the distribution and a number of lessons (`yirmi dersin`).
        func namesTheLessons(_ range: Range<Int>) -> Bool {
            range.contains { words[$0].text.hasPrefix("dağılım") } && numbersLessons(words, in: range)
        }
        for index in words.indices.dropFirst() where Connective.countsTimes(words, at: index) {
            if namesTheLessons(sentence(words, holding: index)) { continue }
            for length in [2, 1] where index - length >= 0 {
                guard let found = number(words, at: index - length), found.length == length else { continue }
                if result == nil { result = words }
                for word in (index - length)..<index { result![word].notACount = true }
                break
            }
        }
        return result
    }

    /// The words for "in lessons" a number before them counts, and the name after them (`6 derste yerel`).
    static let inLessons: Set<String> = ["derste", "derslerde"]

    /// The words for lessons a number after them names (`ders 12`, `dersler 2, 5 ve 7`: lesson 12).
    private static let namingLessonWords: Set<String> = ["ders", "dersler"]

    /// `words` with each number that names or measures something else no count, or nil when it
    /// has none: an ordinal (`12. ders`, `2. derste`; in a parenthesis before any word, `(12.
    /// sırada)`), a list of numbers an ordinal of lessons ends (`6, 11, 18 ve 21. dersler`, `2.,
    /// 5. ve 7. dersler`, `2.–20. dersler`) or a lesson word opens (`ders 2, 5 ve 7`), a year
    /// (four digits, `2026 sürümünde`, `2025'ten beri`) and a percentage (`yüzde 30`; `%30` and
    /// `30%` are none by `words`). A number right after a name outside a parenthesis is its count,
    /// a full stop after it the sentence's end (`ortam 6. Açılış`, `ortam 6. dersler …`); each of
    /// these a reader reads as the lesson, the year or the share it is. Asked of a candidate's
    /// words only, after the byte prefilter.
    static func othersUncounted(_ words: [Word]) -> [Word]? {
        /// Whether the word at `at` is digits, the only numbers that take the ordinal's full stop.
        func digits(_ at: Int) -> Bool {
            at < words.count && !words[at].notACount && words[at].caseEnding == nil && !words[at].distributive
                && words[at].text.utf8.first.map { $0 >= 0x30 && $0 <= 0x39 } == true
                && words[at].text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        // The cheap question first: a digit word, `yüzde`, or a word for lessons before a number.
        guard
            words.indices.contains(where: { at in
                let stopped = at + 1 < words.count && words[at + 1].gap.hasPrefix(".")
                let first = words[at].text.utf8.first ?? 0
                let year = words[at].text.utf8.count == 4 && first >= 0x30 && first <= 0x39
                return year || digits(at) && stopped || words[at].text == "yüzde"
                    || namingLessonWords.contains(words[at].text)
            })
        else { return nil }
        var result = words
        var changed = false
        func uncount(_ at: Int) {
            result[at].notACount = true
            changed = true
        }
        // Which words stand inside a parenthesis: opened in a gap before them and not yet closed.
        var depth = 0
        var inside = [Bool](repeating: false, count: words.count)
        for at in words.indices {
            for character in words[at].gap {
                if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
            }
            inside[at] = depth > 0
        }
        /// Whether `word` is written opening with a small letter (an ordinal's noun; a sentence after a full stop opens with a capital).
        func small(_ at: Int) -> Bool { words[at].written.first.map { $0.isLetter && $0.isLowercase } == true }
        func isName(_ at: Int) -> Bool { Triggers.names.contains { $0.declared.sameBytes(words[at].text) } }
        /// The marks of a list of lesson numbers between two of them: a comma or a dash, after an ordinal's full stop or not.
        func joinsList(_ gap: String) -> Bool {
            let marks = gap.hasPrefix(".") ? String(gap.dropFirst()) : gap
            return [",", "-", "\u{2013}", "\u{2014}"].contains(marks)
        }
        /// The next member of a list of numbers after the number at `at`: after a comma or a dash,
        /// or after `ve`, `ile`, `veya`, `ila` (a full stop before it for an ordinal).
        func nextMember(_ at: Int) -> Int? {
            let next = at + 1
            guard next < words.count else { return nil }
            if joinsList(words[next].gap), digits(next) { return next }
            if words[next].gap.isEmpty || words[next].gap == ".",
                ["ve", "ile", "veya", "ila"].contains(words[next].text), next + 1 < words.count,
                words[next + 1].gap.isEmpty, digits(next + 1)
            {
                return next + 1
            }
            return nil
        }
        // Right to left: an ordinal, or a list member whose next member names a lesson.
        var lesson = [Bool](repeating: false, count: words.count)
        for at in words.indices.reversed() {
            // A year takes any ending (`2026'da`, `2025'ten beri`).
            if words[at].text.utf8.count == 4, !words[at].notACount, let year = Int(words[at].text), year >= 1000 {
                uncount(at)
                continue
            }
            guard digits(at) else { continue }
            // Outside a parenthesis a number right after a name (or a word read past after one)
            // is its count, a full stop after it the sentence's end (`ortam 6. dersler ise …`).
            let counts =
                !inside[at] && at > 0
                && (isName(at - 1) || Connective.beforeCount.contains(words[at - 1].text) && at > 1 && isName(at - 2))
            if at + 1 < words.count, words[at + 1].gap == ".", small(at + 1), !isName(at + 1), !counts,
                words[at + 1].text.hasPrefix("ders") || inside[at]
            {
                lesson[at] = true
            } else if let next = nextMember(at), lesson[next] {
                lesson[at] = true
            }
        }
        // Left to right: a number a word for lessons opens (`ders 12`), and the list it opens.
        for at in words.indices where digits(at) && !lesson[at] && at > 0 {
            if namingLessonWords.contains(words[at - 1].text), words[at].gap.isEmpty {
                lesson[at] = true
            }
            guard lesson[at] else { continue }
            var member = at
            while let next = nextMember(member) {
                lesson[next] = true
                member = next
            }
        }
        for at in words.indices where lesson[at] { uncount(at) }
        // A percentage: `yüzde` and the number right after it.
        for at in words.indices.dropLast() where words[at].text == "yüzde" && words[at + 1].gap.isEmpty {
            guard let found = number(words, at: at + 1) else { continue }
            for word in (at + 1)..<(at + 1 + found.length) { uncount(word) }
        }
        return changed ? result : nil
    }

    /// A number word typed with a slip where a claim reads a count: the word, the word meant, and
    /// the number's words.
    struct NumberSlip: Sendable {
        var word: Int
        var meant: String
        var words: Range<Int>
        var value = 0
    }

    /// A paragraph that may be the sentence (with the list it introduces), its words as rendered,
    /// and what it states: the counts it gives each trigger (in `Triggers.names` order; none, one,
    /// or more when it counts a trigger again), by word.
    struct Candidate: Sendable {
        var blocks: [Prose.TextBlock]
        var words: [Word]
        var counts: [[(value: Int, word: Int)]]
        /// Words counted as if names of triggers that are not triggers (`gezinme 2` among the counts).
        var unknown: [Int] = []
        /// Words that read as a trigger but differ from it in bytes (a decomposed or look-alike
        /// letter), with the trigger.
        var unseen: [(word: Int, trigger: String)] = []
        /// The number of lessons it names (`yirmi dersin`).
        var total: (value: Int, word: Int)?
        /// The number of lessons named again after `total`, in a sentence that leaves the opening
        /// lesson out (`dağılım ise açılış dışındaki yirmi dersin tetiğini sayar`, `Açılış dersi
        /// dışındaki yirmi ders de bir tetik bildirir`): the same number, each judged as `total` is.
        var restated: [(value: Int, word: Int)] = []
        /// A number word of `total` or `recomputations` typed with a slip (`yrmi dersin`, `sekz
        /// yeniden hesaplama`): the slipped word, the word meant and the number's words.
        var totalSlip: NumberSlip?
        var recomputationsSlip: NumberSlip?
        /// The total it gives its counts (`toplam 20`).
        var sum: (value: Int, word: Int)?
        /// The totals of counts written as fractions (`yerel 6/20`), with the trigger the count is
        /// of (nil when no trigger took it): each must be the number of lessons the counts cover.
        var fractions: [(value: Int, word: Int, trigger: Int?)] = []
        /// The words that are shares (`%30`), read as counts: each is judged as the share of the
        /// lessons the counts cover.
        var shares: Set<Int> = []
        /// A distribution of four counts (`2/2/2/2`) that counts no trigger here: the opening lesson's.
        var quad: (values: [Int], words: [Int])?
        /// The number of recomputations it states (`sekiz yeniden hesaplama`): beside the opening
        /// lesson's distribution, what that distribution adds up to.
        var recomputations: (value: Int, word: Int)?
        /// The bounds it gives a trigger's count beside the count (`ortam 6 (en fazla 7)`, `6
        /// (7'den az)`): an upper or a lower one, strict or not, judged as bounds, by word.
        var bounds:
            [(trigger: Int, value: Int, upper: Bool, word: Int, strict: Bool, reading: Connective.BoundReading)] = []
        /// A list of names with fewer counts after them than names (`yerel, ebeveyn, gözlem, ortam:
        /// 6, 4, 4`): the names' words and the counts' words. Which name lost its count is not known,
        /// so no count of the list is judged; the list is the one finding.
        var shortList: (names: [Int], counts: [Int])?
        /// How likely it is the sentence: it counts all four, then it names a distribution or a number of lessons.
        var rank = 0

        /// Where word `word` is in the source.
        func location(ofWord word: Int, in path: String) -> SourceLocation {
            guard word < words.count else { return blocks[0].location(of: 0, in: path) }
            return blocks[words[word].block].location(of: words[word].offset, in: path)
        }
    }

    /// The last bytes of a source whose rendering may end in a character the source does not end
    /// in: emphasis, code, strikethrough, a link, an image or a footnote closing, an entity, HTML.
    private static let markupClosers: [Bool] = (0...255).map { "*_`~)];>".utf8.contains(UInt8($0)) }

    /// The sentence is found in the text alone, so the claim looks for it before the trees have
    /// run; only the judging of its counts waits for them.
    package func prepare(_ course: CourseFacts) {
        for lesson in Self.closingLessons(course) where !Self.candidates(in: lesson).isEmpty { break }
    }

    /// The lessons the sentence is looked for in, in order: the one holding the closing table, then
    /// the last (once).
    static func closingLessons(_ course: CourseFacts) -> [CourseFacts.LessonFacts] {
        guard let last = course.lessons.last else { return [] }
        guard let table = ClosingTableClaim.table(in: course)?.lesson, table.path != last.path else { return [last] }
        return [table, last]
    }

    /// The words that say a paragraph speaks of the course's lessons: lesson, distribution, opening.
    private static let lessonWords = ["ders", "dağılım", "açılış"]

    static func findCandidates(in prose: Prose) -> [Candidate] {
        var candidates: [Candidate] = []
        let blocks = prose.blocks
        // A heading is read too: the sentence turned into one (`### ` before it, `---` typed under
        // it) shows as a heading, still counting; it is judged as the sentence, its heading the slip.
        for (position, block) in blocks.enumerated() {
            // A paragraph ending in a colon takes the list right after it, an item a line.
            var unit = [block]
            // The rendered text is asked only when the source may end in a colon it hides (`**x:**`):
            // it holds one (or an entity), and ends in what closes markup, an entity or HTML.
            let colon =
                block.source.utf8.last.map { Self.markupClosers[Int($0)] } ?? false
                && block.source.utf8.contains { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "&") }
            if block.source.hasSuffix(":") || colon && block.inline.plain().hasSuffix(":") {
                var last = block.segments.last!.line.number
                for next in blocks[(position + 1)...] {
                    guard next.itemMarker != nil, next.firstLine.number <= last + 2 else { break }
                    unit.append(next)
                    last = next.segments.last!.line.number
                }
            }
            let source = unit.map(\.source).joined(separator: "\n")
            guard mayCount(source: source) else { continue }
            let readable = unit.map { $0.inline.readable() }
            // A source with an entity or HTML is kept unread by the byte test; its rendering tells
            // (an index item's autolink to a lesson names a trigger, and counts nothing).
            if source.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }),
                !mayCount(Array(readable.joined(separator: [("\n", 0)])))
            {
                continue
            }
            var words: [Word] = []
            for index in unit.indices {
                var read = Self.words(readable[index])
                for word in read.indices { read[word].block = index }
                // Each item of the list is one more item of the sentence's list: after a comma.
                if index > 0, !read.isEmpty {
                    read[0].gap = "," + read[0].gap
                    read[0].separated = true
                }
                words += read
            }
            guard words.contains(where: { word in lessonWords.contains { word.text.hasPrefix($0) } }) else { continue }
            let read = Self.openingAside(words) ?? words
            let timed = Self.timesUncounted(read) ?? read
            var candidate = reading(Self.othersUncounted(timed) ?? timed)
            // A distribution written in shares (`yerel %30, …`): read as counts of the lessons'
            // shares, when the shares give counts the plain reading does not.
            if candidate.counts.contains(where: \.isEmpty), let shares = Self.percentCounted(timed) {
                var again = reading(Self.othersUncounted(shares.words) ?? shares.words)
                if again.counts.count(where: { !$0.isEmpty }) > candidate.counts.count(where: { !$0.isEmpty }) {
                    again.shares = shares.at
                    candidate = again
                }
            }
            guard candidate.counts.count(where: { !$0.isEmpty }) >= 2 || candidate.shortList != nil else { continue }
            candidate.blocks = unit
            candidates.append(candidate)
        }
        // The likeliest first, a paragraph before a heading; a stable sort keeps reading order among equals.
        func key(_ candidate: (offset: Int, element: Candidate)) -> (Int, Int, Int) {
            (candidate.element.blocks[0].kind == .paragraph ? 1 : 0, candidate.element.rank, -candidate.offset)
        }
        return candidates.enumerated().sorted { key($0) > key($1) }.map(\.element)
    }

    /// A source line that names the four triggers, each with a number right after it, where the
    /// rendering hides it (a comment, an HTML block, code).
    static func hiddenSentence(in lesson: CourseFacts.LessonFacts) -> (location: SourceLocation, reason: String)? {
        for line in lesson.lesson.file.lines {
            let text = lowercased(line.text)
            let counted = Triggers.names.allSatisfy { name in
                guard let at = text.range(of: name.declared) else { return false }
                return text[at.upperBound...].prefix(4).contains { $0.isNumber }
            }
            guard counted,
                let first = Triggers.names.compactMap({ text.range(of: $0.declared) }).min(by: {
                    $0.lowerBound < $1.lowerBound
                }),
                let reason = HiddenText.reason(line: line.number, text: String(line.text[first]), in: lesson.lesson)
            else { continue }
            return (SourceLocation(path: lesson.path, line: line.number), reason)
        }
        return nil
    }

    /// The four counts the sentence gives, in `Triggers.names` order, when one paragraph reads whole
    /// and gives each trigger one number (a sentence that contradicts itself counts nothing).
    static func sentence(in lesson: CourseFacts.LessonFacts) -> [Int]? {
        guard let counts = candidates(in: lesson).first?.counts, counts.allSatisfy({ !$0.isEmpty }),
            counts.allSatisfy({ count in count.allSatisfy { $0.value == count[0].value } })
        else { return nil }
        return counts.map { $0[0].value }
    }

    /// One word of a paragraph as rendered: its text (lowercased), the UTF-8 offset in the source
    /// it came from, whether punctuation other than `:` stands between it and the word before,
    /// that punctuation (`gap`), and whether it is a number that cannot be a count (`6,5`, `6.5`, `%6`).
    struct Word: Sendable {
        var text: String
        var offset: Int
        var separated = false
        var notACount = false
        var gap = ""
        /// The word as written (not lowercased), for a message.
        var written = ""
        /// A number with a distributive suffix (`6'şar`, `4'er`, `altışar`): each of the names before it.
        var distributive = false
        /// A number with the question particle typed as its suffix (`4'mü`): as `4 mü`.
        var asks = false
        /// The case ending of a number after an apostrophe (`7'den`, `7'ye`): before `az`, `kadar`
        /// (`Connective.caseBounding`) a bound.
        var caseEnding: Connective.CaseEnding?
        /// A word of a sentence about the opening lesson alone (`openingAside`): a trigger's name
        /// there counts none of the lessons.
        var aside = false
        /// Which block of a sentence and its list the word is in.
        var block = 0
        /// A whole number written as a share (`%30`, `30%`): no count, unless the sentence gives its
        /// counts as shares (`percentCounted`).
        var percent = false
        /// A trigger's name split in two by a space, a hyphen or a line wrapped at one (`ebe veyn`,
        /// `ebe-veyn`, `or-` over `tam`): the name as a reader sees it (`ebe- veyn`) and the offset of
        /// its second part. The word reads as the name, so nothing the count settles is lost.
        var split: (written: String, second: Int)?
    }

    /// The names, folded to lower case, as bytes.
    private static let nameBytes = Triggers.names.map { Array($0.declared.utf8) }

    /// False only when the paragraph certainly names fewer than two triggers or no lesson word
    /// (which the sentence must hold): its bytes folded to lower case (ASCII, and Latin-1 capitals
    /// such as `Ö`) hold fewer names, or none of the words. Splitting every
    /// paragraph into words cost most of the claims' time; a word that is a name is text that
    /// holds its bytes, unless a combining mark spells a letter, which keeps the paragraph.
    static func mayCount(_ characters: [(character: Character, offset: Int)]) -> Bool {
        Array(characters.lazy.flatMap(\.character.utf8)).withUnsafeBufferPointer { foldedHoldNames($0, source: false) }
    }

    /// `mayCount` before any rendering, on the paragraph's source: false only when no rendering
    /// of it can name two triggers and a lesson word (`ders`, `dağılım`, `açılış`, which the
    /// sentence must hold). Emphasis and code marks (`*`, `_`, `` ` ``, `~`), link brackets and
    /// escapes' backslashes are dropped, since `ye**re**l` and `[yerel](x)` read as `yerel`; a
    /// source that may render text it does not spell (an entity, HTML) is always kept. Rendering
    /// every paragraph to ask this cost more than the claim's own work.
    static func mayCount(source: String) -> Bool {
        // The string's own bytes, not a copy: every paragraph of the course is asked this.
        var source = source
        return source.withUTF8 { foldedHoldNames($0, source: true) }
    }

    /// The lesson words' folded first bytes: `ders`, `da` + the lead byte of `ğ`/`Ğ`, and `a` + `ç`
    /// (a `Ç` folds to it).
    private static let lessonWordBytes: [[UInt8]] = [Array("ders".utf8), [0x64, 0x61, 0xC4], [0x61, 0xC3, 0xA7]]

    /// True for the UTF-8 sequence at `index` when a word holding it may still read as a name: a
    /// character a reader does not see (a zero-width or directional format character, a word
    /// joiner) or one that may look like a letter. Only the general punctuation a sentence is
    /// written with (dashes, quotes, an ellipsis: U+2010–U+2027, U+2030–U+205F) folds as text.
    private static func mayHideAName(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let lead = bytes[index]
        if lead == 0xEF { return true }
        guard lead == 0xE2 else { return false }
        guard index + 2 < bytes.count else { return true }
        let (second, third) = (bytes[index + 1], bytes[index + 2])
        switch second {
        case 0x80: return !((0x90...0xA7).contains(third) || (0xB0...0xBF).contains(third))
        case 0x81: return !(0x80...0x9F).contains(third)
        default: return true
        }
    }

    /// The one fold under both: true at once for a combining mark or an unseen format character (and,
    /// in a source, for what may render text it does not spell), else whether the folded bytes hold
    /// two names and a lesson word.
    /// What `foldedHoldNames` does with each ASCII byte: the byte folded to lower case, or
    /// `dropsByte` (a source's emphasis, code and link marks and escapes' backslashes, which
    /// `ye**re**l` and `[yerel](x)` drop), or `keepsParagraph` (a source's `&` and `<`, which may
    /// render text it does not spell).
    private static let dropsByte: UInt8 = 0xFE
    private static let keepsParagraph: UInt8 = 0xFF
    private static let renderedFold: [UInt8] = (0..<128).map { byte in
        UInt8(byte) >= 0x41 && UInt8(byte) <= 0x5A ? UInt8(byte) + 0x20 : UInt8(byte)
    }
    private static let sourceFold: [UInt8] = renderedFold.enumerated().map { byte, folded in
        switch UInt8(byte) {
        case UInt8(ascii: "&"), UInt8(ascii: "<"): keepsParagraph
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "\\"),
            UInt8(ascii: "["), UInt8(ascii: "]"):
            dropsByte
        default: folded
        }
    }

    private static func foldedHoldNames(_ bytes: UnsafeBufferPointer<UInt8>, source: Bool) -> Bool {
        var kept = false
        // Written into its own storage, not appended: an append checks the array's uniqueness and
        // capacity for every byte of every paragraph. An index loop and plain comparisons:
        // `enumerated()` and a range's `contains` are generic calls for every byte in the debug
        // build, which `make verify` and the tests run.
        let table = source ? sourceFold : renderedFold
        let folded = [UInt8](unsafeUninitializedCapacity: bytes.count) { folded, count in
            table.withUnsafeBufferPointer { table in
                var previous: UInt8 = 0
                var index = -1
                while index + 1 < bytes.count {
                    index += 1
                    let byte = bytes[index]
                    // ASCII, most of every paragraph, by the table alone.
                    if byte < 0x80 {
                        let action = table[Int(byte)]
                        if action < 0x80 {
                            folded[count] = action
                            count += 1
                            previous = byte
                        } else if action == Self.keepsParagraph {
                            kept = true
                            return
                        }
                        continue
                    }
                    if byte == 0xCC || byte == 0xCD || mayHideAName(bytes, at: index)
                        || previous == 0xC2 && byte == 0xAD
                    {
                        kept = true
                        return
                    }
                    folded[count] = previous == 0xC3 && byte >= 0x80 && byte <= 0x9E ? byte + 0x20 : byte
                    count += 1
                    previous = byte
                }
            }
        }
        if kept { return true }
        let spoken = folded.withUnsafeBufferPointer { text in
            lessonWordBytes.contains { word in
                word.withUnsafeBufferPointer { ByteSearch.firstOffset(of: $0, in: text) != nil }
            }
        }
        guard spoken else { return false }
        let named = folded.withUnsafeBufferPointer { text in
            nameBytes.count { name in
                name.withUnsafeBufferPointer { ByteSearch.firstOffset(of: $0, in: text) != nil }
            } >= 2
        }
        guard named else { return false }
        // Asked of the few texts that name two triggers and may speak of lessons.
        let split = splitsAsWords(bytes, source: source)
        if split.joined { return true }
        return folded.withUnsafeBufferPointer { text in
            mayHoldTwoCounts(text) && (!split.words || readsTwoCounts(text))
        }
    }

    /// Whether `foldedHoldNames`'s fold of `bytes` splits into the words `words` reads
    /// (`readsTwoCounts`): no character outside ASCII, the Latin letters U+00C0–U+017F and the
    /// sentence's general punctuation; no link, struck-through text or code span with blanks at
    /// its ends (which the source spells and the rendering drops, so the words around them may be
    /// next to each other); and no mark dropped between two letters (`joined`: `ye**re**l` is one
    /// word, `yerel\6` and `6[4` two, which the fold joins, so `mayHoldTwoCounts` may see fewer
    /// numbers than there are too).
    private static func splitsAsWords(_ bytes: UnsafeBufferPointer<UInt8>, source: Bool) -> (
        joined: Bool, words: Bool
    ) {
        var words = true
        var dropped = false
        var last: UInt8 = 0x20
        for byte in bytes {
            if source {
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "~"):
                    words = false
                    dropped = true
                    continue
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "\\"):
                    dropped = true
                    continue
                default: break
                }
            }
            if byte >= 0xC0 && !(0xC3...0xC5).contains(byte) && byte != 0xE2 { words = false }
            if dropped && isWordByte(last) && isWordByte(byte) { return (true, false) }
            dropped = false
            last = byte
        }
        if source && words && dropsBlanks(bytes) { words = false }
        return (false, words)
    }

    /// True when a code span of the source (a run of backticks to the next run as long) has a
    /// blank at each end, which the rendering drops (`` ye` re `l `` reads `yerel`), or a backtick
    /// may be escaped: the rendering's words are then not the source's.
    private static func dropsBlanks(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var runs: [(start: Int, count: Int)] = []
        var index = 0
        while let at = ByteSearch.firstOffset(of: UInt8(ascii: "`"), in: bytes, from: index) {
            if at > 0 && bytes[at - 1] == UInt8(ascii: "\\") { return true }
            var end = at
            while end < bytes.count && bytes[end] == UInt8(ascii: "`") { end += 1 }
            runs.append((at, end - at))
            index = end
        }
        func blank(_ at: Int) -> Bool {
            at >= 0 && at < bytes.count && (bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A)
        }
        var open = 0
        while open < runs.count {
            guard let close = runs[(open + 1)...].firstIndex(where: { $0.count == runs[open].count }) else {
                open += 1
                continue
            }
            if blank(runs[open].start + runs[open].count) && blank(runs[close].start - 1) { return true }
            open = close + 1
        }
        return false
    }

    /// A byte of a word as `readsTwoCounts` splits them: an ASCII letter or digit, or a byte of a
    /// letter (or of punctuation) outside ASCII. Two of them around a dropped mark may be one word
    /// or two, so such a text is not split.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte.isASCIILetter || byte.isASCIIDigit || byte >= 0x80
    }

    /// The connectives of a list of names (`reading`'s, `Connective.joining`), as `skeleton` gives them.
    private static let connectiveSkeletons: [[UInt8]] = Connective.joining.sorted().map { skeleton(Array($0.utf8)) }

    /// False only when `reading` certainly counts fewer than two triggers, or finds no lesson word,
    /// in folded text that splits into the words `words` reads (see `foldedHoldNames`): no word
    /// opens with a lesson word; or no trigger name has a number next to it (every count `reading`
    /// takes is the word right before or after a name, a list's last name for listed counts), or
    /// only one name does and no two names stand as a list (next to each other, or with `ve`, `ile`
    /// or `veya` between them). Words are split as `mayHoldTwoCounts` splits them, and where
    /// letters follow digits. A case ending after digits and an apostrophe (`6'sı`) is a word that
    /// may not be there: `words` reads it as part of the count unless the number is no count
    /// (`%6`, `6,5`), so the words on either side of it are next to each other too. Splitting where
    /// `words` joins (`6,5`, `6x`) parts a word that is no count and no name. The table that closes
    /// the last lesson, which names every trigger and a number beside none, was a third of the
    /// claim's work.
    /// The UTF-8 length of the word character at `at` (an ASCII letter or digit, a Latin-1 or
    /// Latin Extended-A letter: Turkish's), or 0 for anything else (× and ÷ included).
    private static func letterLength(_ text: UnsafeBufferPointer<UInt8>, at: Int) -> Int {
        let byte = text[at]
        if byte < 0x80 { return byte.isASCIILetter || byte.isASCIIDigit ? 1 : 0 }
        guard at + 1 < text.count else { return 0 }
        switch byte {
        case 0xC3: return text[at + 1] == 0x97 || text[at + 1] == 0xB7 ? 0 : 2
        case 0xC4, 0xC5: return 2
        default: return 0
        }
    }

    private static func readsTwoCounts(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        enum Kind: Equatable {
            case name(Int)
            case number
            case connective
            /// A word read past between a name and its count (`Connective.beforeCount`).
            case between
            /// `derste`, `derslerde`: between a count of lessons and its name (`6 derste yerel`).
            case inLessons
            case other
        }
        func letterLength(_ at: Int) -> Int { Self.letterLength(text, at: at) }
        /// Each word's kind, and whether it is a case ending `words` may read as part of the count before it.
        var kinds: [(kind: Kind, optional: Bool)] = []
        var opensWithLessonWord = false
        var index = 0
        var suffix = false
        while index < text.count {
            let start = index
            // A case ending is letters only: a digit ends it, and starts the next word. Letters
            // after digits start a word too: `words` ends `6,5` there (`6,5yerel` is two words).
            while index < text.count, case let length = letterLength(index), length > 0,
                !(suffix && text[index].isASCIIDigit),
                !(index > start && text[index - 1].isASCIIDigit && !text[index].isASCIIDigit)
            {
                index += length
            }
            if index == start {
                suffix = false
                index += 1
                continue
            }
            let word = UnsafeBufferPointer(rebasing: text[start..<index])
            if !opensWithLessonWord {
                opensWithLessonWord = lessonWordBytes.contains { $0.count <= word.count && word.starts(with: $0) }
            }
            let optional = suffix
            suffix = false
            if word.allSatisfy(\.isASCIIDigit) {
                kinds.append((.number, optional))
                // An apostrophe and a letter: a case ending (`6'sı`, `6’sı`).
                let apostrophe =
                    index < text.count && text[index] == UInt8(ascii: "'")
                    ? 1
                    : index + 2 < text.count && text[index] == 0xE2 && text[index + 1] == 0x80
                        && text[index + 2] == 0x99 ? 3 : 0
                if apostrophe > 0, index + apostrophe < text.count, letterLength(index + apostrophe) > 0,
                    !text[index + apostrophe].isASCIIDigit
                {
                    index += apostrophe
                    suffix = true
                }
                continue
            }
            let kind: Kind
            if let name = nameBytes.firstIndex(where: { $0.elementsEqual(word) || isSuffixed(word, of: $0) }) {
                kind = .name(name)
            } else if word[0] == UInt8(ascii: "d"), inLessonsBytes.contains(where: { $0.elementsEqual(word) }) {
                kind = .inLessons
            } else if word.count <= 12, mayBeSkeleton(word[0]), case let folded = skeleton(word) {
                kind =
                    numberSkeletons[folded] != nil
                    ? .number
                    : connectiveSkeletons.contains(folded)
                        ? .connective : betweenSkeletons.contains(folded) ? .between : .other
            } else {
                kind = .other
            }
            kinds.append((kind, optional))
        }
        guard opensWithLessonWord else { return false }
        /// The words that may come right after word `at` as `words` reads them: the next, or the
        /// one after a case ending it may not read as a word.
        func next(_ at: Int) -> [Int] {
            guard at + 1 < kinds.count else { return [] }
            if case .name = kinds[at].kind, kinds[at + 1].kind == .between, at + 2 < kinds.count {
                // A run of words read past (`için sırasıyla 6`, `tetiği de 6`), and a two-word
                // hedge's second (`yaklaşık olarak 6`, `tam olarak 6`) one word further: any word
                // after a word read past may be one, which no skeleton is asked for.
                var end = at + 1
                while end + 1 < kinds.count, kinds[end].kind == .between { end += 1 }
                return Array((at + 1)...min(end + 1, kinds.count - 1))
            }
            // A count of lessons before its name reaches past `derste` (`6 derste yerel`).
            if kinds[at].kind == .number, kinds[at + 1].kind == .inLessons, at + 2 < kinds.count { return [at + 2] }
            return kinds[at + 1].optional && at + 2 < kinds.count ? [at + 1, at + 2] : [at + 1]
        }
        var counted = Set<Int>()
        var listed = false
        for at in kinds.indices {
            for after in next(at) {
                switch (kinds[at].kind, kinds[after].kind) {
                case (.name(let name), .number), (.number, .name(let name)): counted.insert(name)
                case (.name, .name): listed = true
                case (.name, .connective):
                    listed = listed || next(after).contains { if case .name = kinds[$0].kind { true } else { false } }
                default: break
                }
            }
        }
        return counted.count >= 2 || !counted.isEmpty && listed
    }

    /// Whether `word` is the name `name` with a suffix joined to it (`ortamsa`, `ortamda`).
    private static func isSuffixed(_ word: UnsafeBufferPointer<UInt8>, of name: [UInt8]) -> Bool {
        word.count == name.count + 2 && word.starts(with: name)
            && suffixBytes.contains { word[name.count] == $0[0] && word[name.count + 1] == $0[1] }
    }

    private static let suffixBytes = Connective.nameSuffixes.map { Array($0.utf8) }

    /// `inLessons`, as bytes.
    private static let inLessonsBytes = inLessons.map { Array($0.utf8) }

    /// The words read past between a name and its count (either-or's `ya` too), as `skeleton` gives them.
    private static let betweenSkeletons: [[UInt8]] = Connective.beforeCount.union([Connective.eitherOr]).union(
        Connective.beforeCountPairs.map(\.0)
    ).sorted().map {
        skeleton(Array($0.utf8))
    }

    /// The number words (`units`, `tens`, `distributives`, `possessives`) with every i-like letter as `i`, as bytes:
    /// what `mayHoldTwoCounts` compares a word of folded bytes with.
    private static let numberSkeletons: [[UInt8]: Int] = {
        var skeletons: [[UInt8]: Int] = [:]
        for word in units.keys { skeletons[skeleton(Array(word.utf8))] = 1 }
        for word in tens.keys { skeletons[skeleton(Array(word.utf8))] = 1 }
        for word in distributives.keys { skeletons[skeleton(Array(word.utf8))] = 2 }
        for word in possessives.keys { skeletons[skeleton(Array(word.utf8))] = 1 }
        return skeletons
    }()

    /// False when a word opening with `byte` is no number word and no connective: its skeleton
    /// opens with it, or with `i` (`ı`, `İ`) or a small `ğ` or `ş` (lead byte `C4`, `C5`). Most
    /// words of a paragraph are asked this instead of building their skeleton.
    private static func mayBeSkeleton(_ byte: UInt8) -> Bool { skeletonStarts[Int(byte)] }

    private static let skeletonStarts: [Bool] = {
        var starts = [Bool](repeating: false, count: 256)
        // Each list walked as it is: concatenating them copied every skeleton once more.
        for word in numberSkeletons.keys { starts[Int(word[0])] = true }
        for word in connectiveSkeletons { starts[Int(word[0])] = true }
        for word in betweenSkeletons { starts[Int(word[0])] = true }
        starts[0xC4] = true
        starts[0xC5] = true
        return starts
    }()

    /// A word's folded bytes with `ı`, `İ` and `I` as `i` (the fold lowers `I` to `i` where Turkish
    /// reads `ı`), the Turkish capitals `Ğ`, `Ş` as their small letters, and the circumflex dropped
    /// (`yâ` as `ya`, as `Connective.spelled` reads it).
    private static func skeleton(_ word: some Sequence<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        var lead: UInt8 = 0
        for byte in word {
            if lead == 0xC3 {
                switch byte {
                case 0xA2: result.append(UInt8(ascii: "a"))
                case 0xAE: result.append(UInt8(ascii: "i"))
                case 0xBB: result.append(UInt8(ascii: "u"))
                default: result += [lead, byte]
                }
                lead = 0
                continue
            }
            if lead == 0xC4 || lead == 0xC5 {
                switch (lead, byte) {
                case (0xC4, 0xB0), (0xC4, 0xB1): result.append(UInt8(ascii: "i"))
                case (_, let small) where (0xC4 == lead && small == 0x9E) || (0xC5 == lead && small == 0x9E):
                    result += [lead, small + 1]
                default: result += [lead, byte]
                }
                lead = 0
                continue
            }
            if byte >= 0xC3 && byte <= 0xC5 {
                lead = byte
                continue
            }
            result.append(byte == UInt8(ascii: "I") ? UInt8(ascii: "i") : byte)
        }
        return result
    }

    /// False only when no reading of the folded text can find two counts, which a sentence needs
    /// (two triggers counted; one distributive count, `6'şar` or `altışar`, counts for two). Words
    /// are runs of ASCII letters and digits and of the Latin letters U+00C0–U+017F; any other
    /// character ends a word, which can only find more counts than `words` reads, never fewer. A
    /// word is a count when it is digits (two when an apostrophe follows, a suffix that may be
    /// distributive) or a number word.
    private static func mayHoldTwoCounts(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var counts = 0
        var index = 0
        func letterLength(_ at: Int) -> Int { Self.letterLength(text, at: at) }
        while index < text.count {
            let start = index
            while index < text.count, case let length = letterLength(index), length > 0 { index += length }
            if index == start {
                index += 1
                continue
            }
            let word = UnsafeBufferPointer(rebasing: text[start..<index])
            if word.allSatisfy(\.isASCIIDigit) {
                let apostrophe =
                    index < text.count
                    && (text[index] == UInt8(ascii: "'")
                        || (index + 2 < text.count && text[index] == 0xE2 && text[index + 1] == 0x80
                            && text[index + 2] == 0x99))
                counts += apostrophe ? 2 : 1
            } else if word.count <= 12, mayBeSkeleton(word[0]), let value = numberSkeletons[skeleton(word)] {
                counts += value
            }
            if counts >= 2 { return true }
        }
        return false
    }

    /// The suffixes a count takes after an apostrophe (`6'sı`, `4'ü`, `6'şar`): the count read,
    /// the suffix dropped; the distributive ones (`-şar`, `-er`) give the count to each name before it.
    private static let distributiveSuffixes: Set<String> = ["şar", "şer", "ar", "er"]
    /// A number word with a case ending (`beşin`, `yediyi`, `beşten`, `altıya`, `dördün`), read
    /// only as a bound's number (`beşin altına düşmez`, `yediyi geçmez`, `Connective.caseBound`):
    /// its value and ending. One rule for every number word: a unit or a ten, then the ending
    /// `Connective.CaseEnding` reads, its buffer consonant after a vowel (`altı-yı`, `iki-nin`),
    /// none after a consonant (`beş-in`, `beş-ten`), `dört` softened before a vowel (`dördü`).
    /// Not the words another reading takes first: `onu`, `ona`, `onun`, `ondan` (it, him, its, from
    /// it), `biri`, `bire`, `birin` (someone, one to one).
    static func caseNumber(_ word: String) -> (value: Int, ending: Connective.CaseEnding)? {
        // Every ending ends in `n`, a vowel or `ı`, `ü` (C4 B1, C3 BC): most words are passed on their last byte.
        guard let last = word.utf8.last, word.utf8.count <= 16,
            last == UInt8(ascii: "n") || last == UInt8(ascii: "e") || last == UInt8(ascii: "a")
                || last == UInt8(ascii: "i") || last == UInt8(ascii: "u") || last == 0xB1 || last == 0xBC,
            !caseNumberHomographs.contains(word)
        else { return nil }
        let vowels = "aeıioöuü"
        for length in 1...3 where word.count > length {
            let stem = String(word.dropLast(length))
            let suffix = String(word.suffix(length))
            guard let ending = Connective.CaseEnding(suffix),
                let value = units[stem] ?? tens[stem] ?? (stem == "dörd" ? 4 : nil), let end = stem.last,
                let first = suffix.first
            else { continue }
            let afterVowel = vowels.contains(end)
            let buffered = "ynd".contains(first)
            // After a vowel the ending takes `y` or `n` (the ablative its `d`); after a consonant
            // it opens with a vowel (the ablative with `d` or `t`), and `dört` is `dörd` before it.
            let fits =
                ending == .ablative
                ? stem != "dörd" : afterVowel ? buffered : !buffered && (stem != "dört") && vowels.contains(first)
            if fits { return (value, ending) }
        }
        return nil
    }
    private static let caseNumberHomographs: Set<String> = ["onu", "ona", "onun", "ondan", "biri", "bire", "birin"]
    /// Number words with the distributive suffix: `altışar` is six each.
    static let distributives: [String: Int] = [
        "birer": 1, "ikişer": 2, "üçer": 3, "dörder": 4, "beşer": 5, "altışar": 6, "yedişer": 7, "sekizer": 8,
        "dokuzar": 9, "onar": 10,
    ]

    /// True for a character a word may hold unseen, which splits no word: a format character (a
    /// zero-width space, a soft hyphen), followed by a letter.
    private static func isUnseenJoiner(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return scalar.properties.generalCategory == .format
    }

    /// The words a reader reads in a paragraph: entities decoded, escapes resolved, raw HTML and
    /// struck-through text left out, line breaks as spaces.
    static func words(_ characters: [(character: Character, offset: Int)]) -> [Word] {
        // Characters compared by their ASCII value where they have one, and each word's text
        // appended into one string: Character equality and a [Character] per word cost ~10 K
        // instructions a word.
        // Each character's class is asked once: a Character's properties (even `asciiValue`, which
        // compares with CR LF first) cost tens to hundreds of instructions a question.
        let classes = characters.map { CharacterClasses($0.character) }
        func ascii(_ index: Int) -> UInt8? { classes[index].ascii }
        func text(_ range: Range<Int>) -> String {
            var text = ""
            for index in range { text.append(characters[index].character) }
            return text
        }
        func continues(_ index: Int) -> Bool {
            if classes[index].letterOrNumber { return true }
            return classes[index].ascii == nil && isUnseenJoiner(characters[index].character)
                && index + 1 < characters.count && classes[index + 1].letterOrNumber
        }
        /// A quotation mark around a word (`“ortam” 6`, `'ortam' 6`) is read past, as a blank is: a
        /// reader reads the name and its count as written bare. An apostrophe inside a word
        /// (`ortam'ı`) is a suffix's, and separates as any punctuation does.
        func quotes(_ index: Int) -> Bool {
            let inside =
                index > 0 && classes[index - 1].letterOrNumber && index + 1 < characters.count
                && classes[index + 1].letterOrNumber
            return Quotation.isMark(characters[index].character, inWord: inside)
        }
        var words: [Word] = []
        var index = 0
        var separated = false
        var gap = ""
        // Where the last word ended, for a name split in two.
        var lastEnd = 0
        while index < characters.count {
            guard classes[index].letterOrNumber else {
                if classes[index].punctuation && quotes(index) {
                    index += 1
                    continue
                }
                if classes[index].punctuation && ascii(index) != UInt8(ascii: ":") && ascii(index) != UInt8(ascii: "%")
                {
                    separated = true
                }
                // An arrow or a tilde is kept too: `4 → 5` and `6~7` state a second count as `4–5` does.
                if classes[index].punctuation || Connective.joinsCounts(characters[index].character) {
                    gap.append(characters[index].character)
                }
                index += 1
                continue
            }
            let start = index
            while index < characters.count, continues(index) {
                index += 1
            }
            var word = text(start..<index)
            var notACount = start > 0 && ascii(start - 1) == UInt8(ascii: "%")
            var percent = false
            var distributive = false
            var asks = false
            var caseEnding: Connective.CaseEnding?
            if classes[start..<index].allSatisfy(\.numeral) {
                // `6,5` and `6.5` are one number, and not a whole count; `6%` is a share.
                if index + 1 < characters.count, ascii(index) == UInt8(ascii: ",") || ascii(index) == UInt8(ascii: "."),
                    classes[index + 1].numeral
                {
                    index += 1
                    while index < characters.count, classes[index].numeral { index += 1 }
                    word = text(start..<index)
                    notACount = true
                }
                if index < characters.count, ascii(index) == UInt8(ascii: "%") { notACount = true }
                // A whole share (`%30`, `30%`): no count, but a share of the lessons a distribution
                // written in shares states (`percentCounted`).
                percent =
                    notACount && !word.contains(",") && !word.contains(".")
                    && (start > 0 && ascii(start - 1) == UInt8(ascii: "%")
                        || index < characters.count && ascii(index) == UInt8(ascii: "%"))
                // A suffix after an apostrophe is the count's case ending: `6'sı yerel` counts six.
                if !notACount, index + 1 < characters.count,
                    ascii(index) == UInt8(ascii: "'")
                        || characters[index].character == "\u{2019}", classes[index + 1].letter
                {
                    var end = index + 1
                    while end < characters.count, classes[end].letter { end += 1 }
                    let suffix = lowercased(text((index + 1)..<end))
                    distributive = distributiveSuffixes.contains(suffix)
                    asks = Connective.asking.contains(suffix)
                    caseEnding = Connective.CaseEnding(suffix)
                    index = end
                }
            }
            var lower = Connective.spelled(lowercased(word))
            if let each = distributives[lower] {
                lower = String(each)
                distributive = true
            }
            // A name's suffix after an apostrophe (`ortam'da 6`) is the name's, as when joined (`ortamda 6`).
            if index + 1 < characters.count,
                ascii(index) == UInt8(ascii: "'") || characters[index].character == "\u{2019}",
                classes[index + 1].letter, Triggers.names.contains(where: { $0.declared.sameBytes(lower) })
            {
                var end = index + 1
                while end < characters.count, classes[end].letter { end += 1 }
                if Connective.nameSuffixes.contains(lowercased(text((index + 1)..<end))) { index = end }
            }
            // Asked only of two words as long as a name together (five to seven letters), the first
            // opening as a name does: a byte or two compared for most pairs.
            if let last = words.last, last.split == nil, (5...8).contains(last.written.utf8.count + word.utf8.count),
                let head = last.text.utf8.first, Self.nameHeads.contains(head),
                case let between = text(lastEnd..<start), let joined = splitName(last, word, between)
            {
                // As a reader sees it: a line break, as any run of blanks, is one space.
                var shown = last.written
                for character in between where !(character.isWhitespace && shown.hasSuffix(" ")) {
                    shown.append(character.isWhitespace ? " " : character)
                }
                words[words.count - 1].text = joined
                words[words.count - 1].split = (shown + word, characters[start].offset)
                words[words.count - 1].written = last.written + word
            } else {
                words.append(
                    Word(
                        text: lower, offset: characters[start].offset, separated: separated,
                        notACount: notACount, gap: gap, written: word, distributive: distributive, asks: asks,
                        caseEnding: caseEnding, percent: percent))
            }
            separated = false
            gap = ""
            lastEnd = index
        }
        return words
    }

    /// The first bytes of the names (`y`, `e`, `g`, `o`).
    private static let nameHeads = Set(Triggers.names.compactMap { $0.declared.utf8.first })

    /// The trigger `last` and `word` spell when joined, with `between` (a space, a line break, a
    /// hyphen and either) splitting them; nil when they are no trigger's halves (either a trigger
    /// alone, or joined no trigger).
    private static func splitName(_ last: Word, _ word: String, _ between: String) -> String? {
        let blanks = between.drop { $0 == "-" || $0 == "\u{2010}" }
        guard !between.isEmpty, between.count - blanks.count <= 1, blanks.allSatisfy(\.isWhitespace),
            !last.notACount, !last.distributive, last.caseEnding == nil
        else { return nil }
        let joined = lowercased(last.written + word)
        guard Triggers.names.contains(where: { $0.declared.sameBytes(joined) }),
            case let second = lowercased(word),
            !Triggers.names.contains(where: { $0.declared.sameBytes(last.text) || $0.declared.sameBytes(second) })
        else { return nil }
        return joined
    }

    /// What `words` asks of a character, asked once.
    struct CharacterClasses {
        let ascii: UInt8?
        let letterOrNumber: Bool
        let letter: Bool
        let numeral: Bool
        let punctuation: Bool

        init(_ character: Character) {
            ascii = character.asciiValue
            if let byte = ascii {
                letter = byte.isASCIILetter
                numeral = byte.isASCIIDigit
                letterOrNumber = letter || numeral
                punctuation = character.isPunctuationMark
            } else if let first = character.unicodeScalars.first, first.isLatinLetter {
                (letter, numeral, letterOrNumber, punctuation) = (true, false, true, false)
            } else {
                letter = character.isLetter
                numeral = character.isNumber
                letterOrNumber = letter || numeral
                punctuation = character.isPunctuation
            }
        }
    }

    /// Turkish lowercase for the words that matter here: `İ` is `i`, `I` is `ı`.
    /// The UTF-8 bytes of a scalar from U+0080 to U+07FF.
    private static func twoByteUTF8(_ value: UInt32) -> [UInt8] {
        [UInt8(0xC0 | (value >> 6)), UInt8(0x80 | (value & 0x3F))]
    }

    static func lowercased(_ word: String) -> String {
        // Scalar by scalar, ASCII by its value: `String.lowercased` and mapping Characters cost
        // ~6 K instructions a word. Outside ASCII each scalar takes its full lowercase mapping, as
        // `String.lowercased` does.
        var lower: [UInt8] = []
        lower.reserveCapacity(word.utf8.count + 2)
        for scalar in word.unicodeScalars {
            switch scalar.value {
            case 0x49: lower += [0xC4, 0xB1]  // ı
            case 0x130: lower.append(UInt8(ascii: "i"))
            case 0x41...0x5A: lower.append(UInt8(scalar.value) + 0x20)
            case 0..<0x80: lower.append(UInt8(scalar.value))
            // Latin-1's and Turkish's capitals by value, their small letters as written (the
            // property lookup builds a string a letter).
            case 0xC0...0xDE where scalar.value != 0xD7: lower += twoByteUTF8(scalar.value + 0x20)
            case 0x11E, 0x15E: lower += twoByteUTF8(scalar.value + 1)
            case 0xDF...0xFF, 0x11F, 0x131, 0x15F: lower += twoByteUTF8(scalar.value)
            default: lower.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return String(decoding: lower, as: UTF8.self)
    }

    static let units: [String: Int] = [
        "sıfır": 0, "bir": 1, "iki": 2, "üç": 3, "dört": 4, "beş": 5, "altı": 6, "yedi": 7, "sekiz": 8, "dokuz": 9,
    ]
    static let tens: [String: Int] = [
        "on": 10, "yirmi": 20, "otuz": 30, "kırk": 40, "elli": 50, "altmış": 60, "yetmiş": 70, "seksen": 80,
        "doksan": 90,
    ]

    /// Letters of another script a reader takes for a digit (Cyrillic `б` for 6, `ч` for 4, `З`
    /// for 3, `О` for 0; Greek `Ο` for 0), typed alone for a count: read only beside a trigger
    /// that has no count, where a digit is due.
    private static let lookAlikeCountLetters: [Unicode.Scalar: String] = [
        "\u{431}": "6", "\u{447}": "4", "\u{417}": "3", "\u{437}": "3", "\u{41E}": "0", "\u{43E}": "0",
        "\u{39F}": "0", "\u{3BF}": "0",
    ]

    /// A word that is one look-alike letter of another script (`lookAlikeCountLetters`): the count
    /// a reader reads, named by code point. A byte test first: every such letter is two bytes, CE–D1.
    static func lookAlikeCount(_ written: String) -> OtherDigits.Number? {
        guard written.utf8.count == 2, let lead = written.utf8.first, lead >= 0xCE, lead <= 0xD1,
            let scalar = written.unicodeScalars.first, let digit = lookAlikeCountLetters[scalar]
        else { return nil }
        return OtherDigits.Number(written: written, ascii: digit, other: scalar, otherOffset: 0, form: .numeral)
    }

    /// Whether `word` is a noun in the locative (`ağaçta`, `görünümde`): four letters or more
    /// ending in `ta`, `te`, `da` or `de`. Lesson words are no noun here (`goesIntoNoun`).
    static func isLocative(_ word: String) -> Bool {
        guard word.utf8.count >= 4, let last = word.utf8.last, last == 0x61 || last == 0x65 else { return false }
        let second = word.utf8[word.utf8.index(word.utf8.endIndex, offsetBy: -2)]
        return second == 0x74 || second == 0x64
    }

    /// The number words that scale what comes before them (`yüz`, `bin`, `milyon`): read only in a
    /// run of number words right before a lesson word (`yirmi bin ders`), where `bin` and `yüz` are
    /// no other word (alone elsewhere, `bin` is one slip from `bir` and `yüz` is "face").
    static let scales: [String: Int] = ["yüz": 100, "bin": 1000, "milyon": 1_000_000, "milyar": 1_000_000_000]

    /// The run of number words (`units`, `tens`, `scales`) right before the word at `at`, from no
    /// earlier than `lowerBound`, when the pair reader (`number`) cannot read it: it holds a scale
    /// (`yirmi bin`, `bir milyon`, `yüz`), or its words compose no number (`yirmi on`, `bir iki
    /// üç`). Its value (nil when malformed), its first word, and the word that breaks it. A run the
    /// pair reader reads (`yirmi bir`, `on`) gives nil, so the existing readings stand.
    static func composedNumber(_ words: [Word], before at: Int, from lowerBound: Int = 0)
        -> (value: Int?, start: Int, broken: Int?)?
    {
        var start = at
        while start - 1 >= lowerBound, at - start < 8 {
            let word = words[start - 1]
            guard !word.notACount, units[word.text] != nil || tens[word.text] != nil || scales[word.text] != nil
            else { break }
            // Nothing but blanks between the run's words.
            if start < at, !words[start].gap.isEmpty || words[start].separated { break }
            start -= 1
        }
        guard start < at else { return nil }
        let run = start..<at
        // Units alone say about how many (`bir iki ders`, "a lesson or two"): no composition.
        guard
            run.contains(where: { scales[words[$0].text] != nil })
                || (run.count >= 2 && !run.allSatisfy({ units[words[$0].text] != nil })
                    && (run.count > 2 || number(words, at: start).map { $0.length != 2 } ?? true))
        else { return nil }
        // Turkish numbers: groups of hundreds, tens, units, each group before its scale, the scales falling.
        var total = 0
        var group = 0
        var place = Int.max  // the smallest place filled in the group
        var scale = Int.max  // the last scale closed
        for index in run {
            let text = words[index].text
            if let unit = units[text] {
                guard unit > 0, place > 1 else { return (nil, start, index) }
                (group, place) = (group + unit, 1)
            } else if let ten = tens[text] {
                guard place > 10 else { return (nil, start, index) }
                (group, place) = (group + ten, 10)
            } else if let factor = scales[text], factor == 100 {
                guard group < 10, place == Int.max || place == 1 else { return (nil, start, index) }
                (group, place) = (max(group, 1) * 100, 100)
            } else if let factor = scales[text] {
                guard factor < scale, group < 1000 else { return (nil, start, index) }
                total += max(group, 1) * factor
                (group, place, scale) = (0, Int.max, factor)
            }
        }
        return (total + group, start, nil)
    }

    /// The possessive forms of the number words (`altısı`, "six of them"; `dördü`, `beşi`), the
    /// word form of `6'sı`: a count before the name it counts (`altısı yerel`). Only there: after a
    /// name they are no count form, and `onu` is the pronoun "it" too (`ortam onu taşır`).
    /// `hepsi` ("all of them") is no number.
    static let possessives: [String: Int] = [
        "sıfırı": 0, "biri": 1, "ikisi": 2, "üçü": 3, "dördü": 4, "beşi": 5, "altısı": 6, "yedisi": 7, "sekizi": 8,
        "dokuzu": 9, "onu": 10, "yirmisi": 20, "otuzu": 30, "kırkı": 40, "ellisi": 50, "altmışı": 60, "yetmişi": 70,
        "sekseni": 80, "doksanı": 90,
    ]

    /// Words one slip from a number word that are words of their own (`o`, `ön`, `son` for `on`;
    /// `bin`, `biz`, `iri` for `bir`; `ki`, `ilk` for `iki`; `baş` for `beş`; `alt` for `altı`;
    /// `yeni` for `yedi`; `elle` for `elli`): never read as a misspelt number.
    private static let nearNumbers: Set<String> = [
        "o", "an", "en", "un", "in", "ön", "son", "bin", "bil", "bit", "biz", "ben", "bi", "iri", "bira", "bire",
        "ki", "ilk", "ikiz", "baş", "boş", "beşe", "bez", "alt", "altın", "yeni", "yedim", "eli", "elle",
        "el", "kürk", "kırık", "uç", "dürt", "ile", "iç", "üçe", "ise", "beri", "iyi", "ilki", "yeri", "alta", "dokun",
        "sır",
    ]

    /// The number words with their letters folded to ASCII (`asciiFolded`), for `meantNumber`.
    private static let foldedNumbers: [(word: String, folded: [UInt8])] = (Array(units.keys) + Array(tens.keys))
        .sorted().map { ($0, asciiFolded($0)) }

    /// The number word `word` is typed for with one slip: a Turkish letter and its ASCII twin swapped
    /// (`bır`, `alti`, `dort`: any number of them), or, for a word of three letters or more, one
    /// letter left out, added, changed or two swapped (`br`, `bri`, `yrmi`, `sekz`). Nil for a number
    /// word, a word of its own (`nearNumbers`), or a word as near two number words. Asked only where a
    /// claim reads a count (before a lesson word, `yeniden hesaplama`, after a trigger's name), by
    /// bytes first: most words asked are near no number word.
    static func meantNumber(_ word: String) -> String? {
        let folded = asciiFolded(word)
        guard folded.count >= 2, folded.count <= 8 else { return nil }
        var found: String?
        var swapped: String?
        for number in foldedNumbers where abs(number.folded.count - folded.count) <= 1 {
            if number.folded == folded {
                swapped = number.word
            } else if number.word.utf8.count >= 3, withinOneSlip(folded, number.folded) {
                // As near two number words: not known which.
                if found != nil { found = "" } else { found = number.word }
            }
        }
        guard let meant = swapped ?? found, !meant.isEmpty, units[word] == nil, tens[word] == nil,
            possessives[word] == nil, !nearNumbers.contains(word), word.allSatisfy(\.isLetter)
        else { return nil }
        return meant
    }

    /// The distributive number word (`altışar`, `dörder`) `word` is typed for with one slip (`altışr`,
    /// `dördr`), by `withinOneSlip` on the ASCII-folded bytes; nil for a distributive itself, a
    /// word of five bytes or fewer (`onar`'s neighbours are words), or one as near two.
    static func meantDistributive(_ word: String) -> String? {
        guard word.utf8.count > 5, word.utf8.count <= 10, distributives[word] == nil else { return nil }
        let folded = asciiFolded(word)
        let near = distributives.keys.filter { withinOneSlip(folded, asciiFolded($0)) }
        return near.count == 1 ? near[0] : nil
    }

    /// Whether `a` and `b` differ by one byte left out, added, changed, or two neighbours swapped.
    private static func withinOneSlip(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a.count == b.count {
            var first = -1
            var second = -1
            for index in a.indices where a[index] != b[index] {
                if first < 0 {
                    first = index
                } else if second < 0 {
                    second = index
                } else {
                    return false
                }
            }
            return second < 0 || (second == first + 1 && a[first] == b[second] && a[second] == b[first])
        }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        var index = 0
        while index < short.count && long[index] == short[index] { index += 1 }
        while index < short.count {
            if long[index + 1] != short[index] { return false }
            index += 1
        }
        return true
    }

    /// `word`'s bytes with its Turkish letters as their ASCII twins (`ı` and `i` alike): what a slip
    /// of the keyboard layout keeps.
    private static func asciiFolded(_ word: String) -> [UInt8] {
        var folded: [UInt8] = []
        folded.reserveCapacity(word.utf8.count)
        var bytes = word.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == 0xC3 || byte == 0xC4 || byte == 0xC5, let next = bytes.next() else {
                folded.append(byte)
                continue
            }
            switch (byte, next) {
            case (0xC4, 0xB1), (0xC4, 0xB0): folded.append(UInt8(ascii: "i"))
            case (0xC3, 0xB6): folded.append(UInt8(ascii: "o"))
            case (0xC3, 0xBC): folded.append(UInt8(ascii: "u"))
            case (0xC5, 0x9F): folded.append(UInt8(ascii: "s"))
            case (0xC3, 0xA7): folded.append(UInt8(ascii: "c"))
            case (0xC4, 0x9F): folded.append(UInt8(ascii: "g"))
            default: folded += [byte, next]
            }
        }
        return folded
    }

    /// The number of `length` words from `index` with exactly one word typed with a slip
    /// (`yirmi bri`, `yrmi bir`, `sekz`; `meantNumber`): its value, the slipped word and the word
    /// meant. Nil when no word slipped (`number` reads it), or two did.
    static func slippedNumber(_ words: [Word], at index: Int, length: Int) -> (value: Int, word: Int, meant: String)? {
        guard index >= 0, index + length <= words.count,
            (index..<index + length).allSatisfy({ !words[$0].notACount }),
            (index + 1..<index + length).allSatisfy({ !words[$0].separated })
        else { return nil }
        var slip: (word: Int, meant: String)?
        var read: [String] = []
        for at in index..<index + length {
            var text = words[at].text
            if units[text] == nil && tens[text] == nil {
                guard slip == nil, let meant = meantNumber(text) else { return nil }
                slip = (at, meant)
                text = meant
            }
            read.append(text)
        }
        guard let slip else { return nil }
        if length == 1 { return ((units[read[0]] ?? tens[read[0]])!, slip.word, slip.meant) }
        guard length == 2, let ten = tens[read[0]], let unit = units[read[1]], unit > 0 else { return nil }
        return (ten + unit, slip.word, slip.meant)
    }

    /// The words `range` as written, the slipped one (`slip`) as `meant`, cased as it was written.
    static func corrected(_ words: [Word], _ range: Range<Int>, slip: Int, meant: String) -> String {
        range.map { at in
            guard at == slip else { return words[at].written }
            // Capitalised as Turkish does: `i` as `İ`.
            guard words[at].written.first?.isUppercase == true else { return meant }
            return (meant.hasPrefix("i") ? "İ" : meant.prefix(1).uppercased()) + meant.dropFirst()
        }.joined(separator: " ")
    }

    /// A ten and a unit written as one word (`yirmiiki`, `onbir`): the number a reader reads.
    static func joinedNumber(_ word: String) -> Int? {
        // Every ten opens with one of these bytes (`ı` of `kırk` is the second letter).
        guard word.utf8.count > 4, let first = word.utf8.first, "oykeasd".utf8.contains(first) else { return nil }
        for (name, ten) in tens where word.hasPrefix(name) {
            if let unit = units[String(word.dropFirst(name.count))], unit > 0, unit < 10 { return ten + unit }
        }
        return nil
    }

    /// The number `words[index...]` starts with, and how many words it takes: digits, a unit, a
    /// ten, or a ten and a unit (`on bir`); with `possessive`, in a possessive form too (`altısı`,
    /// `on biri`), which is a count only before a name.
    static func number(_ words: [Word], at index: Int, possessive: Bool = false) -> (value: Int, length: Int)? {
        guard index >= 0, index < words.count, !words[index].notACount else { return nil }
        let word = words[index].text
        if word.allSatisfy({ $0.isASCII && $0.isNumber }), word.count < 10, let value = Int(word) {
            return (value, 1)
        }
        if let unit = units[word] { return (unit, 1) }
        if let ten = tens[word] {
            if index + 1 < words.count, !words[index + 1].separated {
                let next = words[index + 1].text
                if let unit = units[next] ?? (possessive ? possessives[next] : nil), unit > 0, unit < 10 {
                    return (ten + unit, 2)
                }
            }
            return (ten, 1)
        }
        if possessive, let value = possessives[word] { return (value, 1) }
        return joinedNumber(word).map { ($0, 1) }
    }

    /// `words` with each whole share (`%30`, `30%`) readable as a number, and those words; nil
    /// when it has none.
    static func percentCounted(_ words: [Word]) -> (words: [Word], at: Set<Int>)? {
        let at = Set(words.indices.filter { words[$0].percent })
        guard !at.isEmpty else { return nil }
        var result = words
        // The sign read past, as a reader reads `%30` as the share's number.
        for word in at {
            result[word].notACount = false
            result[word].gap.removeAll { $0 == "%" }
            if word + 1 < result.count, result[word + 1].gap.hasPrefix("%") {
                result[word + 1].gap.removeFirst()
            }
        }
        return (result, at)
    }

    /// Whether the share `percent` of `total` lessons may be `count` of them, rounded either way.
    static func shareAgrees(_ percent: Int, count: Int, of total: Int) -> Bool {
        guard total > 0 else { return false }
        return abs(Double(percent) - Double(count * 100) / Double(total)) < 1
    }

    /// The words that are the totals of counts written as fractions, `N/T` (`yerel 6/20`, `6 / 20`:
    /// six of twenty): two numbers joined by a slash alone, no slash before or after them (a run,
    /// `2/2/2/2`, is a distribution). A slash also joins two counts a reader reads as either
    /// (`gözlem 4/5`, four or five), so the sentence writes fractions only when most of its pairs
    /// read as a part of a larger whole (`T` at least twice `N`); then every pair is a count and
    /// its total, a slipped total (`6/21`) or numerator (`12/20`) among them.
    static func fractionTotals(_ words: [Word]) -> [Int] {
        // Cheap first: a slash between words.
        guard words.contains(where: { $0.gap.contains("/") }) else { return [] }
        func slashed(_ at: Int) -> Bool { at < words.count && words[at].gap.contains("/") }
        var pairs: [(count: Int, total: Int, share: Bool)] = []
        for at in words.indices.dropFirst() where words[at].gap == "/" {
            guard !slashed(at - 1), !slashed(at + 1), let count = number(words, at: at - 1), count.length == 1,
                words[at - 1].text.allSatisfy(\.isNumber),
                let total = number(words, at: at), total.length == 1, words[at].text.allSatisfy(\.isNumber)
            else { continue }
            pairs.append((at - 1, at, total.value >= 2 * count.value && total.value > 1))
        }
        guard pairs.count(where: \.share) * 2 > pairs.count else { return [] }
        return pairs.map(\.total)
    }

    /// Everything a paragraph states about the triggers: every count it gives each trigger, in
    /// `Triggers.names` order, by word. Listed names with their counts after them in order
    /// (`yerel, ebeveyn, gözlem ve ortam: 6, 4, 4, 6`, or the counts in parentheses), or one
    /// distributive count after them or right before them (`yerel ve ortam 6'şar`, `altışar yerel
    /// ve ortam`), are read first; then each other name takes the number right after it (a colon or
    /// an opening parenthesis between them, or a word a reader reads past, `Connective.beforeCount`:
    /// `gözlem ise 5`) or right before it, whichever of the two the paragraph uses more, the other where that gives none.
    /// Each number counts once. Then what else it states: a name in a list of counts that is not a
    /// trigger, a number of lessons, four slashed counts no trigger took. With `ofRecomputations`
    /// the counts are a tree's recomputations (the opening lesson's own sentences), so a possessive
    /// count after `yeniden hesaplama` counts them (`sekiz yeniden hesaplama üretti; ikisi yerel`).
    static func reading(_ words: [Word], ofRecomputations: Bool = false) -> Candidate {
        var counts: [[(value: Int, word: Int)]] = Triggers.names.map { _ in [] }
        var usedNumbers = Set<Int>()
        var usedNames = Set<Int>()
        // The totals of counts written as fractions (`yerel 6/20`: six of twenty), set aside before
        // any count is read, so no reader takes one for a second count.
        let fractionTotals = Self.fractionTotals(words)
        usedNumbers.formUnion(fractionTotals)
        var shortList: (names: [Int], counts: [Int])?
        // Which trigger each word reads as: by its bytes, else as a reader sees it (composed, look-alikes read).
        var unseen: [(word: Int, trigger: String)] = []
        let triggers: [Int?] = words.indices.map { index in
            guard !words[index].aside else { return nil }
            let text = words[index].text
            if let exact = Triggers.names.firstIndex(where: { $0.declared.sameBytes(text) }) { return exact }
            // The name with `ise` or the locative joined to it (`ortamsa 6`, `ortamda 6`): the name.
            if let suffix = Connective.nameSuffixes.first(where: { text.hasSuffix($0) }),
                let named = Triggers.names.firstIndex(where: {
                    $0.declared.sameBytes(String(text.dropLast(suffix.count)))
                })
            {
                return named
            }
            guard text.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
            let read = Invisible.reading(text)
            guard let found = Triggers.names.firstIndex(where: { $0.declared.sameBytes(read) }) else { return nil }
            // Only decomposed: its page's one `decomposed` finding, not one here.
            if !Decomposed.canonicallyEqual(text, Triggers.names[found].declared) {
                unseen.append((index, Triggers.names[found].declared))
            }
            return found
        }
        func trigger(_ index: Int) -> Int? {
            guard index >= 0, index < words.count else { return nil }
            return triggers[index]
        }
        let connectives = Connective.joining
        /// The next item of a list after `index`: a comma (or `separator`) before it, or a connective
        /// word; the item's index, or nil.
        func nextItem(after index: Int, separators: String, isItem: (Int) -> Bool) -> Int? {
            let next = index + 1
            guard next < words.count else { return nil }
            // A second count's closing parenthesis before the separator (`6 (7), 4`, `4 (5) ve 6`),
            // the question mark of an asked bound before it too (`4 (en fazla 5 mi?), 4`).
            var gap = Substring(words[next].gap)
            if separators.contains(")"), gap.hasPrefix("?)") { gap = gap.dropFirst() }
            if separators.contains(")"), gap.hasPrefix(")") { gap = gap.dropFirst() }
            if !gap.isEmpty, gap.allSatisfy({ separators.contains($0) }), isItem(next) {
                return next
            }
            if gap.isEmpty, connectives.contains(words[next].text), next + 1 < words.count,
                words[next + 1].gap.isEmpty, isItem(next + 1)
            {
                return next + 1
            }
            return nil
        }
        /// A count stated again right after the word before `next` (`altı (6)`, `4 (5)`, `6: 7`,
        /// `4/5`, `4–5`, `4 → 5`, `6~7`, `4 ya da 5`, `4 ila 5`, `6 (yani 7)`, `6, hatta 7`): a number
        /// after a mark that joins two counts, or after restating words (`Connective`, a comma
        /// before them too), that is not the count of a name or a number of lessons right after it,
        /// part of a slashed distribution, or denied (`6 (7 değil)`).
        func restated(_ next: Int) -> (value: Int, at: Int, length: Int)? {
            guard next < words.count else { return nil }
            let said = Connective.restatingLength(words, at: next)
            let gap = words[next].gap
            // Two numbers in a row (`dört beş`, `4 5`) read "four or five": the second is a count
            // too; but the article `bir` (`ortam 6 bir …`).
            let adjacent =
                said == 0 && gap.isEmpty && next > 0 && number(words, at: next - 1) != nil && words[next].text != "bir"
            // A count with the particle typed as its suffix (`4'mü 5'mi`) asks as `4 mü 5 mi` does.
            let marked =
                (said > 0 || !gap.isEmpty || next > 0 && words[next - 1].asks || adjacent)
                && gap.allSatisfy({
                    Connective.marksBetweenCounts.contains($0) || Connective.joinsCounts($0) || said > 0 && $0 == ","
                })
            // Or a number after a comma or a semicolon that a word after it supposes (`6, 7 de olabilir`, `6, 7 mi?`).
            let supposed = !marked && !gap.isEmpty && gap.allSatisfy({ $0 == "," || $0 == ";" })
            guard marked || supposed else { return nil }
            let at = next + said
            guard at < words.count, at == next || Connective.follows(words, at: at) else { return nil }
            // A bound by a case ending (`6 (7'den az)`, `6 (7'ye kadar)`) is judged as a bound, not as a count.
            guard !usedNumbers.contains(at), let found = number(words, at: at),
                Connective.numberBound(words, at: at) == nil
            else { return nil }
            let end = at + found.length
            if supposed, Connective.supposingLength(words, at: end) == 0, !words[end - 1].asks { return nil }
            // After a particle or a supposing word and a comma, only another alternative (`4 mü, 5
            // mi`, `4 olabilir, 5 de olabilir`): a number without its particle there is the list's
            // next item (`4 mü 5 mi, 6`). After a correction's pause (`4, hayır, 5`) it is the count.
            if at > next, !words[at].gap.isEmpty, !Connective.corrects(words[at - 1].text),
                Connective.supposingLength(words, at: end) == 0, !words[end - 1].asks
            {
                return nil
            }
            if end < words.count,
                words[end].gap.contains("/")
                    || words[end].gap.isEmpty && (trigger(end) != nil || words[end].text.hasPrefix("ders"))
            {
                return nil
            }
            if negated(end) { return nil }
            return (found.value, at, found.length)
        }
        /// Whether the word at `index` is a question particle right after the word before it (`4 mü`).
        func asks(_ index: Int) -> Bool {
            index < words.count && words[index].gap.isEmpty && Connective.asking.contains(words[index].text)
        }
        /// Whether the word at `index` denies the number right before it (`7 değil`, not seven; `4 yerine`).
        func negated(_ index: Int) -> Bool { Connective.denies(words, at: index) }
        /// The count stated in place of `count`, when a denial right after it voids
        /// it (`gözlem 4 yerine 5`, five instead of four; `ortam 7 değil, 6`): the number right after
        /// the denial, a comma between them or none. The voided count is used up either way.
        func instead(of count: (value: Int, at: Int, length: Int)) -> (
            denied: Bool, count: (value: Int, at: Int, length: Int)?
        ) {
            let denial = count.at + count.length
            guard negated(denial) else { return (false, count) }
            for word in count.at..<denial { usedNumbers.insert(word) }
            let next = denial + 1
            guard next < words.count, words[next].gap.allSatisfy({ $0 == "," }), !usedNumbers.contains(next),
                let found = number(words, at: next)
            else { return (true, nil) }
            let end = next + found.length
            if end < words.count, words[end].gap.isEmpty, trigger(end) != nil { return (true, nil) }
            return (true, (found.value, next, found.length))
        }
        /// The bound that starts at `start` (`en fazla 7`, `azami 7`, `7'den az`, `yediden daha fazla`),
        /// its number not yet used nor a name's or a number of lessons' right after it (`en az 5
        /// ortam`): its value, whether an upper one and a strict one, the number's word and the
        /// bound's last word.
        func bound(at start: Int) -> (
            value: Int, upper: Bool, strict: Bool, word: Int, end: Int, reading: Connective.BoundReading
        )? {
            guard start < words.count, !usedNumbers.contains(start) else { return nil }
            if let bound = Connective.numberBound(words, at: start) {
                return (bound.value, bound.upper, bound.strict, start, start + bound.length - 1, bound.reading)
            }
            guard
                let phrase = Connective.bounding.first(where: { phrase in
                    start + phrase.words.count < words.count
                        && phrase.words.indices.allSatisfy({ words[start + $0].text == phrase.words[$0] })
                }), case let at = start + phrase.words.count,
                Connective.bound(words, before: at) != nil, !usedNumbers.contains(at),
                let value = number(words, at: at)
            else { return nil }
            let next = at + value.length
            guard
                next >= words.count || !words[next].gap.isEmpty
                    || trigger(next) == nil && !words[next].text.hasPrefix("ders")
            else { return nil }
            // A question after it (`en fazla 7 mi?`) asks the bound, as after a case ending's.
            if next < words.count, words[next].gap.isEmpty, Connective.asking.contains(words[next].text) {
                return (value.value, phrase.upper, false, at, next, .asked)
            }
            return (value.value, phrase.upper, false, at, next - 1, .stated)
        }
        var bounds:
            [(trigger: Int, value: Int, upper: Bool, word: Int, strict: Bool, reading: Connective.BoundReading)] = []
        // Listed names, then as many numbers after a colon or an opening parenthesis, or one distributive count.
        var index = 0
        while index < words.count {
            guard trigger(index) != nil else {
                index += 1
                continue
            }
            var names = [index]
            /// Whether the name at `at` has its own count right after it (`ortam 7`), not a distributive one.
            func counted(_ at: Int) -> Bool {
                at + 1 < words.count && words[at + 1].gap.isEmpty && !words[at + 1].distributive
                    && number(words, at: at + 1) != nil
            }
            // A list names each trigger once, and a name with its own count is no item of it: either
            // opens a mention of its own (`dörder ebeveyn ve gözlem, gözlem 5`, `4'er ebeveyn ve
            // gözlem, ortam 7`: a second count).
            while let next = nextItem(
                after: names.last!, separators: ",", isItem: { trigger($0) != nil && !counted($0) }),
                !names.contains(where: { trigger($0) == trigger(next) })
            {
                names.append(next)
            }
            // The last name joined by `ve` or `ile`, its count right after it (`yerel ve ortam 6`,
            // `yerel, ebeveyn, gözlem ve ortam 6, 4, 4, 6`): a reader reads the count as the list's,
            // as after a colon, unless the list's first name has a count of its own before it
            // (`4'ü gözlem ve ortam 6`: ortam's alone).
            let joined = names.last! + 2
            let countedLast =
                joined < words.count && words[joined - 1].gap.isEmpty
                && (words[joined - 1].text == "ve" || words[joined - 1].text == "ile") && words[joined].gap.isEmpty
                && counted(joined) && trigger(joined).map { last in !names.contains { trigger($0) == last } } == true
                && (names[0] == 0 || !words[names[0]].gap.isEmpty
                    || number(words, at: names[0] - 1, possessive: true) == nil)
            if countedLast { names.append(joined) }
            // Words read past between the names and their counts (`… ve ortam için 6, 4, 4, 6`, `…,
            // ortam: sırasıyla 6, 4, 4, 6`), as between a name and its count.
            let past = Connective.beforeCountLength(words, at: names.last! + 1, opening: Connective.marksAfterName)
            let first = names.last! + 1 + past
            if names.count >= 2, first < words.count, words[first].distributive,
                words[first].gap.allSatisfy({ $0 == ":" }), let each = number(words, at: first)
            {
                for name in names {
                    counts[trigger(name)!].append((each.value, first))
                    usedNames.insert(name)
                }
                usedNumbers.insert(first)
                index = first + 1
                continue
            }
            // Or one distributive count right before them (`altışar yerel ve ortam`, six each).
            let before = names[0] - 1
            if names.count >= 2, before >= 0, words[before].distributive, !words[names[0]].separated,
                !usedNumbers.contains(before), let each = number(words, at: before), each.length == 1
            {
                for name in names {
                    counts[trigger(name)!].append((each.value, before))
                    usedNames.insert(name)
                }
                usedNumbers.insert(before)
                index = names.last! + 1
                continue
            }
            /// A listed count, or the one stated in its place after a denial (`6, 4, 4 yerine 5, 6`).
            func kept(_ at: Int, _ count: (value: Int, length: Int)) -> (Int, (value: Int, length: Int))? {
                let replaced = instead(of: (count.value, at, count.length))
                guard replaced.denied else { return (at, count) }
                return replaced.count.map { ($0.at, ($0.value, $0.length)) }
            }
            guard names.count >= 2, first < words.count, past > 0 || !words[first].gap.isEmpty || countedLast,
                words[first].gap.allSatisfy(Connective.marksAfterName.contains), let stated = number(words, at: first),
                let (first, opening) = kept(first, stated)
            else {
                index = names.last! + 1
                continue
            }
            var numbers = [(first, opening)]
            /// Each listed count's second counts in parentheses (`6, 4, 4, 6 (7)`, `6 (yani 7), 4, 4, 6`):
            /// judged as the second count of a name is. A slash or `ya da` there would be the list's next count.
            var seconds: [[(value: Int, at: Int, length: Int)]] = []
            /// And its bounds in parentheses (`6, 4, 4 (en fazla 5), 6`, `4 (7'den az)`), judged as bounds.
            var itemBounds:
                [[(value: Int, upper: Bool, strict: Bool, word: Int, end: Int, reading: Connective.BoundReading)]] = []
            var ends: [Int] = []
            func readSeconds(after at: Int, length: Int) {
                var end = at + length - 1
                // A fraction's total (`6/20`) ends the item.
                if fractionTotals.contains(end + 1) { end += 1 }
                var again: [(value: Int, at: Int, length: Int)] = []
                var bounded:
                    [(value: Int, upper: Bool, strict: Bool, word: Int, end: Int, reading: Connective.BoundReading)] =
                        []
                while end + 1 < words.count, words[end + 1].gap.contains("(") || asks(end + 1) {
                    if let found = restated(end + 1) {
                        again.append(found)
                        end = found.at + found.length - 1
                    } else if words[end + 1].gap.contains("("), let found = bound(at: end + 1) {
                        bounded.append(found)
                        end = found.end
                    } else {
                        break
                    }
                }
                itemBounds.append(bounded)
                // The particle that closes the question (`4 mü 5 mi, 6`) ends the item.
                if asks(end + 1) { end += 1 }
                seconds.append(again)
                ends.append(end)
            }
            readSeconds(after: first, length: opening.length)
            while numbers.count < names.count {
                // After a second count's closing parenthesis (`6 (7), 4`), the list goes on.
                let closed = seconds.last?.isEmpty == false || itemBounds.last?.isEmpty == false
                // With no colon before them, a number that counts the name right after it (`…
                // ortam 6, 4 ebeveyn`) is that name's, not the list's.
                func ownCount(_ at: Int) -> Bool {
                    guard countedLast, let found = number(words, at: at), at + found.length < words.count else {
                        return false
                    }
                    let after = at + found.length
                    return words[after].gap.isEmpty && (trigger(after) != nil || words[after].text.hasPrefix("ders"))
                }
                guard
                    let next = nextItem(
                        after: ends.last!, separators: closed ? ",/)" : ",/",
                        isItem: { number(words, at: $0) != nil && !ownCount($0) }),
                    let stated = number(words, at: next), let (next, value) = kept(next, stated)
                else { break }
                numbers.append((next, value))
                readSeconds(after: next, length: value.length)
            }
            // One count after the names (`ebeveyn ve gözlem için 4`, `yerel ile ortam: 6`, `yerel ve
            // ortam 6`) is each name's, as a distributive one is.
            if numbers.count == 1 {
                numbers = Array(repeating: numbers[0], count: names.count)
                seconds = Array(repeating: seconds[0], count: names.count)
                itemBounds = Array(repeating: itemBounds[0], count: names.count)
            }
            if numbers.count < names.count, numbers.count >= 2, shortList == nil {
                // Two counts or more after the names' colon: a list of counts, one of them dropped.
                shortList = (names, numbers.map(\.0))
                usedNames.formUnion(names)
                for (at, count) in numbers { usedNumbers.formUnion(at..<(at + count.length)) }
            }
            if numbers.count == names.count {
                for (name, bounded) in zip(names, itemBounds) {
                    for bound in bounded {
                        bounds.append(
                            (trigger(name)!, bound.value, bound.upper, bound.word, bound.strict, bound.reading))
                        for word in bound.word...bound.end { usedNumbers.insert(word) }
                    }
                }
                for (name, ((at, count), again)) in zip(names, zip(numbers, seconds)) {
                    counts[trigger(name)!].append((count.value, at))
                    usedNames.insert(name)
                    for word in at..<(at + count.length) { usedNumbers.insert(word) }
                    for second in again {
                        counts[trigger(name)!].append((second.value, second.at))
                        for word in second.at..<(second.at + second.length) { usedNumbers.insert(word) }
                    }
                }
            }
            index = numbers.last!.0 + 1
        }
        /// The number right after the name at `index`, or right before it, not yet counted.
        /// A tilde before the count says "about" (`yerel ~6`) and leaves it the count; a dash
        /// (`ortam – 6`) stands where a colon does.
        func after(_ index: Int) -> (value: Int, at: Int, length: Int)? {
            var next = index + 1
            // A word read past before the count (`gözlem ise 5`, `yerel yaklaşık 6`), either-or's
            // first `ya` after it or alone (`gözlem ya 4 ya 5`, `ortam için ya 6 ya 7`).
            if case let skipped = Connective.beforeCountLength(words, at: next, opening: Connective.marksAfterName),
                next + skipped < words.count
            {
                next += skipped
            }
            if next + 1 < words.count, words[next].gap.allSatisfy(Connective.marksAfterName.contains),
                Connective.opensEitherOr(words, at: next)
            {
                next += 1
            }
            // A bound there (`ortam 7'den az`, `ortam 7'ye kadar`) states no count, as `ortam en fazla 7` does.
            guard next < words.count,
                words[next].gap.allSatisfy({ Connective.marksAfterName.contains($0) || Connective.isTilde($0) }),
                !usedNumbers.contains(next), let found = number(words, at: next),
                Connective.numberBound(words, at: next) == nil,
                !(found.length == 1 && Connective.isArticle(words, at: next)),
                !(inClause(index) && next == index + 1 && Connective.goesIntoNoun(words, at: next + found.length - 1)),
                // A count that goes on into a place other than lessons (`Ebeveyn tetiği on ağaçta
                // göründü`: in ten trees) counts that place, wherever the name stands.
                !(Connective.goesIntoNoun(words, at: next + found.length - 1)
                    && Self.isLocative(words[next + found.length].text))
            else { return nil }
            return (found.value, next, found.length)
        }
        /// Whether the name at `index` stands inside a clause (`Son derste ortamda 2 anahtar`): a
        /// word right before it in its block, no punctuation or connective between, so the number
        /// after it counts the noun after that (two keys), not lessons. A list's item opens after a
        /// colon, a comma or a connective (`şöyledir: yerel 6`, `ve ortam 6`).
        func inClause(_ index: Int) -> Bool {
            index > 0 && words[index].gap.isEmpty && words[index].block == words[index - 1].block
                && !Connective.isConnective(words[index - 1].text) && number(words, at: index - 1) == nil
        }
        func before(_ index: Int) -> (value: Int, at: Int, length: Int)? {
            guard !words[index].separated else { return nil }
            // A fraction before the name (`6/20 yerel`): its numerator is the count.
            if fractionTotals.contains(index - 1) {
                guard index >= 2, !usedNumbers.contains(index - 2), let found = number(words, at: index - 2),
                    found.length == 1
                else { return nil }
                return (found.value, index - 2, 1)
            }
            // A number of lessons before the name (`6 derste yerel`, `on iki derslerde ortam`: in six lessons).
            if index >= 2, Self.inLessons.contains(words[index - 1].text), !words[index - 1].separated {
                for length in [2, 1] where index - 1 - length >= 0 {
                    let at = index - 1 - length
                    guard !(at..<(index - 1)).contains(where: usedNumbers.contains),
                        let found = number(words, at: at), found.length == length
                    else { continue }
                    return (found.value, at, length)
                }
                return nil
            }
            // A ten and a unit (`on bir yerel`), or one word, right before the name.
            if index >= 2, !words[index - 1].separated, !usedNumbers.contains(index - 2),
                !usedNumbers.contains(index - 1), let found = number(words, at: index - 2, possessive: true),
                found.length == 2
            {
                return countsLessons(index - 2, name: index) ? (found.value, index - 2, 2) : nil
            }
            guard !usedNumbers.contains(index - 1), let found = number(words, at: index - 1, possessive: true),
                found.length == 1,
                countsLessons(index - 1, name: index)
            else { return nil }
            return (found.value, index - 1, 1)
        }
        /// Whether the number at `at`, right before the name at `name`, counts lessons. Where the name
        /// ends a list item (nothing after it, or a comma, a full stop or a connective and a count:
        /// `6 yerel, 4 ebeveyn`) or goes on into a word for lessons (`altı ortam dersi`), it does. Where
        /// the name goes on into another phrase, the number counts what that phrase names: `bir` always
        /// (the article, `bir yerel değişiklik`, `tek bir ortam değeri`), another number when it stands
        /// inside a clause, a word right before it and no comma, colon or connective between
        /// (`dersleri beş ortam değeri`, `3 yerel değişiklik ölçer`), not when it opens a list item.
        func countsLessons(_ at: Int, name: Int) -> Bool {
            if possessives[words[name - 1].text] != nil, !ofRecomputations, !refersToLessons(at) { return false }
            if endsItem(name) { return true }
            // `biri` too, "someone" as well as "one of them" (`biri ortam değerini değiştirir`).
            if words[at].text == "bir" || words[at].text == "biri" { return false }
            if words[name + 1].text.hasPrefix("ders") || at == 0 || words[at].block != words[at - 1].block {
                return true
            }
            return words[at].gap.contains(where: { ",:;(".contains($0) }) || connectives.contains(words[at - 1].text)
        }
        /// Whether the possessive count at `at` (`altısı`, six of them) counts lessons: the noun it
        /// refers back to, the nearest before it in its sentence of a lesson word and a
        /// recomputation or a change, is a lesson word (`yirmi dersten altısı yerel`, `dağılımı
        /// şöyledir: altısı yerel`), not what a tree counts (`sekiz yeniden hesaplama üretti; ikisi
        /// yerel`: two of the recomputations).
        func refersToLessons(_ at: Int) -> Bool {
            var word = at
            while word > 0, !words[word].gap.contains(where: { ".!?".contains($0) }) {
                word -= 1
                let text = words[word].text
                if lessonWords.contains(where: { text.hasPrefix($0) }) { return true }
                if text.hasPrefix("hesaplama") || text.hasPrefix("değişiklik") { return false }
            }
            return false
        }
        /// True when the name at `index` ends an item of a list of counts rather than going on into a phrase.
        func endsItem(_ index: Int) -> Bool {
            let next = index + 1
            guard next < words.count else { return true }
            guard words[next].gap.allSatisfy({ $0 == "'" || $0 == "\u{2019}" }) else { return true }
            return connectives.contains(words[next].text) && number(words, at: next + 1) != nil
        }
        let others = words.indices.filter { trigger($0) != nil && !usedNames.contains($0) }
        let afterFirst = others.count { after($0) != nil } >= others.count { before($0) != nil }
        var found: [(trigger: Int, value: Int, at: Int)] = []
        /// The last word of each `name count` or `count name` item, where a list of counts may go on.
        var ends: [Int] = []
        /// The first word of each such item, where a list of counts may have begun before it.
        var starts: [Int] = []
        for name in others {
            let sides = afterFirst ? [after, before] : [before, after]
            guard var count = sides.lazy.compactMap({ $0(name) }).first else { continue }
            // A count denied right after it (`gözlem 4 yerine 5`, `ortam 7 değil, 6`) is not stated:
            // the one after the denial is, or none.
            if count.at > name, case let replaced = instead(of: count), replaced.denied {
                guard let stated = replaced.count else {
                    ends.append(count.at + count.length)
                    continue
                }
                count = stated
            }
            for word in count.at..<(count.at + count.length) { usedNumbers.insert(word) }
            found.append((trigger(name)!, count.value, count.at))
            // Two numbers in a row before the name (`dört beş gözlem`, four or five): the first is a
            // count too, as the second is after it (`gözlem dört beş`, `restated`).
            if count.at < name, count.at > 0, words[count.at].gap.isEmpty, !usedNumbers.contains(count.at - 1),
                words[count.at - 1].text != "bir", let first = number(words, at: count.at - 1), first.length == 1
            {
                usedNumbers.insert(count.at - 1)
                found.append((trigger(name)!, first.value, count.at - 1))
            }
            var end = max(name, count.at + count.length - 1)
            // Every count the sentence states for the name is judged, a second one after the first too.
            while let again = restated(end + 1) {
                for word in again.at..<(again.at + again.length) { usedNumbers.insert(word) }
                found.append((trigger(name)!, again.value, again.at))
                end = again.at + again.length - 1
            }
            // A bound after the count (`ortam 6, en fazla 7`, `6 (en az 5)`, `6 (7'den az)`): judged as a bound.
            if count.at > name, end + 1 < words.count, words[end + 1].gap.allSatisfy({ ",;(".contains($0) }),
                let bound = bound(at: end + 1)
            {
                for word in (end + 1)...bound.end { usedNumbers.insert(word) }
                bounds.append((trigger(name)!, bound.value, bound.upper, bound.word, bound.strict, bound.reading))
                end = bound.end
            }
            // A parenthesis opened right after the count restates it wherever its number stands
            // (`6 (altı değil, 7)`): every count in it, but the count of a name right after it or
            // right before it (`ortam 6 (yerel: 7)`: yerel's) and a total or a number of lessons
            // (`(toplam 20)`, `(ders 12)`), which are judged as such.
            let opened = count.at + count.length
            if opened < words.count, opened > name, words[opened].gap.contains("("), !words[opened].gap.contains(")") {
                var word = opened
                while word < words.count, word == opened || !words[word].gap.contains(where: { ")".contains($0) }) {
                    defer { word += 1 }
                    if !usedNumbers.contains(word), let bound = Connective.numberBound(words, at: word) {
                        for used in word..<(word + bound.length) { usedNumbers.insert(used) }
                        bounds.append((trigger(name)!, bound.value, bound.upper, word, bound.strict, bound.reading))
                        end = max(end, word + bound.length - 1)
                        word += bound.length - 1
                        continue
                    }
                    guard !usedNumbers.contains(word), words[word].text != "bir" || word == opened,
                        word == opened
                            || !(words[word - 1].text.hasPrefix("toplam") || words[word - 1].text.hasPrefix("ders")),
                        word == opened || trigger(word - 1) == nil
                            || !words[word].gap.allSatisfy({ $0 == ":" || $0 == "(" }),
                        let again = number(words, at: word)
                    else { continue }
                    let next = word + again.length
                    if next < words.count, words[next].gap.isEmpty,
                        trigger(next) != nil || words[next].text.hasPrefix("ders")
                    {
                        continue
                    }
                    if negated(next) {
                        for used in word..<next { usedNumbers.insert(used) }
                        word = next - 1
                        continue
                    }
                    for used in word..<next { usedNumbers.insert(used) }
                    if let bound = Connective.bound(words, before: word) {
                        bounds.append((trigger(name)!, again.value, bound.upper, word, false, .stated))
                    } else {
                        found.append((trigger(name)!, again.value, word))
                    }
                    end = max(end, next - 1)
                    word = next - 1
                }
            }
            ends.append(end)
            starts.append(min(name, count.at))
        }
        for (trigger, value, at) in found { counts[trigger].append((value, at)) }
        for index in counts.indices { counts[index].sort { $0.word < $1.word } }
        var candidate = Candidate(blocks: [], words: words, counts: counts, unseen: unseen)
        candidate.shortList = shortList
        candidate.bounds = bounds
        candidate.fractions = fractionTotals.sorted().map { total in
            let trigger = counts.indices.first { counts[$0].contains { $0.word == total - 1 } }
            return (number(words, at: total)?.value ?? 0, total, trigger)
        }

        // A name in the list of counts that is not a trigger (`ortam 6, gezinme 2`, `ortam 6 ve
        // gezinme 2`, `6 ortam, 2 gezinme`), after a counted trigger and a comma or a connective; one
        // whose count is the sum of the others is their total (`toplam 20`), and a word for lessons is
        // the number of lessons.
        let sum = counts.joined().reduce(0) { $0 + $1.value }
        // The total the sentence states (`toplam 20`, `(toplam: 20)`): judged against the lessons its counts cover.
        var stated: (value: Int, word: Int)?
        for word in words.indices where words[word].text.hasPrefix("toplam") && !usedNumbers.contains(word + 1) {
            guard word + 1 < words.count, words[word + 1].gap.allSatisfy({ $0 == ":" }),
                let found = number(words, at: word + 1)
            else { continue }
            stated = (found.value, word + 1)
            for used in (word + 1)..<(word + 1 + found.length) { usedNumbers.insert(used) }
            break
        }
        func isOther(_ word: Int) -> Bool {
            word < words.count && trigger(word) == nil && number(words, at: word) == nil
                && !words[word].text.hasPrefix("ders") && !words[word].text.hasPrefix("toplam")
                && !Connective.isConnective(words[word].text)
        }
        for var end in ends {
            while end + 1 < words.count {
                var start = end + 1
                if words[start].gap.isEmpty, connectives.contains(words[start].text) {
                    start += 1
                    guard start < words.count, words[start].gap.isEmpty else { break }
                } else if words[start].gap.isEmpty || !words[start].gap.allSatisfy({ $0 == "," }) {
                    break
                }
                if isOther(start), start + 1 < words.count, words[start + 1].gap.allSatisfy({ $0 == ":" || $0 == "(" }),
                    !usedNumbers.contains(start + 1), let count = number(words, at: start + 1), count.value != sum
                {
                    // `gezinme 2`
                    candidate.unknown.append(start)
                    usedNumbers.insert(start + 1)
                    end = start + count.length
                } else if !usedNumbers.contains(start), let count = number(words, at: start, possessive: true),
                    count.value != sum,
                    case let name = start + count.length, isOther(name), words[name].gap.isEmpty
                {
                    // `2 gezinme`
                    candidate.unknown.append(name)
                    usedNumbers.insert(start)
                    end = name
                } else {
                    break
                }
            }
        }
        // The same before a counted item (`gezinme 2, ortam 6`, `yerl 6, ebeveyn 4`): the list's
        // first name mistyped is named as a later one is.
        for var start in starts {
            while start > 1 {
                var end = start - 1
                if words[start].gap.isEmpty, connectives.contains(words[end].text), words[end].gap.isEmpty {
                    end -= 1
                } else if words[start].gap.isEmpty || !words[start].gap.allSatisfy({ $0 == "," }) {
                    break
                }
                guard end >= 1 else { break }
                if isOther(end - 1), words[end].gap.allSatisfy({ $0 == ":" || $0 == "(" }),
                    !usedNumbers.contains(end), let count = number(words, at: end), count.length == 1,
                    count.value != sum
                {
                    candidate.unknown.append(end - 1)
                    usedNumbers.insert(end)
                    start = end - 1
                } else if isOther(end), words[end].gap.isEmpty, !usedNumbers.contains(end - 1),
                    let count = number(words, at: end - 1, possessive: true), count.length == 1, count.value != sum
                {
                    candidate.unknown.append(end)
                    usedNumbers.insert(end - 1)
                    start = end - 1
                } else {
                    break
                }
            }
        }
        candidate.unknown = Set(candidate.unknown).sorted()
        candidate.sum = stated
        // A number right before a word for lessons (`yirmi dersin`; `bir` alone is "a").
        // One of its words typed with a slip (`yrmi dersin`): read as meant, the slip named; after
        // the number, only the same number restated (`… ise yrmi dersin tetiğini sayar`).
        for word in words.indices where words[word].text.hasPrefix("ders") && !words[word].separated {
            // A number with a scale (`yirmi bin dersin`): read composed, judged as any number of lessons.
            if candidate.total == nil, let composed = composedNumber(words, before: word),
                !(composed.start..<word).contains(where: usedNumbers.contains), let value = composed.value
            {
                candidate.total = (value, composed.start)
                continue
            }
            for length in [2, 1] where word - length >= 0 && !usedNumbers.contains(word - length) {
                if let found = number(words, at: word - length), found.length == length, found.value > 1 {
                    if candidate.total == nil {
                        candidate.total = (found.value, word - length)
                    } else if restates(words, number: word - length, lessonWord: word) {
                        candidate.restated.append((found.value, word - length))
                    }
                    break
                }
                if let slipped = slippedNumber(words, at: word - length, length: length), slipped.value > 1,
                    candidate.total.map({ $0.value == slipped.value }) ?? true
                {
                    if candidate.total == nil { candidate.total = (slipped.value, word - length) }
                    candidate.totalSlip = NumberSlip(
                        word: slipped.word, meant: slipped.meant, words: word - length..<word, value: slipped.value)
                    break
                }
            }
            if candidate.totalSlip != nil { break }
        }
        // Four slashed numbers no trigger took.
        for first in words.indices where first + 3 < words.count && !usedNumbers.contains(first) {
            let run = Array(first...(first + 3))
            guard run.allSatisfy({ !usedNumbers.contains($0) && words[$0].text.allSatisfy(\.isNumber) }),
                run.dropFirst().allSatisfy({ words[$0].gap == "/" }),
                case let values = run.compactMap({ Int(words[$0].text) }), values.count == 4
            else { continue }
            candidate.quad = (values, run)
            break
        }
        // A number right before `yeniden hesaplama…`, nothing between them (`sekiz yeniden hesaplama`),
        // not a trigger's own after its name (`ortam 2 yeniden hesaplama`, set aside or not).
        func named(_ word: Int) -> Bool {
            word >= 0 && Triggers.names.contains { $0.declared.sameBytes(words[word].text) }
        }
        for word in words.indices.dropFirst() where words[word].text == "yeniden" && !words[word].separated {
            guard word + 1 < words.count, words[word + 1].text.hasPrefix("hesaplama"), words[word + 1].gap.isEmpty
            else { continue }
            for length in [2, 1] where word - length >= 0 && !usedNumbers.contains(word - length) {
                if let found = number(words, at: word - length), found.length == length, !named(word - length - 1) {
                    candidate.recomputations = (found.value, word - length)
                    break
                }
                if let slipped = slippedNumber(words, at: word - length, length: length), !named(word - length - 1) {
                    candidate.recomputations = (slipped.value, word - length)
                    candidate.recomputationsSlip = NumberSlip(
                        word: slipped.word, meant: slipped.meant, words: word - length..<word)
                    break
                }
            }
            if candidate.recomputations != nil { break }
        }
        let all = counts.allSatisfy { !$0.isEmpty } || shortList != nil
        let named = words.contains { $0.text.hasPrefix("dağılım") } || candidate.total != nil
        candidate.rank = (all ? 2 : 0) + (named ? 1 : 0)
        return candidate
    }
}
