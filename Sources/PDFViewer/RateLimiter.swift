import Foundation
import Synchronization

/// A token bucket per client: each request takes a token, a client's bucket holds at most
/// `burst` of them and refills at `perSecond`. A request that finds its bucket empty is
/// answered 429. Buckets of clients gone quiet are forgotten when there are too many.
package final class RateLimiter: Sendable {
    package let burst: Double
    package let perSecond: Double
    /// The most clients remembered at once.
    package static let maxClients = 4096

    private struct Bucket { var tokens: Double; var updated: ContinuousClock.Instant }
    private let buckets = Mutex<[String: Bucket]>([:])
    private let clock = ContinuousClock()

    package init(burst: Int, perSecond: Double) {
        self.burst = Double(max(1, burst))
        self.perSecond = perSecond.isFinite ? max(0, perSecond) : 0
    }

    /// Takes a token for `client`; false when none is left.
    package func allow(_ client: String) -> Bool {
        let now = clock.now
        return buckets.withLock { b in
            if b[client] == nil, b.count >= Self.maxClients {
                // Forget the clients whose buckets have refilled (they are as new ones).
                b = b.filter { now - $0.value.updated < .seconds(burst / max(perSecond, 0.001)) }
                if b.count >= Self.maxClients { b.removeAll() }
            }
            var bucket = b[client] ?? Bucket(tokens: burst, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            bucket.tokens = min(burst, bucket.tokens + seconds * perSecond)
            bucket.updated = now
            guard bucket.tokens >= 1 else {
                b[client] = bucket
                return false
            }
            bucket.tokens -= 1
            b[client] = bucket
            return true
        }
    }
}
