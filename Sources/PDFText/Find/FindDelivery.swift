import Foundation
import Synchronization

/// Where ``PDFDocument/beginFindString(_:withOptions:)`` delivers its notifications and
/// delegate calls (``PDFDocument/findDelivery``).
///
/// PDFKit's documentation does not say on which thread they arrive; apps receive them where
/// their UI code runs, on the main thread, and delegates written for it are often
/// `@MainActor` classes (conforming with `@preconcurrency`), which trap when called from
/// any other thread. A command-line program may block its main thread while it waits, and
/// then nothing sent to the main queue would ever run. ``automatic`` serves both.
public enum FindDelivery: Sendable {
    /// The main queue when `beginFindString` is called where the main queue is being
    /// serviced: from a main-actor task (an `async` main, a `@MainActor` function), a block
    /// on the main queue (`dispatchMain()`), or a callout of the main run loop
    /// (`RunLoop.main.run()`, an app). Otherwise the find's own thread, as events happen.
    /// The default.
    case automatic
    /// Always the main queue, in order. Nothing arrives while the main thread is blocked:
    /// choose it only where the main queue is serviced.
    case mainQueue
    /// The find's background thread, in order, as events happen: what a program that waits
    /// on its main thread (a semaphore, a loop on ``PDFDocument/isFinding``) needs.
    case findThread
    /// A queue of the caller's (a serial queue keeps the order).
    case queue(DispatchQueue)
}

/// The delivery of one `beginFindString` run: a queue to send each event to, or nil for
/// the find thread. The find thread never waits for a delivery, so a main thread that is
/// blocked delays the events, never the find, and ``PDFDocument/isFinding`` turns false when
/// the find ends whoever has read its events.
struct FindTarget: Sendable {
    let queue: DispatchQueue?

    init(_ delivery: FindDelivery) {
        switch delivery {
        case .findThread: queue = nil
        case .mainQueue: queue = .main
        case .queue(let q): queue = q
        case .automatic: queue = Self.mainIsServiced() ? .main : nil
        }
    }

    /// Runs `event` where this run delivers.
    func deliver(_ event: @escaping @Sendable () -> Void) {
        if let queue { queue.async(execute: event) } else { event() }
    }

    private static let mainKey = DispatchSpecificKey<UInt8>()
    private static let markedMain: Bool = {
        DispatchQueue.main.setSpecific(key: mainKey, value: 1)
        return true
    }()

    /// True inside a block of the main queue (main-actor jobs run as such blocks; after
    /// `dispatchMain()` they may run on another thread than the process's first), or on the
    /// main thread inside a callout of a running run loop.
    static func mainIsServiced() -> Bool {
        guard markedMain else { return false }
        if DispatchQueue.getSpecific(key: mainKey) != nil { return true }
        return Thread.isMainThread && RunLoop.current.currentMode != nil
    }
}
