import Synchronization

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

    /// A one-shot check starts: from now on `keep` holds values, when armed.
    package static func begin() {
        state.withLock { if case .armed = $0 { $0 = .on([]) } }
    }

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
