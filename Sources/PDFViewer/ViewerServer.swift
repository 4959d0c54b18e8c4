import Hummingbird
import Logging

/// The viewer's HTTP server: Hummingbird's HTTP/1 server on `host:port` with
/// ``ViewerResponder``. `run()` returns after SIGINT or SIGTERM, once the requests under
/// way have been answered (swift-service-lifecycle's graceful shutdown).
package struct ViewerServer: Sendable {
    package var viewer: Viewer
    package var host: String
    package var port: Int
    /// Called once the server listens, with the port it got (the one asked for, or the one
    /// the system chose for port 0).
    package var onListening: @Sendable (Int) -> Void = { _ in }

    /// Seconds a connection may stay idle.
    package static let idleSeconds: Int64 = 60

    package init(viewer: Viewer, host: String = "127.0.0.1", port: Int = 8080) {
        self.viewer = viewer
        self.host = host
        self.port = port
    }

    /// The responder, with the Host check a loopback address needs.
    package var responder: ViewerResponder {
        ViewerResponder(viewer: viewer, allowedHosts: ViewerResponder.loopbackHosts.contains(host) ? ViewerResponder.loopbackHosts : nil)
    }

    /// The Hummingbird application (HummingbirdTesting runs it in-process).
    package func application() -> Application<ViewerResponder> {
        var logger = Logger(label: "pdftext-serve")
        logger.logLevel = .warning
        let listening = onListening
        return Application(
            responder: responder,
            // A connection that sends nothing for a minute is closed (a client holding
            // connections open without sending a request takes nothing from the others).
            server: .http1(configuration: .init(idleTimeout: .seconds(Self.idleSeconds))),
            configuration: .init(address: .hostname(host, port: port), serverName: "pdftext"),
            onServerRunning: { channel in listening(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Serves until SIGINT or SIGTERM.
    package func run() async throws {
        try await application().runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}
