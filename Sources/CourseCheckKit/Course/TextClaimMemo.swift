import Foundation
import Synchronization

/// The clean outcomes of the claims whose outcome is a function of the course's text alone
/// (`ClaimCheck.readsOnlyText`), remembered in the cache from the last run over the same text, so
/// a warm run of an unchanged course does not check them again: they were a fifth of its work.
///
/// The memo is keyed by its inputs themselves, never by a hash of them. Its file holds every byte
/// those claims read (each lesson's display path and bytes, in order, the index's, whether the
/// course is whole, how many lessons went unread, the claims' ids) and the running binary's
/// identity (as the embedded engine's results are keyed), after the outcomes, and it answers only
/// when all of that compares equal to this run's, byte for byte. Comparing is memcmp over the
/// course (~0.3 MB, tens of microseconds), where a hash of it cost more than a tenth of the claims'
/// own work.
///
/// Only clean outcomes are remembered: checked with no finding, not applicable, or not judged
/// (a cross-lesson claim on part of a course). A course with a finding is checked again on every
/// run, as a tree whose run failed is run again. A memo file that is not one (its header, its
/// outcomes or their checksum wrong, its records not following their grammar) is one damaged cache
/// entry, said once, and the claims are checked; one whose records hold another text is a plain miss.
struct TextClaimMemo: Sendable {
    private let cache: Cache
    private let key: String
    private let inputs: Inputs
    /// The claims remembered, in the order their outcomes are.
    let claims: [DiagnosticID]

    /// What the remembered claims read, by reference to the run's own bytes.
    struct Inputs: Sendable {
        var identity: String
        var isWholeCourse: Bool
        var unreadLessons: Int
        var claims: [DiagnosticID]
        var lessons: [(path: String, bytes: [UInt8])]
        var index: (path: String, bytes: [UInt8])?
    }

    /// Recalls of a memo that answered, in this process: tests read it to know the memo was used.
    static let recalls = Atomic<Int>(0)

    /// The layout, in the file's first line and its name (`claims-1-…`), so a memo another
    /// layout wrote is never read, rather than taken for damage.
    private static let magic = "coursecheck-claim-memo 1"

    /// A memo for `inputs` in `cache`; nil when there is nothing to remember, so no file is read.
    init?(cache: Cache?, inputs: Inputs) {
        guard let cache, !inputs.claims.isEmpty else { return nil }
        self.cache = cache
        self.inputs = inputs
        claims = inputs.claims
        // One file for each set of lesson paths, so two courses sharing a cache keep a memo each,
        // and a rebuilt binary replaces its predecessor's memo instead of adding one.
        var hasher = SHA256()
        hasher.feed(inputs.lessons.map(\.path) + [inputs.index?.path ?? ""])
        key = "claims-1-" + hasher.finalize()
    }

    /// What the memo file held for this run.
    enum Recall {
        /// The outcomes of `claims`, in order: the memo's inputs are this run's.
        case remembered([ClaimOutcome?])
        /// No memo, the memo of another text, or one that remembers nothing.
        case absent
        /// A file that is not a memo, said as a damaged cache entry.
        case damaged
    }

    /// What the memo holds for this run's inputs. The file is compared as it is read, through a
    /// small buffer: the course's text is in memory already, and a copy of it would touch as many
    /// new pages as the text has.
    func recall() -> Recall {
        let reader: FileGate.ChunkedReader
        switch FileGate.ChunkedReader.open(cache.path(key)) {
        case .success(let opened): reader = opened
        case .failure(.missing): return .absent
        case .failure:
            Cache.noteDamaged()
            return .damaged
        }
        // The outcomes come first: damage anywhere but the inputs is found whatever the inputs are.
        guard let line = reader.line(limit: 160), let header = Self.header(line),
            reader.size == line.count + header.outcomes + header.inputs,
            let encoded = reader.bytes(header.outcomes), Self.checksum(encoded).utf8.elementsEqual(header.checksum)
        else {
            Cache.noteDamaged()
            return .damaged
        }
        if encoded.isEmpty && header.inputs == 0 { return .absent }
        guard let read = Self.parse(encoded[...]) else {
            Cache.noteDamaged()
            return .damaged
        }
        // Well-formed outcomes of other claims (the course another, since a rewrite of its core):
        // a plain miss, as another text is.
        guard read.map(\.id).elementsEqual(claims.map(\.rawValue)) else { return .absent }
        let outcomes = read.map(\.outcome)
        switch Self.compare(reader, with: inputs.records) {
        case .same:
            Self.recalls.add(1, ordering: .relaxed)
            return .remembered(outcomes)
        case .different:
            // Another text (or another binary): a plain miss.
            return .absent
        case .damaged:
            Cache.noteDamaged()
            return .damaged
        }
    }

    /// Remembers `outcomes` (of `claims`, in order) when every one is clean. Otherwise a damaged
    /// memo (`replacingDamage`) is replaced by one that remembers nothing, so the damage is said
    /// once, as a damaged entry's recomputation replaces it; an intact one is left for the text it
    /// remembers, which an author who undoes an edit returns to.
    func remember(_ outcomes: [ClaimOutcome?], replacingDamage: Bool) {
        guard outcomes.count == claims.count, let encoded = Self.encode(outcomes, claims: claims) else {
            if replacingDamage { cache.storeMemo(Array("\(Self.magic) 0 0 \(Self.checksum([]))\n".utf8), as: key) }
            return
        }
        // A course larger than a cache entry may be (64 MiB) is checked on every run, never copied.
        let records = inputs.records
        let size = records.reduce(encoded.count) { $0 + $1.line.utf8.count + $1.payload.reduce(0) { $0 + $1.count } }
        guard size <= Cache.entryLimit else { return }
        var body = encoded
        body.reserveCapacity(size)
        for record in records {
            body += record.line.utf8
            for piece in record.payload { body += piece }
        }
        let header = "\(Self.magic) \(encoded.count) \(body.count - encoded.count) \(Self.checksum(encoded))\n"
        cache.storeMemo(Array(header.utf8) + body, as: key)
    }

    /// The counts and checksum a memo file's first line (`coursecheck-claim-memo 1 <outcomes>
    /// <inputs> <fnv1a64 of the outcomes>`, newline included) gives, or nil when it is not one. The
    /// outcomes follow the line, then the inputs.
    private static func header(_ line: [UInt8]) -> (outcomes: Int, inputs: Int, checksum: ArraySlice<UInt8>)? {
        let magic = Array(Self.magic.utf8) + [UInt8(ascii: " ")]
        guard line.starts(with: magic), line.last == UInt8(ascii: "\n") else { return nil }
        let fields = line[magic.count..<(line.count - 1)].split(
            separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.count == 3, let outcomes = count(fields[0]), let inputs = count(fields[1]) else { return nil }
        return (outcomes, inputs, fields[2])
    }

    /// The outcomes' checksum as the header gives it.
    private static func checksum(_ bytes: [UInt8]) -> String {
        var checksum = Checksum()
        checksum.update(bytes)
        return checksum.hex
    }

    /// A decimal count of at most 12 digits.
    fileprivate static func count(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// One line per claim, in order: `<id> checked`, `<id> not-judged`, or `<id> not-applicable
    /// <count>` and that many bytes of reason and a newline. Nil when an outcome is not clean.
    static func encode(_ outcomes: [ClaimOutcome?], claims: [DiagnosticID]) -> [UInt8]? {
        var bytes: [UInt8] = []
        for (id, outcome) in zip(claims, outcomes) {
            switch outcome {
            case .none:
                bytes += Array("\(id.rawValue) not-judged\n".utf8)
            case .checked(let findings) where findings.isEmpty:
                bytes += Array("\(id.rawValue) checked\n".utf8)
            case .notApplicable(let reason):
                bytes += Array("\(id.rawValue) not-applicable \(reason.utf8.count)\n\(reason)\n".utf8)
            case .checked, .skipped, .waitingForSlip:
                return nil
            }
        }
        return bytes
    }

    /// The outcomes `encode` wrote for `claims`, or nil when the bytes are not exactly that.
    static func decode(_ bytes: ArraySlice<UInt8>, claims: [DiagnosticID]) -> [ClaimOutcome?]? {
        guard let read = parse(bytes), read.map(\.id).elementsEqual(claims.map(\.rawValue)) else { return nil }
        return read.map(\.outcome)
    }

    /// The claims' ids and outcomes `encode` wrote, whichever claims they are, or nil when the bytes
    /// do not follow its grammar (damage).
    static func parse(_ bytes: ArraySlice<UInt8>) -> [(id: String, outcome: ClaimOutcome?)]? {
        var rest = bytes
        var outcomes: [(id: String, outcome: ClaimOutcome?)] = []
        while !rest.isEmpty {
            guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let line = rest[..<newline]
            rest = rest[(newline + 1)...]
            guard let space = line.firstIndex(of: UInt8(ascii: " ")), space > line.startIndex,
                let id = String(validating: line[..<space], as: UTF8.self)
            else { return nil }
            let kind = line[(space + 1)...]
            if kind.elementsEqual("checked".utf8) {
                outcomes.append((id, .checked([])))
            } else if kind.elementsEqual("not-judged".utf8) {
                outcomes.append((id, nil))
            } else if kind.starts(with: "not-applicable ".utf8),
                let count = Self.count(kind.dropFirst("not-applicable ".utf8.count)),
                rest.count > count, rest[rest.startIndex + count] == UInt8(ascii: "\n"),
                let reason = String(validating: rest.prefix(count), as: UTF8.self)
            {
                outcomes.append((id, .notApplicable(reason)))
                rest = rest.dropFirst(count + 1)
            } else {
                return nil
            }
        }
        return outcomes
    }
}

extension TextClaimMemo {
    /// How the inputs a memo file holds compare with this run's.
    enum Comparison { case same, different, damaged }

    /// Reads the inputs a memo file holds, record by record, comparing each with this run's.
    /// Their structure is read whatever they hold: a file whose records do not follow the memo's
    /// grammar (a label garbled, a length that runs past the file, bytes after `end`) is damaged,
    /// while well-formed records of another text are a plain miss.
    static func compare(_ reader: FileGate.ChunkedReader, with records: [Inputs.Record]) -> Comparison {
        var same = true
        var index = 0
        while true {
            guard let line = reader.line(limit: 4096), let shape = Inputs.Record.shape(of: line, at: index) else {
                return .damaged
            }
            if same {
                same = index < records.count && records[index].line.utf8.elementsEqual(line)
            }
            if same {
                for piece in records[index].payload {
                    guard let equal = piece.withUnsafeBufferPointer(reader.compare) else { return .damaged }
                    same = same && equal
                }
            } else if !reader.skip(shape.payload) {
                return .damaged
            }
            index += 1
            if shape.isEnd { break }
        }
        guard reader.consumed == reader.size else { return .damaged }
        return same && index == records.count ? .same : .different
    }
}

extension TextClaimMemo.Inputs {
    /// One line of the inputs (a label, and the lengths of what follows it) and its payload: the
    /// path and the bytes of a lesson or the index, the binary's identity. Each variable part is
    /// preceded by its length, so two different inputs never give the same bytes.
    struct Record {
        var line: String
        var payload: [[UInt8]] = []

        /// What a stored record's line says: how many payload bytes follow it, and whether it is
        /// the last. Nil when the line is not the record the grammar allows at `index`:
        /// `inputs 1`, `identity <n>`, `course <0|1> <n>`, `claims <ids>`, then `lesson <n> <n>`
        /// any number of times, `index <n> <n>` or `no-index`, and `end`.
        static func shape(of line: [UInt8], at index: Int) -> (payload: Int, isEnd: Bool)? {
            guard line.last == UInt8(ascii: "\n") else { return nil }
            let fields = line.dropLast().split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard let label = fields.first.map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
            let numbers = fields.dropFirst().map(TextClaimMemo.count)
            func lengths(_ count: Int) -> Int? {
                guard numbers.count == count, numbers.allSatisfy({ $0 != nil }) else { return nil }
                return numbers.reduce(0) { $0 + $1! }
            }
            switch (index, label) {
            case (0, "inputs"): return fields.count == 2 && fields[1].elementsEqual("1".utf8) ? (0, false) : nil
            case (1, "identity"): return lengths(1).map { ($0, false) }
            case (2, "course"): return lengths(2) != nil && (numbers[0] ?? 2) <= 1 ? (0, false) : nil
            case (3, "claims"): return (0, false)
            case (4..., "lesson"), (4..., "index"): return lengths(2).map { ($0, false) }
            case (4..., "no-index"): return fields.count == 1 ? (0, false) : nil
            case (5..., "end"): return fields.count == 1 ? (0, true) : nil
            default: return nil
            }
        }
    }

    /// The inputs as records, in the order the file holds them.
    var records: [Record] {
        func file(_ label: String, _ path: String, _ bytes: [UInt8]) -> Record {
            Record(line: "\(label) \(path.utf8.count) \(bytes.count)\n", payload: [Array(path.utf8), bytes])
        }
        var records = [
            Record(line: "inputs 1\n"),
            Record(line: "identity \(identity.utf8.count)\n", payload: [Array(identity.utf8)]),
            Record(line: "course \(isWholeCourse ? 1 : 0) \(unreadLessons)\n"),
            Record(line: "claims \(claims.map(\.rawValue).joined(separator: " "))\n"),
        ]
        records += lessons.map { file("lesson", $0.path, $0.bytes) }
        records.append(index.map { file("index", $0.path, $0.bytes) } ?? Record(line: "no-index\n"))
        records.append(Record(line: "end\n"))
        return records
    }
}
