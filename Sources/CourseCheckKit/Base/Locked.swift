import Synchronization

/// A value shared between the loop thread and a background thread (a `Mutex` in a class, so an
/// escaping closure can hold it).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func get() -> Value { mutex.withLock { $0 } }
    func set(_ value: Value) { mutex.withLock { $0 = value } }
    func update<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }

    /// The value made once, by whoever asks first (under the lock, so it is made once), for a slot
    /// that starts empty: what a claim reads of a text that every copy of its facts shares.
    func once<Made: Sendable>(_ make: () -> Made) -> Made where Value == Made? {
        update { found in
            if let found { return found }
            let made = make()
            found = made
            return made
        }
    }
}

/// The value last computed for a key, returned again while the key is the same: a claim's
/// reading of one lesson that also depends on the whole course (the labels its trees pass), kept
/// with the lesson's text, which a live loop, or the test suite, checks again after every edit of
/// another lesson. Computed outside the lock: two threads asking at once both compute.
final class KeyedMemo<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let slot = Locked<(key: Key, value: Value)?>(nil)

    init() {}

    func value(for key: Key, _ compute: () -> Value) -> Value {
        if let kept = slot.get(), kept.key == key { return kept.value }
        let value = compute()
        slot.set((key, value))
        return value
    }
}
