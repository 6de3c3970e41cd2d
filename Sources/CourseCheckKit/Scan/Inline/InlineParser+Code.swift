/// Code spans (spec §6.1): a backtick run closed by the next run of the same length.
extension InlineParser.State {
    mutating func handleBackticks() {
        let start = position
        while byte(position) == UInt8(ascii: "`") { position += 1 }
        let length = position - start
        let contentStart = position
        guard let closerStart = closingBackticks(length) else {
            position = contentStart
            appendText(text(start..<contentStart), start..<contentStart, literal: true)
            return
        }
        position = closerStart + length
        // Line endings become spaces; one space is stripped from each side when both sides have
        // one and the content is not all spaces.
        var content: [UInt8] = []
        if !bytes[contentStart..<closerStart].contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
        {
            // Most spans sit on one line: their content is their bytes.
            content = Array(bytes[contentStart..<closerStart])
        } else {
            for index in contentStart..<closerStart {
                switch bytes[index] {
                case UInt8(ascii: "\r") where byte(index + 1) == UInt8(ascii: "\n"): continue
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"): content.append(0x20)
                default: content.append(bytes[index])
                }
            }
        }
        if content.count >= 2, content.first == 0x20, content.last == 0x20, content.contains(where: { $0 != 0x20 }) {
            content.removeFirst()
            content.removeLast()
        }
        append(InlineParser.Item(kind: .code(String(decoding: content, as: UTF8.self)), range: start..<position))
    }

    /// Where the run of exactly `length` backticks closing a span starts, searching from
    /// `position`. Every run seen is remembered by length, and once a search has reached the end
    /// a length whose last run lies behind has no closer: backticks never rescan the text.
    mutating func closingBackticks(_ length: Int) -> Int? {
        if scannedForBackticks, (backtickRuns[length] ?? -1) < position { return nil }
        var index = position
        while index < end {
            guard bytes[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            let runStart = index
            while index < end, bytes[index] == UInt8(ascii: "`") { index += 1 }
            // The latest run of each length: an earlier search must not hide a later run (cmark
            // overwrites here, and then misses the closer of "``` `a` `b`").
            backtickRuns[index - runStart] = max(backtickRuns[index - runStart] ?? -1, runStart)
            if index - runStart == length { return runStart }
        }
        scannedForBackticks = true
        return nil
    }
}
