import PDFCore
import Testing
@testable import PDFFilters

/// The document-wide decode budget (`Limits.maxDecodedBytesInFlight`): every buffer a filter
/// chain holds is drawn from it, and given back when dropped.
@Suite struct DecodeBudgetTests {
    let flate = [(StreamFilter.flate, FilterParameters())]
    let spaces = [UInt8](repeating: 0x20, count: 2 << 20)

    @Test("a stream decoded while another is held is cut at the shared budget, with a diagnostic")
    func sharedBudget() {
        let budget = DocumentBudget(capacity: 3 << 20)
        let encoded = zlibCompress(spaces, level: 9)
        var first: DecodeResult? = decodeStream(encoded[...], filters: flate, limits: .default, budget: budget)
        #expect(first?.bytes.count == spaces.count)
        #expect(first?.isComplete == true)
        #expect(budget.inUse == spaces.count)

        let second = decodeStream(encoded[...], filters: flate, limits: .default, budget: budget)
        #expect(!second.isComplete)
        #expect(second.bytes.count <= (3 << 20) - spaces.count)
        #expect(second.bytes.allSatisfy { $0 == 0x20 })
        #expect(second.diagnostics.contains(.decodeBudget))
        #expect(!second.diagnostics.contains(.decodedSizeLimit))
        #expect(budget.inUse <= budget.capacity)

        // Dropping the first result gives its share back: the same stream now decodes whole.
        first = nil
        #expect(budget.inUse == second.bytes.count)
        let third = decodeStream(encoded[...], filters: flate, limits: .default, budget: budget)
        #expect(third.bytes.count == spaces.count)
        #expect(third.isComplete)
        _ = second
    }

    @Test("the buffer between two filters counts against the budget")
    func intermediateBuffers() {
        // The inner layer is stored (level 0), so the buffer between the filters is as large
        // as the final data: 2 MB + 2 MB does not fit in 3 MB.
        let encoded = zlibCompress(zlibCompress(spaces, level: 0), level: 9)
        let chain = flate + flate
        let unlimited = decodeStream(encoded[...], filters: chain, limits: .default)
        #expect(unlimited.bytes == spaces)

        let small = DocumentBudget(capacity: 3 << 20)
        let cut = decodeStream(encoded[...], filters: chain, limits: .default, budget: small)
        #expect(!cut.isComplete)
        #expect(cut.bytes.count < spaces.count)
        #expect(cut.diagnostics.contains(.decodeBudget))

        let roomy = DocumentBudget(capacity: 5 << 20)
        do {
            let whole = decodeStream(encoded[...], filters: chain, limits: .default, budget: roomy)
            #expect(whole.bytes == spaces)
            #expect(whole.isComplete)
            // Only the final data is still held; the intermediate buffer went back.
            #expect(roomy.inUse == spaces.count)
        }
        #expect(roomy.inUse == 0)
    }

    @Test("LZW and run-length output draw from the budget too")
    func otherDecoders() {
        let budget = DocumentBudget(capacity: 100_000)
        let lzw = decodeStream(lzwEncode(Array(spaces.prefix(300_000)), earlyChange: 1)[...], filters: [(.lzw, FilterParameters())], limits: .default, budget: budget)
        #expect(lzw.bytes.count <= 100_000)
        #expect(lzw.diagnostics.contains(.decodeBudget))
        // A run of 128 spaces is two bytes.
        let runs = Array(repeatElement([129 as UInt8, 0x20], count: 20_000).joined()) + [128]
        let held = lzw
        let rle = decodeStream(runs[...], filters: [(.runLength, FilterParameters())], limits: .default, budget: budget)
        #expect(rle.bytes.count + held.bytes.count <= 100_000)
        #expect(rle.diagnostics.contains(.decodeBudget))
    }

    @Test("draws never pass the capacity, from many threads at once")
    func concurrentDraws() async {
        let budget = DocumentBudget(capacity: 1000)
        let granted = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { budget.draw(upTo: 300) } }
            return await group.reduce(0, +)
        }
        #expect(granted == 1000)
        #expect(budget.inUse == 1000)
        budget.giveBack(granted)
        #expect(budget.inUse == 0)
    }
}
