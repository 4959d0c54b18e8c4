import Testing
@testable import PDFLayout

/// `LineFinder.select` finds a quantile as a sort would, without sorting.
struct SelectionTests {
    @Test func selectAgreesWithSortedOnEveryIndex() {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<200 {
            let count = 1 + trial % 40
            // Few distinct values in half the trials: runs of equal gaps, as justified lines have.
            let values = (0..<count).map { _ in
                trial % 2 == 0 ? Double(Int.random(in: 0..<4, using: &generator)) / 4 : Double.random(in: -1...3, using: &generator)
            }
            let sorted = values.sorted()
            for k in 0..<count {
                var copy = values
                #expect(LineFinder.select(&copy, k) == sorted[k], "\(values) k=\(k)")
                #expect(copy.sorted() == sorted)
            }
        }
    }
}
