// Find with a main-actor delegate, as apps write it: a `@MainActor` class conforming with
// `@preconcurrency`. Its calls arrive on the main actor whether the main thread runs a run
// loop (`runloop`) or `dispatchMain()` (`dispatch`), because the find is begun where the
// main queue is serviced (see FindDelivery).
//
//     FindWithMainActorDelegate FILE WORD runloop|dispatch

import Foundation
import PDFText

@MainActor
final class Collector: NSObject, @preconcurrency PDFDocumentDelegate {
    var matches = 0

    func didMatchString(_ instance: PDFSelection) {
        MainActor.assertIsolated()
        matches += 1
    }

    func documentDidEndDocumentFind(_ notification: Notification) {
        print("\(matches) matches, each on the main actor")
        exit(0)
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, ["runloop", "dispatch"].contains(arguments[3]),
      let document = PDFDocument(url: URL(fileURLWithPath: arguments[1])) else {
    print("usage: FindWithMainActorDelegate FILE WORD runloop|dispatch")
    exit(64)
}
let word = arguments[2]
let collector = Collector()

// Never wait for ever.
DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
    print("the find did not end within a minute")
    exit(2)
}

if arguments[3] == "runloop" {
    RunLoop.main.perform {
        MainActor.assumeIsolated {
            document.delegate = collector
            document.beginFindString(word, withOptions: .caseInsensitive)
        }
    }
    RunLoop.main.run()
} else {
    DispatchQueue.main.async {
        MainActor.assumeIsolated {
            document.delegate = collector
            document.beginFindString(word, withOptions: .caseInsensitive)
        }
    }
    dispatchMain()
}
