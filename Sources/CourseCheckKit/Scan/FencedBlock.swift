/// A fenced code block: its opening fence, info string, body lines and closing fence, and where it
/// sits in the document's block structure.
package struct FencedBlock: Sendable, Equatable {
    /// The opening fence's line, as it stands in the file (container prefixes included).
    package var opening: Line
    package var fence: CodeFence
    /// The content lines as a renderer shows them: each container prefix (`> `, a list item's
    /// indentation) and the fence's own indentation removed; numbered with the file's lines.
    package var body: [Line]
    /// The closing fence's line, as it stands in the file.
    package var closing: Line
    /// The containers the block sits in, outermost first; empty at the top level.
    package var containers: [Container] = []
    /// The block's place: the child indices from the document down to it. Two blocks are
    /// neighbours when their paths differ only in the last index, by one.
    package var path: [Int] = []
    /// For each body line: UTF-8 bytes of the file line before its content (prefix and indentation).
    package var bodyPrefixLengths: [Int] = []
    /// Body lines that start with spaces standing for a tab a container took only in part, by body
    /// index: how many. A reader sees spaces where the file holds a tab.
    package var bodyTabSpaces: [Int: Int] = [:]
    /// 1-based UTF-8 column of the opening fence's first character.
    package var openingColumn: Int = 1
    /// What a new body line starts with when `--promote` writes one: the containers' continuation
    /// prefix (`> `, spaces for a list item) and the fence's indentation.
    package var continuationPrefix: String = ""
    /// Body lines GitHub shows otherwise than the spec reads them, by body index: GitHub's text.
    package var gitHubBody: [Int: String] = [:]
    /// Body lines whose start the opening fence's indentation took, by body index: the blanks
    /// taken, which the file holds and a reader does not see (CommonMark strips up to the fence's
    /// indentation from each content line).
    package var bodyFenceTaken: [Int: String] = [:]
    /// True when the opening fence's indentation holds a tab a container takes only in part:
    /// GitHub and the spec then strip different indentation, so what is written into the block
    /// depends on the renderer.
    package var dependsOnRenderer = false

    /// A block quote or list item holding a block.
    package enum Container: String, Sendable, Equatable {
        case blockQuote = "block quote"
        case listItem = "list item"
    }

    /// The info string, e.g. "swift"; empty for a bare fence.
    package var info: String { fence.info }

    /// The first word of the info string, which names the language.
    package var language: String {
        // By bytes when the word and the byte after it are ASCII (each byte its own character):
        // this is asked of every block, several times; by characters otherwise.
        let utf8 = info.utf8
        var end = utf8.startIndex
        while end != utf8.endIndex {
            let byte = utf8[end]
            if byte >= 0x80 { return String(info.prefix { $0 != " " && $0 != "\t" && $0 != "{" }) }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "{") {
                let next = utf8.index(after: end)
                guard next == utf8.endIndex || utf8[next] < 0x80 else { break }
                return String(info[..<end])
            }
            end = utf8.index(after: end)
        }
        guard end == utf8.endIndex else { return String(info.prefix { $0 != " " && $0 != "\t" && $0 != "{" }) }
        return info
    }

    /// The block's content as a renderer shows it: every body line with its terminator.
    package var content: String {
        // Appended in place into one reserved string: a `raw` string for each line, then joined,
        // cost an allocation a line (~2 M instructions a default run).
        var content = ""
        content.reserveCapacity(body.reduce(0) { $0 + $1.text.utf8.count + 2 })
        for line in body {
            content += line.text
            content += line.ending.rawValue
        }
        return content
    }

    /// The body as the file writes it past the containers: each line with the blanks the fence's
    /// indentation took put back. What the author typed, when the fence's indentation is the slip.
    package var writtenBody: [Line] {
        body.enumerated().map { index, line in
            bodyFenceTaken[index].map { Line(number: line.number, text: $0 + line.text, ending: line.ending) } ?? line
        }
    }

    /// The location of the opening fence.
    package func openingLocation(in path: String) -> SourceLocation {
        SourceLocation(path: path, line: opening.number, column: openingColumn)
    }

    /// The file column of a 1-based `column` within body line `index` (the prefix added back).
    package func fileColumn(bodyLine index: Int, _ column: Int) -> Int {
        (index < bodyPrefixLengths.count ? bodyPrefixLengths[index] : 0) + column
    }

    /// The file column of a 1-based `column` within the body line numbered `line` in the file.
    package func fileColumn(line: Int, _ column: Int) -> Int {
        guard let first = body.first?.number, line >= first else { return column }
        return fileColumn(bodyLine: line - first, column)
    }

    /// Where the block sits, in words: "in a list item in a block quote", "at the top level".
    package var placeDescription: String {
        containers.isEmpty
            ? "at the top level" : "in " + containers.reversed().map { "a \($0.rawValue)" }.joined(separator: " in ")
    }

    /// True when `other` is the next block after this one in the same container.
    package func isFollowed(by other: FencedBlock) -> Bool {
        guard let last = path.last, let otherLast = other.path.last, path.count == other.path.count else {
            return false
        }
        return otherLast == last + 1 && path.dropLast() == other.path.dropLast()
    }

    /// True when both blocks sit in the same container (same parent in the block tree).
    package func sharesContainer(with other: FencedBlock) -> Bool {
        path.count == other.path.count && path.dropLast() == other.path.dropLast()
    }
}
