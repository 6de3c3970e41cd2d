/// Checks that a lesson's core block is byte-for-byte the embedded core.
public struct CoreDriftCheck: Sendable {
    public var embeddedCore: String

    public init(embeddedCore: String = EmbeddedCore.text) {
        self.embeddedCore = embeddedCore
    }

    private var coreLines: [String] {
        LineScanner.lines(of: embeddedCore).map(\.raw)
    }

    /// The drift finding for `block`, or nil when it matches.
    public func check(_ block: FencedBlock, in path: String) -> Diagnostic? {
        let expected = coreLines
        guard let mismatch = LineMismatch.first(block: block.body, expected: expected) else { return nil }
        let line = mismatch.index < block.body.count ? block.body[mismatch.index].number : block.closing.number
        var message = "core block differs from the embedded core"
        if mismatch.index < expected.count {
            message += " at core line \(mismatch.index + 1)"
        }
        if let cause = mismatch.cause { message += "; \(cause)" }
        let diff = UnifiedDiff(
            old: .init(label: "embedded core (\(EmbeddedCore.fileName))", lines: expected.map(Self.visible), firstLine: 1),
            new: .init(label: path, lines: block.body.map { Self.visible($0.raw) }, firstLine: block.opening.number + 1))
        return .error(
            .coreDrift, at: SourceLocation(path: path, line: line, column: mismatch.column), message,
            attachment: diff.text())
    }

    /// A line for display: the "\n" dropped, any other terminator or tab made visible.
    static func visible(_ raw: String) -> String {
        var text = raw.hasSuffix("\n") && !raw.hasSuffix("\r\n") ? String(raw.dropLast()) : raw
        text = text.replacingOccurrences("\r\n", with: "␍")
        text = text.replacingOccurrences("\r", with: "␍")
        text = text.replacingOccurrences("\t", with: "→")
        return raw.hasSuffix("\n") ? text : text + "⌁"
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return self.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
