import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs work on a thread with a large stack, once per batch: nested calls run in place.
package enum LargeStack {
    package static let size = 256 << 20
    private static let marker = "coursecheck.large-stack"

    /// Runs `body` on a large-stack thread, or directly when already on one.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        if Thread.current.threadDictionary[marker] != nil { return body() }
        let work = Work(body)
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        pthread_attr_init(attributes)
        defer { pthread_attr_destroy(attributes) }
        pthread_attr_setstacksize(attributes, size)
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(work as Runnable).toOpaque()
        let created = pthread_create(
            &thread, attributes,
            { context in
                // Darwin passes the context non-optional, glibc optional: one spelling for both.
                let raw: UnsafeMutableRawPointer? = context
                let work = Unmanaged<Runnable>.fromOpaque(raw!).takeRetainedValue()
                Thread.current.threadDictionary[LargeStack.marker] = true
                work.run()
                return nil
            }, context)
        precondition(created == 0, "cannot start a large-stack thread: \(String(cString: strerror(created)))")
        // Joining is the wait: the result is there once the thread has ended.
        #if canImport(Darwin)
            pthread_join(thread!, nil)
        #else
            pthread_join(thread, nil)
        #endif
        return work.result.withLock { $0! }
    }

    /// `body` over `items` on `width` large-stack threads (a thread per core, not per item), the
    /// values in `items`' order.
    package static func map<Item: Sendable, Value: Sendable>(
        _ items: [Item], width: Int, _ body: @escaping @Sendable (Item) -> Value
    ) -> [Value] {
        guard !items.isEmpty else { return [] }
        guard width > 1, items.count > 1 else { return run { items.map(body) } }
        let results = Collector<Value>(count: items.count)
        let next = Locked(0)
        concurrently(min(width, items.count), width: width) { _ in
            run {
                while true {
                    let index = next.update { value in
                        defer { value += 1 }
                        return value
                    }
                    guard index < items.count else { return }
                    results.set(index, body(items[index]))
                }
            }
        }
        return results.values.map { $0! }
    }

    /// The thread's entry point cannot be generic; this is what it calls.
    private class Runnable {
        func run() {}
    }

    /// The body, and its result carried back to the waiting caller.
    private final class Work<T: Sendable>: Runnable {
        let body: @Sendable () -> T
        let result = Mutex<T?>(nil)

        init(_ body: @escaping @Sendable () -> T) {
            self.body = body
        }

        override func run() {
            let value = body()
            result.withLock { $0 = value }
        }
    }
}
