// Desktop notifications over the session bus, for the notifier only.
//
// libdbus is loaded with dlopen the first time the notifier opens the bus,
// not linked: linked, it and the six libraries it pulls in (libsystemd,
// libgcrypt, the compressors...) cost every start of `checklists`, even
// `--version`, about 1.3 ms of CPU in the dynamic loader. A machine without
// libdbus-1-3 gets a clear reason from cdbus_open_session instead of a
// binary that does not start.
#ifndef CDBUS_H
#define CDBUS_H
#include <stddef.h>
#include <stdint.h>

/// A private session-bus connection (libdbus's DBusConnection).
typedef struct CDBusConnection CDBusConnection;

/// A private connection to the session bus, listening to the notification
/// server's signals; NULL with the reason in `errorOut`.
CDBusConnection *cdbus_open_session(char *errorOut, size_t errorSize);

void cdbus_close(CDBusConnection *connection);

/// The connection's socket, to wait on; -1 when it has none.
int cdbus_unix_fd(CDBusConnection *connection);

int cdbus_is_connected(CDBusConnection *connection);

/// org.freedesktop.Notifications.Notify: `actions` is key, label, key,
/// label... Returns 1 with the notification's id, or 0 with the reason.
int cdbus_notify(CDBusConnection *connection, const char *appName, uint32_t replacesID,
                 const char *summary, const char *body,
                 const char *const *actions, int actionCount, int32_t expireTimeout,
                 int timeoutMilliseconds, uint32_t *idOut, char *errorOut, size_t errorSize);

/// What `cdbus_next_signal` found.
enum CDBusSignal { CDBusNone = 0, CDBusActionInvoked = 1, CDBusNotificationClosed = 2, CDBusDisconnected = 3 };

/// Reads what the socket holds (without waiting) and returns the next
/// signal of the notification server, skipping everything else; CDBusNone
/// when none is left. For ActionInvoked, `key` receives the action's key.
enum CDBusSignal cdbus_next_signal(CDBusConnection *connection, uint32_t *idOut, char *key, size_t keySize);

#endif
