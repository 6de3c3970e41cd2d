import Foundation
import XCTest

@testable import CourseCheckKit

/// The pack (`Pack`) is a copy of the entries a run used, in one file. Over random sequences of
/// runs (each a new pack on one cache, reading and storing random keys) with random damage between
/// them (the pack or an entry truncated, garbled, removed, or a directory in its place), a read
/// gives what was stored for its key or nothing, never other bytes; each damaged file the run
/// reads is one damaged entry in the note, and nothing else is; and a run repeated with nothing
/// changed writes no pack.
final class CachePackTests: XCTestCase {
    /// Content-addressed, as every key is: a key's content is the same whoever stores it.
    private static func content(_ key: Int) -> Data {
        Data("result of \(key)\n".utf8) + Data(repeating: UInt8(key % 251), count: key % 7 * 40)
    }

    /// What the model knows of the cache on disk between runs.
    private struct Model {
        /// The keys the pack on disk holds whole, or nil when it is broken (damaged, not removed).
        var packKeys: Set<String>? = []
        /// Entry files damaged and not written since.
        var brokenEntries: Set<String> = []
    }

    func testRandomRunsAndDamageNeverReadOtherBytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        for seed in PropertySeeds.seeds(defaultCases: 4) {
            var random = BlockStructurePropertyTests.Generator(state: seed)
            let directory = scratch.url.appendingPathComponent("cache-\(seed)")
            let packPath = directory.appendingPathComponent(Pack.name).path
            _ = Cache.notes()
            var model = Model()
            var lastKeys: Set<Int>? = nil
            var damagedBefore = false
            for step in 0..<12 {
                let context = "step \(step), seed \(seed)"
                // The same work again, or other work.
                let repeatRun = lastKeys != nil && random.next() % 3 == 0
                let keys =
                    repeatRun
                    ? lastKeys! : Set((0..<Int(random.next() % 8 + 1)).map { _ in Int(random.next() % 12) })
                let names = Set(keys.map { "emb-\($0)" })
                // One damaged entry for a broken pack, and one for each damaged file read instead.
                let fromFiles = model.packKeys.map { names.subtracting($0) } ?? names
                let expectedDamage = (model.packKeys == nil ? 1 : 0) + fromFiles.intersection(model.brokenEntries).count
                let before = Self.identity(packPath)
                var cache = Cache(directory: directory)
                let pack = Pack(directory: directory)
                cache.pack = pack
                for key in keys.sorted() {
                    let name = "emb-\(key)"
                    if let bytes = cache.bytes(name) {
                        XCTAssertEqual(Data(bytes), Self.content(key), "\(name) read other bytes, \(context)")
                    } else {
                        cache.store(data: Self.content(key), as: name)
                        model.brokenEntries.remove(name)
                    }
                }
                pack.write()
                XCTAssertEqual(
                    Cache.notes(), expectedDamage == 0 ? [] : [Self.damageNote(expectedDamage)], context)
                let after = Self.identity(packPath)
                if repeatRun && !damagedBefore {
                    XCTAssertEqual(after, before, "the same work rewrote the pack, \(context)")
                }
                // The pack holds this run's work: exactly, when the run wrote it.
                let bytes = try XCTUnwrap(FileGate.read(path: packPath, followingLinks: false).snapshot?.bytes, context)
                let held = Set(try XCTUnwrap(Pack.entries(of: bytes), context).keys)
                if after != before {
                    XCTAssertEqual(held, names, context)
                } else {
                    XCTAssertTrue(names.isSubset(of: held), context)
                }
                model.packKeys = held
                lastKeys = keys
                damagedBefore = try Self.damage(directory, &random, &model)
            }
        }
    }

    func testARepeatedCheckWritesNoPackAndReadsOneFile() throws {
        let scratch = try CourseCopy.make(for: self, ["lessons", "goldens"])
        let arguments = ["--cache-dir", "cache", "lessons/05-izgara-ve-geometri.md"]
        XCTAssertEqual(InProcess.run(arguments, in: scratch.url).status, .clean)
        let pack = scratch.url.appendingPathComponent("cache/\(Pack.name)").path
        let written = try XCTUnwrap(Self.identity(pack), "a check wrote no pack")
        let again = InProcess.run(arguments, in: scratch.url)
        XCTAssertEqual(again.status, .clean, again.stderr)
        XCTAssertTrue(again.stdout.contains("embedded: 2 trees (cached: 2 results)"), again.stdout)
        XCTAssertEqual(Self.identity(pack), written, "the same check wrote the pack again")
        // Every entry it holds is one the check used, each as its own file holds it.
        let entries = try XCTUnwrap(
            Pack.entries(of: try XCTUnwrap(FileGate.read(path: pack, followingLinks: false).snapshot?.bytes)))
        XCTAssertFalse(entries.isEmpty)
        for (key, entry) in entries {
            let own = FileGate.read(
                path: scratch.url.appendingPathComponent("cache/\(key).v3").path, followingLinks: false)
            XCTAssertEqual(own.snapshot?.bytes[...], entry, key)
        }
    }

    /// Two entries' keys exchanged in the pack's headers: each entry passes its own check, and
    /// only the pack's checksum shows the damage (a wrong result, again and again, without it).
    func testEntriesWhoseKeysWereExchangedAreOneDamagedPack() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let directory = scratch.url.appendingPathComponent("cache")
        var cache = Cache(directory: directory)
        cache.pack = Pack(directory: directory)
        for key in [1, 2] { cache.store(data: Self.content(key), as: "emb-\(key)") }
        cache.pack?.write()
        _ = Cache.notes()
        let path = directory.appendingPathComponent(Pack.name)
        let text = String(decoding: try Data(contentsOf: path), as: UTF8.self)
        let swapped = text.replacingOccurrences(of: "emb-1 ", with: "emb-X ")
            .replacingOccurrences(of: "emb-2 ", with: "emb-1 ").replacingOccurrences(of: "emb-X ", with: "emb-2 ")
        XCTAssertNotEqual(swapped, text)
        try Data(swapped.utf8).write(to: path)
        cache.pack = Pack(directory: directory)
        for key in [1, 2] { XCTAssertEqual(cache.bytes("emb-\(key)").map { Data($0) }, Self.content(key)) }
        cache.pack?.write()
        XCTAssertEqual(Cache.notes(), [Self.damageNote(1)])
        XCTAssertNotNil(Pack.entries(of: Array(try Data(contentsOf: path))), "the pack was not written anew")
    }

    /// A 40 GB pack, or entry (sparse), is damage read no further than a bound: no crash, one
    /// note, the stored result.
    func testAHugeFileIsDamageReadNoFurtherThanABound() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let directory = scratch.url.appendingPathComponent("cache")
        var cache = Cache(directory: directory)
        cache.store(data: Self.content(3), as: "emb-3")
        _ = Cache.notes()
        for victim in [Pack.name, "emb-3.v3"] {
            let path = directory.appendingPathComponent(victim).path
            // The entry's own file is read when the pack does not hold it.
            try? FileManager.default.removeItem(atPath: directory.appendingPathComponent(Pack.name).path)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
            XCTAssertEqual(truncate(path, 40 << 30), 0, String(cString: strerror(errno)))
            cache.pack = Pack(directory: directory)
            if victim == Pack.name {
                XCTAssertEqual(cache.bytes("emb-3").map { Data($0) }, Self.content(3), victim)
            } else {
                XCTAssertNil(cache.bytes("emb-3"), victim)
                cache.store(data: Self.content(3), as: "emb-3")
            }
            cache.pack?.write()
            XCTAssertEqual(Cache.notes(), [Self.damageNote(1)], victim)
        }
    }

    /// A pack that cannot be written (a folder holding a file stands at its name) is left as it
    /// is, unsaid: the note is the damage read, never "the cache cannot be written".
    func testAPackThatCannotBeWrittenIsUnsaid() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let directory = scratch.url.appendingPathComponent("cache")
        let folder = directory.appendingPathComponent(Pack.name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("kept\n".utf8).write(to: folder.appendingPathComponent("kept"))
        _ = Cache.notes()
        var cache = Cache(directory: directory)
        cache.pack = Pack(directory: directory)
        XCTAssertNil(cache.bytes("emb-4"))
        cache.store(data: Self.content(4), as: "emb-4")
        cache.pack?.write()
        XCTAssertEqual(Cache.notes(), [Self.damageNote(1)])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("kept").path))
    }

    private static func damageNote(_ count: Int) -> String {
        "\(Plural.count(count, "cache entry", plural: "cache entries")) did not hold what its key promised "
            + "(truncated, garbled or not coursecheck's) and \(count == 1 ? "was" : "were") recomputed"
    }

    /// The pack's inode and modification time, or nil when there is none.
    private static func identity(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        return [Int(info.st_ino), Int(modified.tv_sec), Int(modified.tv_nsec)]
    }

    /// Damages one file of the cache at random, or none; true when one was damaged or removed.
    private static func damage(
        _ directory: URL, _ random: inout BlockStructurePropertyTests.Generator, _ model: inout Model
    ) throws -> Bool {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()) ?? []
        guard !files.isEmpty, random.next() % 2 == 0 else { return false }
        let name =
            random.next() % 2 == 0 && files.contains(Pack.name)
            ? Pack.name : files[Int(random.next() % UInt64(files.count))]
        let victim = directory.appendingPathComponent(name)
        let key = String(name.dropLast(3))
        func damaged() {
            if name == Pack.name { model.packKeys = nil } else { model.brokenEntries.insert(key) }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: victim.path, isDirectory: &isDirectory), isDirectory.boolValue {
            // A folder in an entry's place, removed: a missing entry.
            try FileManager.default.removeItem(at: victim)
            if name == Pack.name { model.packKeys = [] } else { model.brokenEntries.remove(key) }
            return true
        }
        var bytes = try Data(contentsOf: victim)
        switch random.next() % 5 {
        case 0: bytes = bytes.prefix(Int(random.next() % UInt64(max(bytes.count, 1))))
        case 1: if !bytes.isEmpty { bytes[Int(random.next() % UInt64(bytes.count))] ^= 0x20 }
        case 2: bytes = Data("coursecheck-pack 2 12 0\ncoursecheck-cache 2 emb-1 99999 0\n".utf8)
        case 3:
            try FileManager.default.removeItem(at: victim)
            try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
            damaged()
            return true
        default:
            try FileManager.default.removeItem(at: victim)
            if name == Pack.name { model.packKeys = [] } else { model.brokenEntries.remove(key) }
            return true
        }
        try bytes.write(to: victim)
        damaged()
        return true
    }
}
