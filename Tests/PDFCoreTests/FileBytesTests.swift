import Foundation
import Testing
@testable import PDFCore

/// `Limits.maxInputBytes`: what is read from a file, a pipe or a device is capped.
@Suite struct FileBytesTests {
    @Test("a regular file up to the cap is read whole; a larger one is refused from its size")
    func regularFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)")
        try Data(repeating: 0x41, count: 1000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try FileBytes.read(path: url.path, maxBytes: 1000).count == 1000)
        #expect(throws: PDFError.self) { try FileBytes.read(path: url.path, maxBytes: 999) }
        do {
            _ = try FileBytes.read(path: url.path, maxBytes: 999)
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.message.contains("999"))
        }
    }

    @Test("a device without end stops at the cap with limitExceeded")
    func endlessDevice() {
        do {
            _ = try FileBytes.read(path: "/dev/zero", maxBytes: 3 << 20)
            Issue.record("/dev/zero was read to its end")
        } catch {
            #expect(error.code == .limitExceeded)
        }
    }

    @Test("a pipe is read to its end under the cap, and refused once past it")
    func pipes() throws {
        let small = Pipe()
        let smallWriter = small.fileHandleForWriting
        Thread.detachNewThread {
            smallWriter.write(Data(repeating: 7, count: 200_000))
            try? smallWriter.close()
        }
        let bytes = try FileBytes.readStream(small.fileHandleForReading.fileDescriptor, maxBytes: 200_000)
        #expect(bytes.count == 200_000)
        #expect(bytes.allSatisfy { $0 == 7 })

        // A writer that never stops: the reader gives up at the cap, then the writer sees
        // the pipe closed.
        signal(SIGPIPE, SIG_IGN)
        let endless = Pipe()
        let writer = endless.fileHandleForWriting.fileDescriptor
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let chunk = [UInt8](repeating: 0, count: 1 << 16)
            while chunk.withUnsafeBytes({ write(writer, $0.baseAddress, $0.count) }) > 0 {}
            done.signal()
        }
        do {
            _ = try FileBytes.readStream(endless.fileHandleForReading.fileDescriptor, maxBytes: 5 << 20)
            Issue.record("an endless pipe was read to its end")
        } catch {
            #expect(error.code == .limitExceeded)
        }
        try endless.fileHandleForReading.close()
        #expect(done.wait(timeout: .now() + 10) == .success)
    }
}
