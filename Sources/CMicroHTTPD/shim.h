#ifndef PAYDRILL_CMICROHTTPD_SHIM_H
#define PAYDRILL_CMICROHTTPD_SHIM_H

#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The callback that sees a request's target as sent, before anything else of it: what it returns becomes
/// the request's state (`*con_cls` of the access handler).
typedef void *(*cmhd_uri_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// MHD_start_daemon is variadic, which Swift cannot call: this is the one set of options PayDrill starts a
/// daemon with. `address` is the socket address to bind (IPv4 or IPv6), `begun` makes a request's state from
/// its target, `completed` is told when a request ends however it ends (so its state is released),
/// `connection` when a connection opens and closes (its socket context is set then), all three with
/// `completed_cls`; `pool` threads poll the connections. `accept` is asked of each connection as it is
/// accepted (with `completed_cls`): MHD_NO closes it at once. `connection_limit` is libmicrohttpd's own,
/// which stops accepting (leaving connections in the system's backlog) when reached, so PayDrill's limit is
/// kept by `accept` below it; `per_client_limit` bounds the connections from one IP address.
static inline struct MHD_Daemon *cmhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AccessHandlerCallback handler, void *handler_cls,
    cmhd_uri_callback begun, MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback connection,
    MHD_AcceptPolicyCallback accept, void *completed_cls, unsigned int connection_limit,
    unsigned int per_client_limit, unsigned int timeout_seconds, unsigned int pool, size_t memory_limit) {
  return MHD_start_daemon(
      flags, 0, accept, completed_cls, handler, handler_cls,
      MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_client_limit,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_URI_LOG_CALLBACK, begun, completed_cls,
      MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
      MHD_OPTION_NOTIFY_CONNECTION, connection, completed_cls,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
      MHD_OPTION_THREAD_POOL_SIZE, pool,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_END);
}

/// The enum constants the daemon needs, as functions: Swift imports MHD's open enums as structs whose raw
/// values do not always match the C type the functions take.
static inline unsigned int cmhd_flags(int ipv6) {
  return MHD_USE_AUTO_INTERNAL_THREAD | (ipv6 ? MHD_USE_IPv6 : 0);
}
static inline enum MHD_ValueKind cmhd_header_kind(void) { return MHD_HEADER_KIND; }
static inline enum MHD_ValueKind cmhd_argument_kind(void) { return MHD_GET_ARGUMENT_KIND; }
static inline enum MHD_ResponseMemoryMode cmhd_must_copy(void) { return MHD_RESPMEM_MUST_COPY; }

/// Whether a connection notification says it opened (else it closed).
static inline int cmhd_connection_opened(enum MHD_ConnectionNotificationCode code) {
  return code == MHD_CONNECTION_NOTIFY_STARTED;
}

/// A connection's socket, or -1.
static inline int cmhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info ? info->connect_fd : -1;
}

/// What the connection notification put in the connection's socket context.
static inline void *cmhd_socket_context(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info ? info->socket_context : NULL;
}

/// The port the daemon listens on (the one the system chose when asked for port 0).
static inline uint16_t cmhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info ? info->port : 0;
}

#endif
