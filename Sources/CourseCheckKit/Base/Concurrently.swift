import Dispatch
import Synchronization

/// Calls `body` once for every index in `0..<count`, on at most `width` threads at a time, and
/// returns when every call has. Each thread takes the next index until none is left, so a slow
/// call (a long compile) never holds back the others.
func concurrently(_ count: Int, width: Int, _ body: @Sendable (Int) -> Void) {
    let next = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: max(min(width, count), 0)) { _ in
        while true {
            let index = next.withLock { next in
                defer { next += 1 }
                return next
            }
            guard index < count else { return }
            body(index)
        }
    }
}

/// A fixed set of slots filled from concurrent calls.
final class Collector<Value: Sendable>: Sendable {
    private struct Slots {
        var values: [Value?]
        var cached = 0
    }

    private let slots: Mutex<Slots>

    init(count: Int) {
        slots = Mutex(Slots(values: Array(repeating: nil, count: count)))
    }

    func set(_ index: Int, _ value: Value) {
        slots.withLock { $0.values[index] = value }
    }

    var values: [Value?] {
        slots.withLock { $0.values }
    }

    func countCached() {
        slots.withLock { $0.cached += 1 }
    }

    var cachedCount: Int {
        slots.withLock { $0.cached }
    }
}

/// `body` over `items` on at most `width` threads, the values in `items`' order: what a serial
/// `map` returns, and the error of the first failing item by position, as a serial map throws.
func parallelMap<Item: Sendable, Value: Sendable, Failure: Error>(
    _ items: [Item], width: Int, _ body: @Sendable (Item) throws(Failure) -> Value
) throws(Failure) -> [Value] {
    guard width > 1, items.count > 1 else {
        var values: [Value] = []
        for item in items { values.append(try body(item)) }
        return values
    }
    let results = Collector<Result<Value, Failure>>(count: items.count)
    concurrently(items.count, width: width) { index in
        do throws(Failure) {
            results.set(index, .success(try body(items[index])))
        } catch {
            results.set(index, .failure(error))
        }
    }
    var values: [Value] = []
    for result in results.values {
        // Every index was set: `concurrently` returns when every call has.
        values.append(try result!.get())
    }
    return values
}

/// `parallelMap` that starts the heaviest items first (by `weight`, ties in `items`' order), so
/// the last item to start is a light one and no thread is left alone with a long one at the end.
/// Only the order of the work changes: the values are in `items`' order, and the error is the
/// first failing item's by position, as `parallelMap` gives.
func parallelMap<Item: Sendable, Value: Sendable, Failure: Error>(
    _ items: [Item], width: Int, heaviestFirst weight: (Item) -> Int,
    _ body: @Sendable (Item) throws(Failure) -> Value
) throws(Failure) -> [Value] {
    let weights = items.map(weight)
    let schedule = items.indices.sorted { (-weights[$0], $0) < (-weights[$1], $1) }
    let results = parallelMap(schedule, width: width) { index -> Result<Value, Failure> in
        do throws(Failure) {
            return .success(try body(items[index]))
        } catch {
            return .failure(error)
        }
    }
    var ordered = [Result<Value, Failure>?](repeating: nil, count: items.count)
    for (index, result) in zip(schedule, results) { ordered[index] = result }
    var values: [Value] = []
    values.reserveCapacity(items.count)
    for result in ordered { values.append(try result!.get()) }
    return values
}

/// `body`, started now on a thread of its own, for work that runs beside the caller's next
/// stages; `value` waits for it. The caller joins it on every path (a `defer`), so nothing it
/// does outlives the caller's work.
final class Background<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let result = Mutex<Value?>(nil)

    init(_ body: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) {
            let value = body()
            self.result.withLock { $0 = value }
        }
    }

    /// What `body` returned, once it has.
    var value: Value {
        done.wait()
        // Set before the group left: `wait` returns after the block that set it.
        return result.withLock { $0! }
    }
}
