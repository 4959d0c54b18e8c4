import PDFCore
import PDFFile
import PDFSyntax

/// Wall times of one pass over one file, in seconds.
struct PhaseTimes {
    /// Reading the bytes from disk (zero for in-memory synthetic files).
    var read = 0.0
    /// `Document(bytes:)`: header, cross-reference data (or the repair scan), trailer, security.
    var open = 0.0
    /// `document.pages`: the page tree with inherited attributes.
    var pages = 0.0
    /// Every in-use object number loaded; every stream among them decoded with `store.streamData`.
    var decode = 0.0
    /// Releasing the document after the decode: freeing the store's caches of parsed objects.
    var release = 0.0
    /// From before the read to after the document is released (so it includes `release`).
    var total = 0.0
}

/// What one pass found in the file (the same on every repetition).
struct FileFacts {
    var size = 0
    var pageCount = 0
    var objects = 0
    var streams = 0
    var decodedBytes = 0
    /// Streams whose filter chain did not run to the end (image codecs passed over, damage).
    var incompleteStreams = 0
    var repaired = false
    var encrypted = false
}

enum Outcome {
    case ok
    /// Encrypted and the empty user password does not open it: skipped.
    case locked
    /// Could not be read or loaded at all.
    case failed(String)
}

struct PassResult {
    var outcome: Outcome
    var times: PhaseTimes
    var facts: FileFacts
}

/// One timed pass: (read,) open, pages, decode all streams, release.
/// `source` is either a path to read or bytes already in memory.
func measurePass(path: String?, bytes preloaded: [UInt8]?, limits: Limits) -> PassResult {
    var times = PhaseTimes()
    var facts = FileFacts()
    var decodeEnd: Double? = nil
    let t0 = now()
    let outcome: Outcome = {
        let bytes: [UInt8]
        if let preloaded {
            bytes = preloaded
        } else {
            do { bytes = try readFile(path!) } catch { return .failed("\(error)") }
        }
        let t1 = now()
        times.read = t1 - t0
        facts.size = bytes.count
        let document: Document
        do { document = try Document(bytes: bytes, limits: limits) } catch let error as PDFError { return .failed("\(error.code): \(error.message)") } catch { return .failed("\(error)") }
        let t2 = now()
        times.open = t2 - t1
        facts.encrypted = document.isEncrypted
        facts.repaired = document.store.wasRepaired
        if document.isLocked { return .locked }
        facts.pageCount = document.pages.count
        let t3 = now()
        times.pages = t3 - t2
        let store = document.store
        let numbers = store.objectNumbers
        facts.objects = numbers.count
        for n in numbers {
            guard case .stream(let stream) = store.object(ObjectID(n)) else { continue }
            let decoded = store.streamData(stream)
            facts.streams += 1
            facts.decodedBytes += decoded.bytes.count
            if !decoded.isComplete { facts.incompleteStreams += 1 }
        }
        let t4 = now()
        times.decode = t4 - t3
        decodeEnd = t4
        return .ok
    }()
    let tEnd = now()
    times.total = tEnd - t0
    if let decodeEnd { times.release = tEnd - decodeEnd }
    return PassResult(outcome: outcome, times: times, facts: facts)
}

/// The per-phase medians over repetitions.
struct FileResult {
    var path: String
    var size: Int
    var outcome: Outcome
    var times: PhaseTimes
    var facts: FileFacts
    var repetitions: Int
}

func measureFile(path: String?, bytes: [UInt8]?, label: String, repetitions: Int, limits: Limits) -> FileResult {
    var passes: [PassResult] = []
    for _ in 0..<max(1, repetitions) {
        let p = measurePass(path: path, bytes: bytes, limits: limits)
        passes.append(p)
        // A locked or broken file gives the same answer every time.
        if case .ok = p.outcome { continue }
        break
    }
    let first = passes[0]
    var t = PhaseTimes()
    t.read = median(passes.map(\.times.read))
    t.open = median(passes.map(\.times.open))
    t.pages = median(passes.map(\.times.pages))
    t.decode = median(passes.map(\.times.decode))
    t.release = median(passes.map(\.times.release))
    t.total = median(passes.map(\.times.total))
    return FileResult(path: label, size: first.facts.size, outcome: first.outcome, times: t, facts: first.facts, repetitions: passes.count)
}
