import Foundation

/// The triggers the course measures, and how lessons declare and outputs show them.
package enum Triggers {
    /// The four causes, as lessons spell them (`gözlem`) and as the core prints them (`gozlem`).
    package static let names: [(declared: String, printed: String)] = [
        ("yerel", "yerel"), ("ebeveyn", "ebeveyn"), ("gözlem", "gozlem"), ("ortam", "ortam"),
    ]

    /// A lesson's `- Bu dersin tetiği: **X**` bullet.
    package struct Declaration: Sendable {
        package var value: String
        /// Where the value starts (its line may be a soft-wrapped continuation of the bullet).
        package var location: SourceLocation
        /// Another trigger the bullet names after its first (`**yerel** ve **ebeveyn**`), and where:
        /// a bullet states one trigger, so a second is a finding.
        package var second: (value: String, location: SourceLocation)?
        /// The first trigger the bullet names, when it names a second (`**ortam ve ebeveyn**` names `ortam`).
        package var firstNamed: String?
        /// The distribution written right after a bold that names no trigger (`**dördünün de
        /// dağılımı** (2/2/2/2)`), as written: it belongs inside the bold.
        package var distributionAfter: String?

        /// The four numbers of `dördünün de dağılımı (a/b/c/d)`, when the lesson declares a distribution.
        package var distribution: [Int]? { Triggers.distribution(in: value) }

        /// The printed spelling of a single-trigger declaration.
        package var printed: String? { names.first { $0.declared.sameBytes(value) }?.printed }
    }

    /// The four numbers of a distribution written `(a/b/c/d)` in `text`, spaces around a slash
    /// read as a reader reads them (`(2 / 2 / 2 / 2)`).
    static func distribution(in text: String) -> [Int]? {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else {
            return nil
        }
        let parts = text[text.index(after: open)..<close].split(separator: "/", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int(spaced(String($0)).trimmingWhitespaces) }
        return parts.count == 4 && numbers.count == 4 ? numbers : nil
    }

    /// A distribution whose counts are written in another script's digits or number-form
    /// characters (`(٢/٢/٢/٢)`, `(Ⅱ/2/2/2)`), which readers read as its ASCII one: the first such
    /// count, and `text` with the counts in ASCII.
    static func otherDigitsDistribution(in text: String) -> (other: OtherDigits.Number, fixed: String)? {
        guard OtherDigits.mayHold(text), let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"),
            open < close
        else { return nil }
        let parts = text[text.index(after: open)..<close].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var other: OtherDigits.Number?
        var counts: [String] = []
        for part in parts {
            let count = spaced(String(part)).trimmingWhitespaces
            if let number = OtherDigits.leading(count), number.utf8Count == count.utf8.count {
                other = other ?? number
                counts.append(number.ascii)
            } else if Int(count) != nil {
                counts.append(count)
            } else {
                return nil
            }
        }
        guard let other else { return nil }
        return (other, text[..<open] + "(" + counts.joined(separator: "/") + ")" + text[text.index(after: close)...])
    }

    /// Slashes a reader takes for `/` in a distribution.
    static let slashLookAlikes: Set<UInt32> = [0x2044, 0x2215, 0x29F8, 0xFF0F]

    /// Why `text`, which a reader takes for a distribution `(a/b/c/d)`, does not read as one: a
    /// look-alike slash, or another number of counts than four. Nil when it is a distribution or
    /// looks like none.
    static func distributionSlip(in text: String) -> String? {
        guard distribution(in: text) == nil, let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"),
            open < close
        else { return nil }
        let inner = text[text.index(after: open)..<close]
        if let slash = inner.unicodeScalars.first(where: { slashLookAlikes.contains($0.value) }) {
            return "it has \(Invisible.name(slash)) where a distribution has '/'"
        }
        let parts = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ Int(spaced(String($0)).trimmingWhitespaces) != nil }) else {
            return nil
        }
        return "a distribution has four counts (yerel/ebeveyn/gözlem/ortam), and this has \(parts.count)"
    }

    /// The trigger a distribution's bold also names before its parentheses (`**yerel (1/0/0/0)**`).
    /// `text` reads as a distribution or nearly one (`distributionSlip`): the caller has asked both.
    static func triggerBeside(distribution text: String) -> String? {
        guard let open = text.firstIndex(of: "(") else { return nil }
        let before = text[..<open]
        // Only blanks before the parentheses (`(2/2/2/2)`, the usual form) name nothing: no reading.
        guard !before.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        return named(in: String(before))
    }

    /// The trigger `written` is a slip away from, for "did you mean": as written, else folded to
    /// lower case as Turkish folds it (`GÖZLEM`, `EBEVEYN`: `I` is `ı`, `İ` is `i`), so a name in
    /// capitals is as near as one with a capital first letter.
    static func near(_ written: String) -> String? {
        let declared = names.map(\.declared)
        return Suggestion.closest(to: written, among: declared)
            ?? Suggestion.closest(to: TriggerDistributionClaim.lowercased(written), among: declared)
    }

    /// The one trigger `text` names (`ortam.`), as the words a reader reads; nil for none or several.
    static func named(in text: String) -> String? {
        let characters = Inline(plain: text).readable()
        let named = Set(
            TriggerDistributionClaim.words(characters).compactMap { word in
                names.first { $0.declared.sameBytes(word.text) }?.declared
            })
        return named.count == 1 ? named.first : nil
    }

    static let bulletLead = "Bu dersin tetiği:"

    /// The first bullet whose text starts `Bu dersin tetiği:` followed by strong emphasis (`**X**`
    /// or `__X__`), read as rendered: a soft line break anywhere in it is a space.
    package static func declaration(in prose: Prose) -> Declaration? {
        declarations(in: prose).first
    }

    /// Every such bullet, in reading order: the first is the lesson's declaration, and a later one
    /// that disagrees with it is a contradiction a reader would see.
    package static func declarations(in prose: Prose) -> [Declaration] {
        var declarations: [Declaration] = []
        // Read as rendered: `Bu dersin teti&#287;i:` and `Bu dersin\ntetiği:` are the lead too.
        for block in prose.bullets where leads(block) {
            let inline = block.inline
            // The first bold after the lead that is not struck through (a reader reads past that).
            guard
                let strong = inline.emphasis.first(where: { isValue($0, in: block) })
            else { continue }
            let (value, start) = boldValue(strong, in: inline)
            // A bold that is neither a trigger nor a distribution may have lost its counts past its end.
            let distributionAfter =
                names.contains(where: { $0.declared.sameBytes(value) }) || value.contains("(")
                ? nil : leadingDistribution(inline.plain(strong.content.upperBound..<inline.source.count))
            // Every trigger name the reader reads from the value on: a second one is a second trigger,
            // but for one after the bold that its phrase comments on (`**yerel** (ebeveyn değil)`).
            let words = TriggerDistributionClaim.words(
                inline.readable().filter { $0.offset >= strong.content.lowerBound })
            let isName = words.map { word in names.contains { $0.declared.sameBytes(Invisible.reading(word.text)) } }
            let commented = commentedPhrases(in: words, isName: isName, after: strong.content.upperBound)
            let named = words.indices.filter { isName[$0] && !commented.contains($0) }.map { words[$0] }
            let second = named.first { !Invisible.reading($0.text).sameBytes(Invisible.reading(named[0].text)) }
            declarations.append(
                Declaration(
                    value: value, location: block.location(of: start, in: prose.path),
                    second: second.map { ($0.text, block.location(of: $0.offset, in: prose.path)) },
                    firstNamed: second == nil ? nil : named[0].text, distributionAfter: distributionAfter))
        }
        return declarations
    }

    /// The value a bold trigger span (`strong`, in `inline`) gives as a reader reads it, and the
    /// UTF-8 offset where it starts: the bullet's and the intro's alike. Quotation marks in the bold
    /// around the name (`**“gözlem”**`) are read past, as the sentence reads them (`Quotation`), so
    /// the value, and where it starts, are the name's. Composed: a value saved decomposed reads as
    /// the trigger, and its page's one `decomposed` finding says so.
    static func boldValue(_ strong: Inline.Emphasis, in inline: Inline) -> (value: String, start: Int) {
        let plain = inline.plain(strong.content)
        let value = Quotation.unquoted(plain)
        var start = strong.content.lowerBound
        if value != plain,
            let first = inline.readable().first(where: {
                strong.content.contains($0.offset) && !$0.character.isWhitespace
                    && !Quotation.isMark($0.character, inWord: false)
            })
        {
            start = first.offset
        }
        return (Decomposed.composed(value), start)
    }

    /// The distribution `(a/b/c/d)` that `text` opens with (blanks before it read past), as written.
    static func leadingDistribution(_ text: String) -> String? {
        let rest = spaced(text).trimmingWhitespaces
        guard rest.hasPrefix("("), let close = rest.firstIndex(of: ")") else { return nil }
        let written = String(rest[...close])
        return distribution(in: written) == nil ? nil : written
    }

    /// The words after the bold value (which ends at offset `end`) that stand in a phrase commenting
    /// on the triggers it names rather than naming them: a phrase (what a parenthesis holds, or runs
    /// to a full stop, a semicolon or a colon) with a word that is neither a trigger nor a word that
    /// adds one (`Connective.adds`: `ve`, `ya da`, `de`). `**yerel** (ebeveyn değil)` says which
    /// trigger the lesson is not, `**ortam** (ebeveyn ile karıştırmayın)` warns against one; neither
    /// names a second. `**yerel** (ebeveyn)`, `**yerel** ve ebeveyn`, `**yerel**, ebeveyn` and
    /// `**yerel** (ya da ebeveyn)` do. The bold value itself is read whole, as the declaration.
    static func commentedPhrases(in words: [TriggerDistributionClaim.Word], isName: [Bool], after end: Int) -> Set<Int>
    {
        var commented = Set<Int>()
        var phrase: [Int] = []
        func close() {
            if phrase.contains(where: { !isName[$0] && !Connective.adds(words[$0].text) }) {
                commented.formUnion(phrase)
            }
            phrase = []
        }
        for index in words.indices where words[index].offset >= end {
            if words[index].gap.contains(where: { "().;:!?".contains($0) }) { close() }
            phrase.append(index)
        }
        close()
        return commented
    }

    /// A bullet that opens with a slip of the lead (`Bu dersin tetigi:`, `Bu dersin tetiği`, a
    /// look-alike): at most two letters away, as rendered, Turkish case folded. Where the bullet's
    /// text starts, and what it opens with.
    static func misspeltLead(in prose: Prose) -> (location: SourceLocation, written: String)? {
        let lead = Array(TriggerDistributionClaim.lowercased(bulletLead))
        for block in prose.bullets where !leads(block) {
            let text = spaced(block.text).trimmingWhitespaces
            // A word or two typed before the lead (`Not: Bu dersin tetiği:`): the lead as written
            // takes them in, and the fix writes it without them.
            if let offset = text.utf8Offset(of: bulletLead), offset > 0, offset <= 24 {
                let before = text.utf8.prefix(offset)
                let words = before.split { $0 == 0x20 }.count
                if words <= 2, !before.contains(UInt8(ascii: "*")), !before.contains(UInt8(ascii: "`")) {
                    let written = String(decoding: text.utf8.prefix(offset + bulletLead.utf8.count), as: UTF8.self)
                    return (block.location(of: 0, in: prose.path), written)
                }
            }
            // The lead as written: up to its colon when one is near, else as many letters as the lead has.
            let colon = text.prefix(lead.count + 3).firstIndex(of: ":").map { text.index(after: $0) }
            let written = String(text[..<(colon ?? text.index(text.startIndex, offsetBy: min(lead.count, text.count)))])
            let folded = Array(TriggerDistributionClaim.lowercased(Invisible.skeleton(written)))
            guard EditDistance.between(folded, lead, atMost: 2) != nil else { continue }
            return (block.location(of: 0, in: prose.path), unspaced(written, in: block.text))
        }
        return nil
    }

    /// Why a lesson without a declaration has none, when the trigger bullet is there but slipped:
    /// a bullet that opens with the lead but gives no bold value after it, a line that opens with
    /// the lead but renders as no bullet of its own, or a bullet whose lead is a slip away. One
    /// finding, at that line; nil when the lesson has no such line.
    static func slippedBullet(in prose: Prose, file: SourceFile) -> (
        location: SourceLocation, problem: Diagnostic.DeclaredTrigger
    )? {
        if let bullet = unreadableBullet(in: prose) {
            if let wrapped = bullet.wrapped {
                return (bullet.location, .wrapped(written: bullet.written, why: wrapped.why, trigger: wrapped.named))
            }
            return (bullet.location, .notBold(written: bullet.written))
        }
        if let line = invisibleBeforeMarker(in: prose) {
            return (line.location, .invisibleBeforeMarker(scalars: line.scalars, marker: line.marker))
        }
        if let line = leadOutsideABullet(in: prose) {
            return (line.location, line.problem)
        }
        if let line = headingBeforeMarker(in: prose) { return line }
        if let underline = underlinedBullet(in: prose, file: file) {
            return (underline.location, .underline(underline.written, bullet: underline.bullet, heading: true))
        }
        if let bullet = misspeltLead(in: prose) {
            return (bullet.location, .misspeltLead(written: bullet.written))
        }
        return nil
    }

    /// A setext underline (`===`, `---`) typed right under the trigger bullet: indented into the
    /// item it makes the bullet's text a heading (`heading`), so no bullet reads; at the margin a
    /// `===` (or `--`) cannot underline a list item's text and shows as text at the bullet's end (a
    /// lazy continuation line; a `---` there is a rule after the list, which readers may mean). Where
    /// the underline is, as written, and the bullet's line. Only a heading in an item, or a
    /// paragraph that holds a newline and a `=` or `-` after it, is read further: most bullets are one line.
    static func underlinedBullet(in prose: Prose, file: SourceFile) -> (
        location: SourceLocation, written: String, bullet: Int, heading: Bool
    )? {
        for block in prose.blocks {
            guard let marker = block.itemMarker, "-*+".contains(marker) else { continue }
            // A heading's underline is no line of its text; a paragraph's `=` line is.
            let heading = block.kind != .paragraph
            if !heading {
                guard let newline = block.source.utf8.firstIndex(of: 0x0A),
                    block.source.utf8[newline...].contains(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "-") }
                    )
                else { continue }
            }
            guard heading ? spaced(block.text).hasPrefix(bulletLead) : leads(block) else { continue }
            if heading {
                guard let line = NoteSeriesClaim.setextUnderline(block), file.lines.indices.contains(line - 1) else {
                    continue
                }
                let text = file.lines[line - 1].text
                let blanks = text.utf8.prefix { $0 == 0x20 || $0 == 0x09 }.count
                return (
                    SourceLocation(path: prose.path, line: line, column: blanks + 1),
                    String(text.dropFirst(blanks)).trimmingWhitespaces, block.firstLine.number, true
                )
            }
            for segment in block.segments.dropFirst() {
                let written = segment.text.trimmingWhitespaces
                // `--` too: too short for a rule, it is text there as well.
                guard !written.isEmpty, written.allSatisfy({ $0 == "=" }) || written == "--" else { continue }
                return (
                    SourceLocation(path: prose.path, line: segment.line.number, column: segment.column), written,
                    block.firstLine.number, false
                )
            }
        }
        return nil
    }

    /// The trigger bullet behind a heading's marker (`# - Bu dersin tetiği:`): a heading, no bullet.
    /// Where the line starts, and the marker (`Leftover.container`). A byte read for most headings.
    static func headingBeforeMarker(in prose: Prose) -> (
        location: SourceLocation, problem: Diagnostic.DeclaredTrigger
    )? {
        for block in prose.blocks where block.kind != .paragraph {
            let raw = block.firstLine.text
            guard raw.utf8.first(where: { $0 != 0x20 }) == UInt8(ascii: "#"),
                let marker = block.source.first, "-*+".contains(marker),
                spaced(Inline(String(block.source.dropFirst())).plain()).trimmingWhitespaces.hasPrefix(bulletLead),
                let container = Leftover.container(raw, before: String(marker))
            else { continue }
            return (
                SourceLocation(path: prose.path, line: block.firstLine.number, column: container.indent + 1),
                .containerBeforeMarker(container, marker: marker)
            )
        }
        return nil
    }

    /// A line of a paragraph that is the trigger bullet but for invisible characters before its
    /// marker (`Invisible.leading`: U+200B, U+FEFF, U+00A0 and `- Bu dersin tetiği:`): the marker is
    /// text there, and the line joins the text above. Where the line starts, the characters and
    /// the marker. Only a line whose first byte is beyond ASCII is read further.
    static func invisibleBeforeMarker(in prose: Prose) -> (
        location: SourceLocation, scalars: [Unicode.Scalar], marker: Character
    )? {
        for block in prose.blocks where block.kind == .paragraph {
            for segment in block.segments {
                guard let invisible = Invisible.leading(segment.text) else { continue }
                let rest = String(decoding: segment.text.utf8.dropFirst(invisible.length), as: UTF8.self)
                guard let marker = rest.first, "-*+".contains(marker), rest.dropFirst().first == " ",
                    spaced(Inline(String(rest.dropFirst(2))).plain()).hasPrefix(bulletLead)
                else { continue }
                return (
                    SourceLocation(path: prose.path, line: segment.line.number, column: segment.column),
                    invisible.scalars, marker
                )
            }
        }
        return nil
    }

    /// A source line that opens with the lead (after a list marker, if any) but is not the start
    /// of a bullet: a numbered item, a paragraph, a line the text above takes in (a list numbered
    /// from 6 cannot interrupt a paragraph), or a line whose marker is no bullet marker as written
    /// (`-Bu` without its space, `-` and a no-break space, an en dash for `-`, characters left
    /// before the marker: `1- Bu`, `a- Bu`). Where its text starts, and why.
    static func leadOutsideABullet(in prose: Prose) -> (location: SourceLocation, problem: Diagnostic.DeclaredTrigger)?
    {
        for block in prose.blocks where block.kind == .paragraph {
            let isBullet = block.itemMarker.map { "-*+".contains($0) } ?? false
            for (index, segment) in block.segments.enumerated() {
                /// A marker and the lead after other text on this line: two bullets joined.
                func runOn() -> (location: SourceLocation, reason: String)? {
                    runOnMarker(in: segment.text).map {
                        (
                            SourceLocation(path: prose.path, line: segment.line.number, column: segment.column + $0),
                            "it follows other text on its line, which takes it in"
                        )
                    }
                }
                if index == 0 && isBullet {
                    if let runOn = runOn() { return (runOn.location, .notABullet(reason: runOn.reason)) }
                    continue
                }
                var text = Substring(segment.text)
                // A backslash typed before the marker (`\t- Bu`, a tab as code writes one): text to
                // Markdown, which keeps the marker from opening a bullet; the marker is read after it.
                var escape: Substring = ""
                if text.first == "\\" {
                    let after = text.dropFirst()
                    let letter = after.first == "t" ? 1 : 0
                    let blanks = after.dropFirst(letter).prefix { $0 == " " || $0 == "\t" }.count
                    let rest = after.dropFirst(letter + blanks)
                    if let first = rest.first, "-*+".contains(first), rest.dropFirst().first == " " {
                        escape = text.prefix(1 + letter)
                        text = rest
                    }
                }
                let digits = text.prefix { $0.isASCII && $0.isNumber }
                var marker = ""
                if index > 0, !digits.isEmpty, text.dropFirst(digits.count).first.map({ ".)".contains($0) }) == true {
                    marker = String(text.prefix(digits.count + 1))
                } else if let first = text.first, "-*+".contains(first) || isDashLike(first) {
                    marker = String(first)
                }
                /// The text after `marker` and the blank after it, read as rendered, when it opens with the lead.
                func lead(after marker: String) -> Substring? {
                    let rest = text.dropFirst(marker.count)
                    // The blank after the marker as written: a no-break space looks like a space.
                    var gap = rest.prefix { $0.isWhitespace && $0 != "\n" }
                    // A backslash typed there (`-\ Bu`, `-\tBu` for a tab, as code writes one): text to
                    // Markdown, so the line is no bullet; the backslash, its `t`, and blanks are the gap.
                    if !marker.isEmpty, gap.isEmpty, rest.first == "\\" {
                        var after = rest.dropFirst()
                        if after.first == "t",
                            spaced(Inline(String(after.dropFirst())).plain()).hasPrefix(bulletLead)
                        {
                            after = after.dropFirst()
                        }
                        gap = rest.prefix(rest.count - after.count + after.prefix { $0 == " " || $0 == "\t" }.count)
                    }
                    return spaced(Inline(String(rest.dropFirst(gap.count))).plain()).hasPrefix(bulletLead) ? gap : nil
                }
                var gap = lead(after: marker)
                // Other marks a reader takes for a marker (`--`, `·`): the lead after them is the bullet slipped.
                var near: String?
                if gap == nil, let run = nearMarker(in: text), run != marker, let found = lead(after: run) {
                    (near, marker, gap) = (run, run, found)
                }
                // Printable characters left before the marker (`1- Bu`, numbering with a hyphen as
                // Turkish writing may; `a- Bu`): text to Markdown, the marker read after them.
                if gap == nil, escape.isEmpty, near == nil,
                    let (marker, left) = "-*+".lazy.compactMap({ marker in
                        Leftover.before(marker, in: text).map { (marker, $0) }
                    }).first
                {
                    let run = text.prefix { $0 == " " }.count + left.leftover.count + left.blanks.count + 1
                    if let found = lead(after: String(text.prefix(run))), found.first == " " || found.first == "\t" {
                        return (
                            SourceLocation(path: prose.path, line: segment.line.number, column: segment.column),
                            .leftoverBeforeMarker(leftover: left.leftover, blanks: left.blanks, marker: marker)
                        )
                    }
                }
                guard let gap else {
                    if let runOn = runOn() { return (runOn.location, .notABullet(reason: runOn.reason)) }
                    continue
                }
                let reason: String
                if !escape.isEmpty {
                    reason =
                        "it opens with '\(escape)', "
                        + (escape.count == 1 ? "a backslash" : "a backslash and a 't', as code writes a tab")
                        + ", before its '\(marker)', which Markdown shows as text"
                } else if let near {
                    let scalars = near.unicodeScalars
                    var named: [String] = []
                    for scalar in scalars where !scalar.isASCII && !named.contains(Invisible.name(scalar)) {
                        named.append(Invisible.name(scalar))
                    }
                    let written =
                        scalars.count == 1 && !named.isEmpty
                        ? named[0] : "'\(near)'" + (named.isEmpty ? "" : " (\(named.joined(separator: ", ")))")
                    reason =
                        "it opens with \(written), which is no bullet marker (a bullet opens with '-', '*' or '+' "
                        + "and a space)"
                } else if let first = marker.first, isDashLike(first), let scalar = first.unicodeScalars.first {
                    reason =
                        "it opens with \(Invisible.name(scalar)), which is no bullet marker (a bullet opens with "
                        + "'-', '*' or '+' and a space)"
                } else if !marker.isEmpty, gap.first == "\\" {
                    let written = gap.prefix { $0 != " " && $0 != "\t" }
                    reason =
                        "'\(marker)' is followed by '\(written)', "
                        + (written.count == 1 ? "a backslash" : "a backslash and a 't', as code writes a tab")
                        + ", where a list marker needs a space"
                } else if !marker.isEmpty, gap.isEmpty {
                    reason = "'\(marker)' has no space after it, which a list marker needs"
                } else if !marker.isEmpty, let blank = gap.first?.unicodeScalars.first, blank != " ", blank != "\t" {
                    reason = "'\(marker)' is followed by \(Invisible.name(blank)), where a list marker needs a space"
                } else if index > 0 {
                    reason =
                        !marker.isEmpty
                        ? "'\(marker)' cannot start a list inside the text above, so this line renders as part of it"
                        : "this line renders as part of the text above it"
                } else if block.itemMarker != nil {
                    reason = "it renders as an item of a numbered list, not as a bullet"
                } else {
                    reason = "it renders as a paragraph, not as a bullet"
                }
                return (
                    SourceLocation(path: prose.path, line: segment.line.number, column: segment.column),
                    .notABullet(reason: reason)
                )
            }
        }
        return nil
    }

    /// The marks a line opens with that a reader may take for a list marker: one to three
    /// punctuation or symbol characters (`--`, `·`, `-=`), then a blank (one mark outside ASCII
    /// needs none). Nil when the line opens otherwise, or with what renders as markup, a code
    /// span, a link, an escape, an entity or HTML, whose text a rendering reads.
    static func nearMarker(in text: Substring) -> String? {
        let run = text.prefix(4).prefix { character in
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                !"\\`[]<&!_*#>|".unicodeScalars.contains(scalar)
            else { return false }
            return character.isPunctuation || character.isSymbol
        }
        guard (1...3).contains(run.count) else { return nil }
        let next = text.dropFirst(run.count).first
        guard
            next.map({ $0.isWhitespace && $0 != "\n" }) ?? false
                || run.count == 1 && !(run.unicodeScalars.first?.isASCII ?? true)
        else { return nil }
        return String(run)
    }

    /// The UTF-8 offset of a bullet marker and the lead after other text on the same line
    /// (`… sayılmaz. - Bu dersin tetiği:`, two bullets joined into one line), or nil.
    static func runOnMarker(in text: String) -> Int? {
        guard let lead = text.utf8Offset(of: bulletLead), lead >= 3 else { return nil }
        let bytes = Array(text.utf8[..<text.utf8.index(text.utf8.startIndex, offsetBy: lead)])
        let marker = bytes.count - 2
        guard bytes[marker + 1] == 0x20, [0x2D, 0x2A, 0x2B].contains(bytes[marker]), bytes[marker - 1] == 0x20
        else { return nil }
        return marker
    }

    /// A dash a reader may take for the bullet marker `-`: a hyphen or dash of another code point,
    /// a minus sign, a bullet character.
    static func isDashLike(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return (0x2010...0x2015).contains(scalar.value)
            || [0x2212, 0x2022, 0x2043, 0xFE63, 0xFF0D].contains(scalar.value)
    }

    /// A bullet that opens `Bu dersin tetiği:` but gives no bold value after it: where its text
    /// starts, and the text after the lead as rendered. The anchor is on the page; its value
    /// cannot be read.
    static func unreadableBullet(in prose: Prose) -> (
        location: SourceLocation, written: String, wrapped: WrappedValue?
    )? {
        for block in prose.bullets where leads(block) {
            let inline = block.inline
            func written(_ wrapped: WrappedValue) -> String { inline.text(wrapped.range) }
            // A bold after the lead is a declaration (read by `declarations`); a bold lead is not.
            if inline.emphasis.contains(where: { isValue($0, in: block) }) {
                continue
            }
            // A value wrapped in what shows it otherwise (struck through, an image, code, a comment,
            // asterisks typed as entities): the finding names that, at the value.
            if let wrapped = wrappedValue(in: block) {
                return (block.location(of: wrapped.range.lowerBound, in: prose.path), written(wrapped), wrapped)
            }
            let written = inline.plain().dropFirst(bulletLead.count).trimmingCharacters(in: .whitespaces)
            // At the value when the lead is written plainly; else at the bullet.
            let lead = bulletLead.utf8.count
            let at =
                block.source.utf8.starts(with: bulletLead.utf8)
                ? lead + block.source.utf8.dropFirst(lead).prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }.count : 0
            return (block.location(of: at, in: prose.path), written, nil)
        }
        return nil
    }

    /// True when `span` is the bold value of the trigger bullet `block`: bold right after the lead
    /// (what is struck through before it read past, and a quotation mark opening around it,
    /// `“**gözlem**”`, as the sentence reads one), not crossed out, not an image's alt text, and
    /// not bold around a wrapper (`**~~X~~**`, `**<del>X</del>**`), which shows no bold trigger.
    static func isValue(_ span: Inline.Emphasis, in block: Prose.TextBlock) -> Bool {
        let inline = block.inline
        guard span.strong, !span.struck, !span.inImage,
            Quotation.unquoted(spaced(unstruck(inline, 0..<span.open)).trimmingWhitespaces) == bulletLead
        else { return false }
        return showsBold(span, in: inline)
    }

    /// True when the strong `span` shows a reader bold text: not crossed out, not an image's alt
    /// text, and not bold around a wrapper (`**~~X~~**`, `**<del>X</del>**`). The bullet's value and
    /// the intro's are read alike.
    static func showsBold(_ span: Inline.Emphasis, in inline: Inline) -> Bool {
        guard span.strong, !span.struck, !span.inImage else { return false }
        guard Inline.mayBeWrapped(inline.source[span.content]),
            let inside = inline.wrapper(from: span.open), span.content.contains(inside.range.lowerBound)
        else { return true }
        return inside.kind != .struck && inside.kind != .image
    }

    /// What keeps a trigger bullet's value from reading as a bold trigger although it is written
    /// as one: inline syntax around it (`Inline.wrapper`, the reading a note label and a closing
    /// table cell share), or its asterisks typed escaped or as entities, so they show. Its source
    /// range (from the value's first byte) and why, in the words of the message.
    struct WrappedValue: Sendable, Equatable {
        var range: Range<Int>
        var why: String
        /// The trigger the wrapped text names, when it names one: the fix writes it in bold.
        var named: String?
    }

    /// The value's rendering after the lead of `block` is wrapped (`WrappedValue`), or nil. A byte
    /// test first: a value with no `~`, `<`, `!`, backtick, `&` or backslash has no wrapper.
    static func wrappedValue(in block: Prose.TextBlock) -> WrappedValue? {
        let inline = block.inline
        let source = inline.source
        // The lead's colon, by bytes: offsets read from a rendering are a text node's start where it
        // holds an entity (as a value typed `&#42;&#42;X&#42;&#42;` does).
        guard let colon = source.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var start = colon + 1
        guard start < source.count,
            Inline.mayBeWrapped(source[start...]) || source[start...].contains(where: { $0 == 0x26 || $0 == 0x5C })
        else { return nil }
        if let wrapper = inline.wrapper(from: start) {
            // From the value's first byte to the end of what holds the wrapper (`**~~X~~**` whole),
            // a quotation mark before it read past (`“~~**X**~~”`: the fix keeps the quotes).
            while start < wrapper.range.lowerBound {
                if InlineParser.isSpace(source[start]) {
                    start += 1
                    continue
                }
                let lead = source[start]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                guard start + length <= wrapper.range.lowerBound,
                    let mark = String(decoding: source[start..<(start + length)], as: UTF8.self).first,
                    Quotation.isMark(mark, inWord: false)
                else { break }
                start += length
            }
            let end =
                inline.nodes.first { $0.range.contains(wrapper.range.lowerBound) }.map {
                    max($0.range.upperBound, wrapper.range.upperBound)
                } ?? wrapper.range.upperBound
            let shown: String
            switch wrapper.kind {
            case .comment: shown = Inline(String(inline.text(wrapper.range).dropFirst(4).dropLast(3))).plain()
            case .image:
                // A raw `<img …>` renders no text: its `alt` is what it names.
                let plain = inline.plain(wrapper.range)
                shown = plain.isEmpty ? Inline.altText(inline.text(wrapper.range)) ?? "" : plain
            default: shown = inline.plain(wrapper.range)
            }
            let why: String
            switch wrapper.kind {
            case .struck: why = "struck through (readers see it crossed out)"
            case .image: why = "in an image (readers see an image, its text only as alt text)"
            case .code:
                why =
                    shown.contains("*") || shown.contains("_")
                    ? "in a code span (readers see its asterisks in code font)"
                    : "in a code span (readers see code, not bold)"
            case .comment: why = "inside an HTML comment (readers do not see it)"
            }
            return WrappedValue(range: start..<end, why: why, named: named(in: shown))
        }
        // Asterisks that show as text, typed escaped or as entities: the value's first word.
        while start < source.count, InlineParser.isSpace(source[start]) { start += 1 }
        var end = start
        while end < source.count, !InlineParser.isSpace(source[end]) { end += 1 }
        while end > start, [0x2E, 0x2C, 0x3A].contains(source[end - 1]) { end -= 1 }
        let rendered = Inline(inline.text(start..<end)).plain()
        guard let mark = rendered.first, mark == "*" || mark == "_",
            let literal = Inline.literalMarks(in: source[start..<end])
        else { return nil }
        return WrappedValue(range: start..<end, why: literalWhy(literal, mark: mark), named: named(in: rendered))
    }

    /// Why a value whose emphasis `mark`s show (`literal`) is no bold trigger, in the words of the
    /// message: the bullet's value and a closing table's trigger cell say it alike.
    static func literalWhy(_ literal: Inline.LiteralMarks, mark: Character) -> String {
        let marks = mark == "*" ? "asterisks" : "underscores"
        return literal == .entities
            ? "written with its \(marks) as entities (readers see them)"
            : "written with escaped '\\\(mark)' (readers see the \(marks))"
    }

    /// True when a bullet's rendered text opens with the lead (any space, a no-break one too, as a space).
    /// The source's first byte is asked first: a rendering opens with `B` only when the source does,
    /// or opens with markup, an entity, an escape, a blank or a byte past ASCII, and rendering every
    /// other bullet of every lesson (to find the few that lead) cost a twentieth of the read stage.
    static func leads(_ block: Prose.TextBlock) -> Bool {
        guard let first = block.source.utf8.first,
            first == UInt8(ascii: "B") || first >= 0x80 || mayRenderFirst[Int(first)]
        else { return false }
        return rendersLead(block)
    }

    /// The ASCII bytes a source may open with and still render text whose first letter comes later.
    private static let mayRenderFirst: [Bool] = (0..<128).map { Array("*_`~[!<&\\ \t".utf8).contains(UInt8($0)) }

    /// `leads` without the first byte's test: what the bullet renders.
    static func rendersLead(_ block: Prose.TextBlock) -> Bool {
        block.source.utf8.starts(with: bulletLead.utf8) || spaced(block.text).hasPrefix(bulletLead)
    }

    /// The prefix of `text` (its blanks trimmed) that `spaced` reads as `written`: the lead as
    /// typed, its no-break space kept, so the message names it; `written` when none does.
    static func unspaced(_ written: String, in text: String) -> String {
        let text = text.trimmingWhitespaces
        guard text != written, !text.hasPrefix(written) else { return written }
        var prefix = ""
        for character in text.prefix(written.count + 8) {
            prefix.append(character)
            if spaced(prefix) == written { return prefix }
        }
        return written
    }

    /// `text` with every kind of space as a plain one, and a run of them as one: a no-break space
    /// looks like a space, and HTML shows `Bu  dersin` as `Bu dersin`.
    static func spaced(_ text: String) -> String {
        // Most text has single ASCII spaces only: a byte scan decides (NBSP is C2 A0; the other
        // Unicode spaces start E2 or E3; a tab is 09).
        var bytes = text
        let mayHoldOtherSpace = bytes.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 0x09 || byte == 0xC2 || byte == 0xE2 || byte == 0xE3 || (byte == 0x20 && previous == 0x20) {
                    return true
                }
                previous = byte
            }
            return false
        }
        guard mayHoldOtherSpace else { return text }
        var result = ""
        for character in text {
            let blank = character.isWhitespace && character != "\n"
            if blank, result.last == " " { continue }
            result.append(blank ? " " : character)
        }
        return result
    }

    /// The rendered text in `range` without what is struck through (`~~`, raw `<del>`, `<s>`, `<strike>`).
    static func unstruck(_ inline: Inline, _ range: Range<Int>) -> String {
        String(inline.readable().filter { range.contains($0.offset) }.map(\.character))
    }

    /// The causes of the recomputations a tree printed: the `yeniden A cause, B cause` part of
    /// each `change` line of the core's output.
    package static func causes(inOutput output: String) -> Set<String> {
        var causes = Set<String>()
        var text = output
        text.withUTF8 { bytes in
            let recomputed = Array(" | yeniden ".utf8)
            let skipped = Array(" | atlanan ".utf8)
            /// The first `pattern` (` | word `) in `start..<end`, found by its `|` (memchr), or nil.
            /// Spaces are everywhere in output, so a search led by the space cost ~75 instructions a byte.
            func find(_ pattern: [UInt8], from start: Int, before end: Int) -> Int? {
                let line = UnsafeBufferPointer(rebasing: bytes[..<end])
                var from = start + 1
                while let bar = ByteSearch.firstOffset(of: UInt8(ascii: "|"), in: line, from: from) {
                    let at = bar - 1
                    if at + pattern.count <= end, bytes[at..<(at + pattern.count)].elementsEqual(pattern) { return at }
                    from = bar + 1
                }
                return nil
            }
            var lineStart = 0
            while lineStart < bytes.count {
                let lineEnd = ByteSearch.firstOffset(of: UInt8(ascii: "\n"), in: bytes, from: lineStart) ?? bytes.count
                let after = recomputed.count
                // ` | atlanan ` may share the space that ends ` | yeniden `: then no cause is named.
                if let start = find(recomputed, from: lineStart, before: lineEnd),
                    let end = find(skipped, from: start + after - 1, before: lineEnd)
                {
                    let hits = UnsafeBufferPointer(rebasing: bytes[(start + after)..<max(end, start + after)])
                    for cause in Self.causes(inHits: hits) { causes.insert(cause) }
                }
                lineStart = lineEnd + 1
            }
        }
        return causes
    }

    /// The causes of one `yeniden` part (`A cause, B cause`): the last word of each comma-separated
    /// hit. ASCII is split by its bytes, where each byte is a character (the part holds no line
    /// break, so no CR LF pair); splitting by Characters cost ~10 K instructions a line.
    static func causes(inHits hits: UnsafeBufferPointer<UInt8>) -> [String] {
        guard hits.allSatisfy({ $0 < 0x80 }) else {
            return causesByCharacters(inHits: String(decoding: hits, as: UTF8.self))
        }
        return hits.split(separator: UInt8(ascii: ",")).compactMap { hit in
            hit.split(separator: UInt8(ascii: " ")).last.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// `causes(inHits:)` for any text, by Characters: a comma or space a combining mark follows is
    /// no separator.
    static func causesByCharacters(inHits hits: String) -> [String] {
        hits.split(separator: ",").compactMap { hit in hit.split(separator: " ").last.map(String.init) }
    }

    /// The four `cause: N` lines `countCauses` prints, in the core's order, when all are there.
    package static func counts(inOutput output: String) -> [Int]? {
        var counts: [String: Int] = [:]
        // Lines by bytes: splitting a tree's whole output by Characters cost about 300 K instructions.
        for line in output.utf8.split(separator: UInt8(ascii: "\n")).map(Substring.init) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[1].drop { $0 == " " }) else { continue }
            counts[String(parts[0])] = value
        }
        let ordered = names.compactMap { counts[$0.printed] }
        return ordered.count == 4 ? ordered : nil
    }
}
