#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's file calls under names nothing shadows: Foundation declares `open`,
/// `read`, `write`, `close` and `exit` of its own, so a file importing both had to name the
/// C library's module, which is `Glibc` on Linux and `Darwin` on macOS. This file imports
/// only the C library, so the plain names are its calls.
package enum SystemCall {
    package static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
    package static func closeFile(_ fd: Int32) -> Int32 { close(fd) }
    package static func readFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
    package static func writeFile(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
    package static func exitProcess(_ status: Int32) -> Never { exit(status) }
}
