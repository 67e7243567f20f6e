import NIOConcurrencyHelpers
import NIOCore
import NIOHTTPTypes

/// Notices when a client goes away, so the work it asked for stops.
///
/// Hummingbird 2 does not cancel a handler when its connection closes, and
/// its own inbound-close helper closes the connection after every response
/// (no keep-alive). This handler sits in each connection's pipeline: it
/// sees the channel become inactive, or its input close (the client shut
/// its side down), and runs the callbacks registered for that connection —
/// a running plan's cancellation. Handlers look their connection up by the
/// channel's identity.
final class ConnectionWatch: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = HTTPRequestPart

    /// The registry shared by every connection of one server.
    final class Registry: Sendable {
        private struct Connection {
            var closed = false
            var callbacks: [Int: @Sendable () -> Void] = [:]
        }
        private let connections = NIOLockedValueBox<[ObjectIdentifier: Connection]>([:])
        private let nextToken = NIOLockedValueBox(0)

        /// Runs `onClose` when `channel`'s client goes away (at once if it
        /// already has) until the returned token is handed to ``forget(_:on:)``.
        func watch(_ channel: any Channel, onClose: @escaping @Sendable () -> Void) -> Int {
            let token = nextToken.withLockedValue { $0 += 1; return $0 }
            let closed = connections.withLockedValue { all -> Bool in
                let key = ObjectIdentifier(channel)
                if all[key]?.closed == true { return true }
                all[key, default: Connection()].callbacks[token] = onClose
                return false
            }
            if closed { onClose() }
            return token
        }

        /// Stops watching for `token`.
        func forget(_ token: Int, on channel: any Channel) {
            _ = connections.withLockedValue { $0[ObjectIdentifier(channel)]?.callbacks.removeValue(forKey: token) }
        }

        fileprivate func opened(_ channel: any Channel) {
            connections.withLockedValue { $0[ObjectIdentifier(channel)] = Connection() }
        }

        fileprivate func closed(_ channel: any Channel, remove: Bool) {
            let callbacks = connections.withLockedValue { all -> [@Sendable () -> Void] in
                let key = ObjectIdentifier(channel)
                let pending = all[key].map { Array($0.callbacks.values) } ?? []
                if remove { all[key] = nil } else { all[key] = Connection(closed: true) }
                return pending
            }
            for callback in callbacks { callback() }
        }
    }

    private let registry: Registry

    init(registry: Registry) { self.registry = registry }

    func handlerAdded(context: ChannelHandlerContext) {
        registry.opened(context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        registry.closed(context.channel, remove: true)
    }

    func channelInactive(context: ChannelHandlerContext) {
        registry.closed(context.channel, remove: true)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            registry.closed(context.channel, remove: false)
        }
        context.fireUserInboundEventTriggered(event)
    }
}
