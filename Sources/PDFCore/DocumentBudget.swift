import Synchronization

extension Diagnostic.Code {
    /// The document's decode budget (``Limits/maxDecodedBytesInFlight``) was in use by other
    /// streams: the data was cut there.
    package static let decodeBudget = Diagnostic.Code("decodeBudget")
}

/// A quantity one document may spend, shared by every thread that works on it; lock-free.
///
/// Two are kept per open file (see `ObjectStore`):
/// - the decoded stream data held at once (``Limits/maxDecodedBytesInFlight``), shared by
///   everything that decodes its streams: pages processed in parallel, fonts, forms, CMaps,
///   object streams. Decoders draw from it as their output grows and give back what they no
///   longer hold, so that peak memory stays bounded however many pages run at once. When it
///   is spent, decoding stops there with a `decodeBudget` diagnostic (the data is cut
///   short), never a wait: a page that holds its content stream while it asks for a font
///   cannot deadlock another that does the same.
/// - the content operators interpreted over the whole document
///   (``Limits/maxOperatorsPerDocument``), drawn and never given back.
package final class DocumentBudget: Sendable {
    /// The most drawn at once.
    package let capacity: Int
    let drawn: Atomic<Int>

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
        self.drawn = Atomic(0)
    }

    /// Bytes drawn now and not given back.
    package var inUse: Int { drawn.load(ordering: .relaxed) }

    /// Draws up to `wanted` bytes; returns how many were granted (0 when the budget is spent).
    package func draw(upTo wanted: Int) -> Int {
        guard wanted > 0 else { return 0 }
        var current = drawn.load(ordering: .relaxed)
        while true {
            let granted = min(wanted, max(0, capacity - current))
            if granted == 0 { return 0 }
            let (exchanged, original) = drawn.compareExchange(
                expected: current, desired: current + granted, ordering: .relaxed)
            if exchanged { return granted }
            current = original
        }
    }

    /// Gives back bytes drawn before.
    package func giveBack(_ count: Int) {
        guard count > 0 else { return }
        drawn.subtract(count, ordering: .relaxed)
    }
}

/// Bytes held from a ``DocumentBudget`` for as long as this object lives: decoded data carries
/// one, and the budget gets the bytes back when the last copy of the result is dropped.
package final class DecodeLease: Sendable {
    package let budget: DocumentBudget
    package let count: Int

    package init(budget: DocumentBudget, count: Int) {
        self.budget = budget
        self.count = count
    }

    deinit { budget.giveBack(count) }
}

/// What one decoding step has drawn from a budget (no budget: unlimited). Decoders call
/// ``take(upTo:)`` before they allocate output.
package struct DecodeAllowance {
    package let budget: DocumentBudget?
    /// Bytes drawn and not given back.
    package private(set) var held = 0
    /// Set when the budget granted less than asked.
    package private(set) var refused = false

    package init(budget: DocumentBudget?) { self.budget = budget }

    /// Up to `wanted` bytes: all of them without a budget.
    package mutating func take(upTo wanted: Int) -> Int {
        guard let budget else { return max(0, wanted) }
        let granted = budget.draw(upTo: wanted)
        held += granted
        if granted < wanted { refused = true }
        return granted
    }

    /// Marks the allowance as refused (a later step on its data was cut by the budget).
    package mutating func noteRefusal() { refused = true }

    /// Gives back all but `keep` of the bytes held (when the output came out smaller than
    /// drawn); returns the bytes still held.
    @discardableResult
    package mutating func settle(keeping keep: Int) -> Int {
        guard let budget else { return 0 }
        let excess = held - max(0, keep)
        if excess > 0 {
            budget.giveBack(excess)
            held -= excess
        }
        return held
    }

    /// Gives back everything held.
    package mutating func release() { settle(keeping: 0) }
}
