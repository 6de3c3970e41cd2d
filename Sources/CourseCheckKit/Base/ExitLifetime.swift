import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Values a one-shot check keeps until the process exits instead of tearing them down, as clang's
/// `-disable-free` does: the default run's course facts and results are tens of thousands of small
/// objects, and releasing them one by one just before `exit` cost ~5 M instructions (4% of a
/// default run).
///
/// Two switches, so that nothing long-running holds on: the executable arms it (it exits after one
/// command), and the one-shot check turns it on. Tests that run commands in-process never arm it;
/// `watch` and `lsp`, which check again and again, never turn it on.
package enum ExitLifetime {
    private enum State {
        case off
        case armed
        case on([any Sendable])
    }

    private static let state = Mutex<State>(.off)

    /// The process exits after the command it runs: a one-shot check may keep its values.
    package static func arm() {
        state.withLock { if case .off = $0 { $0 = .armed } }
    }

    /// A one-shot check starts: from now on `keep` holds values, when armed. Its heaps then grow in
    /// large steps: with malloc's default pad (128 KiB) the worker threads' heaps grew a few pages
    /// at a time, about 160 `mprotect` calls a default run, each holding the address space's lock
    /// against every other thread's page faults (wall time -10% without them, paired runs). The
    /// pad is address space, not memory: a page is still mapped only when touched.
    package static func begin() {
        let started = state.withLock { state -> Bool in
            guard case .armed = state else { return false }
            state = .on([])
            return true
        }
        #if canImport(Glibc)
            if started { setTopPad(8 << 20) }
        #endif
    }

    #if canImport(Glibc)
        /// `mallopt(M_TOP_PAD, bytes)`: Swift's Glibc module does not import `<malloc.h>`, so the
        /// function is looked up by name, with its C type.
        private static func setTopPad(_ bytes: Int32) {
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let topPad: Int32 = -2  // M_TOP_PAD in <malloc.h>
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(topPad, bytes)
        }
    #endif

    /// Keeps `value` alive until the process exits, when on; else does nothing.
    package static func keep(_ value: some Sendable) {
        state.withLock {
            if case .on(var kept) = $0 {
                kept.append(value)
                $0 = .on(kept)
            }
        }
    }
}
