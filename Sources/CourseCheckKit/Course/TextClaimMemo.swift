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
/// when all of that compares equal to this run's, byte for byte. Comparing is memcmp over the course (~0.3 MB,
/// tens of microseconds), where a hash of it cost more than a tenth of the claims' own work.
///
/// Only clean outcomes are remembered: checked with no finding, not applicable, or not judged
/// (a cross-lesson claim on part of a course). A course with a finding is checked again on every
/// run, as a tree whose run failed is run again. A memo file damaged anywhere outside its inputs
/// (its header, its outcomes, their checksum) is one damaged cache entry, said once, and the
/// claims are checked; one whose inputs differ is a plain miss.
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

    /// The layout, in the file's first line: a memo an earlier layout wrote is a plain miss.
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
        key = "claims-" + hasher.finalize()
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
        guard let outcomes = Self.decode(encoded[...], claims: claims) else {
            Cache.noteDamaged()
            return .damaged
        }
        // Another text (or another binary) is a plain miss.
        guard inputs.visit(reader.matches), reader.consumed == reader.size else { return .absent }
        Self.recalls.add(1, ordering: .relaxed)
        return .remembered(outcomes)
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
        let size =
            inputs.lessons.reduce(encoded.count + 4096) { $0 + $1.bytes.count + $1.path.utf8.count + 64 }
            + (inputs.index.map { $0.bytes.count + $0.path.utf8.count } ?? 0) + inputs.identity.utf8.count
        guard size <= Cache.entryLimit else { return }
        var body = encoded
        body.reserveCapacity(size)
        _ = inputs.visit { chunk in
            body.append(contentsOf: chunk)
            return true
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
    private static func count(_ digits: ArraySlice<UInt8>) -> Int? {
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
            case .checked, .skipped:
                return nil
            }
        }
        return bytes
    }

    /// The outcomes `encode` wrote for `claims`, or nil when the bytes are not exactly that.
    static func decode(_ bytes: ArraySlice<UInt8>, claims: [DiagnosticID]) -> [ClaimOutcome?]? {
        var rest = bytes
        var outcomes: [ClaimOutcome?] = []
        for id in claims {
            guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let line = rest[..<newline]
            rest = rest[(newline + 1)...]
            let name = Array(id.rawValue.utf8) + [UInt8(ascii: " ")]
            guard line.starts(with: name) else { return nil }
            let kind = line.dropFirst(name.count)
            if kind.elementsEqual("checked".utf8) {
                outcomes.append(.checked([]))
            } else if kind.elementsEqual("not-judged".utf8) {
                outcomes.append(nil)
            } else if kind.starts(with: "not-applicable ".utf8),
                let count = Self.count(kind.dropFirst("not-applicable ".utf8.count)),
                rest.count > count, rest[rest.startIndex + count] == UInt8(ascii: "\n"),
                let reason = String(validating: rest.prefix(count), as: UTF8.self)
            {
                outcomes.append(.notApplicable(reason))
                rest = rest.dropFirst(count + 1)
            } else {
                return nil
            }
        }
        return rest.isEmpty ? outcomes : nil
    }
}

extension TextClaimMemo.Inputs {
    /// The inputs as one byte sequence, chunk by chunk, until `chunk` returns false: each variable
    /// part is preceded by its length, so two different inputs never give the same sequence.
    /// Returns whether every chunk was taken.
    func visit(_ chunk: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        func text(_ string: String) -> Bool {
            var string = string
            return string.withUTF8(chunk)
        }
        func file(_ label: String, _ path: String, _ bytes: [UInt8]) -> Bool {
            text("\(label) \(path.utf8.count) \(bytes.count)\n") && text(path) && bytes.withUnsafeBufferPointer(chunk)
        }
        guard text("inputs 1\n"), text("identity \(identity.utf8.count)\n"), text(identity),
            text("course \(isWholeCourse ? 1 : 0) \(unreadLessons)\n"),
            text("claims \(claims.map(\.rawValue).joined(separator: " "))\n")
        else { return false }
        for lesson in lessons where !file("lesson", lesson.path, lesson.bytes) { return false }
        if let index {
            guard file("index", index.path, index.bytes) else { return false }
        } else {
            guard text("no-index\n") else { return false }
        }
        return text("end\n")
    }
}
