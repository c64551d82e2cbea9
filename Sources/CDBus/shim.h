// libdbus-1, for the notifier's desktop notifications. pkg-config dbus-1
// gives the include paths (the header includes an arch-specific one).
//
// libdbus builds messages through C varargs and type macros, neither of
// which Swift imports, so the three things the notifier does are written
// here as small static functions: open the session bus, call Notify, and
// take the next signal of the notification server.
#include <dbus/dbus.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static inline void cdbus_copy_error(DBusError *error, char *out, size_t size) {
    if (size == 0) return;
    snprintf(out, size, "%s", dbus_error_is_set(error) && error->message ? error->message : "unknown D-Bus error");
    dbus_error_free(error);
}

/// A private connection to the session bus, listening to the notification
/// server's signals; NULL with the reason in `errorOut`.
static inline DBusConnection *cdbus_open_session(char *errorOut, size_t errorSize) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!connection) {
        cdbus_copy_error(&error, errorOut, errorSize);
        return NULL;
    }
    // The notifier decides what a lost bus means, not libdbus (which would exit).
    dbus_connection_set_exit_on_disconnect(connection, 0);
    dbus_bus_add_match(connection,
        "type='signal',interface='org.freedesktop.Notifications',path='/org/freedesktop/Notifications'", &error);
    if (dbus_error_is_set(&error)) {
        cdbus_copy_error(&error, errorOut, errorSize);
        dbus_connection_close(connection);
        dbus_connection_unref(connection);
        return NULL;
    }
    return connection;
}

static inline void cdbus_close(DBusConnection *connection) {
    dbus_connection_close(connection);
    dbus_connection_unref(connection);
}

static inline int cdbus_unix_fd(DBusConnection *connection) {
    int fd = -1;
    return dbus_connection_get_unix_fd(connection, &fd) ? fd : -1;
}

static inline int cdbus_is_connected(DBusConnection *connection) {
    return dbus_connection_get_is_connected(connection) ? 1 : 0;
}

/// org.freedesktop.Notifications.Notify: `actions` is key, label, key,
/// label... Returns 1 with the notification's id, or 0 with the reason.
static inline int cdbus_notify(DBusConnection *connection, const char *appName, uint32_t replacesID,
                               const char *summary, const char *body,
                               const char *const *actions, int actionCount, int32_t expireTimeout,
                               int timeoutMilliseconds, uint32_t *idOut, char *errorOut, size_t errorSize) {
    DBusMessage *message = dbus_message_new_method_call("org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                                        "org.freedesktop.Notifications", "Notify");
    if (!message) { snprintf(errorOut, errorSize, "out of memory"); return 0; }
    DBusMessageIter arguments, array, hints;
    const char *icon = "";
    dbus_message_iter_init_append(message, &arguments);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &appName);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_UINT32, &replacesID);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &icon);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &summary);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_STRING, &body);
    dbus_message_iter_open_container(&arguments, DBUS_TYPE_ARRAY, "s", &array);
    for (int index = 0; index < actionCount; index++) {
        dbus_message_iter_append_basic(&array, DBUS_TYPE_STRING, &actions[index]);
    }
    dbus_message_iter_close_container(&arguments, &array);
    dbus_message_iter_open_container(&arguments, DBUS_TYPE_ARRAY, "{sv}", &hints);
    dbus_message_iter_close_container(&arguments, &hints);
    dbus_message_iter_append_basic(&arguments, DBUS_TYPE_INT32, &expireTimeout);

    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(connection, message, timeoutMilliseconds, &error);
    dbus_message_unref(message);
    if (!reply) {
        cdbus_copy_error(&error, errorOut, errorSize);
        return 0;
    }
    uint32_t id = 0;
    if (!dbus_message_get_args(reply, &error, DBUS_TYPE_UINT32, &id, DBUS_TYPE_INVALID)) {
        cdbus_copy_error(&error, errorOut, errorSize);
        dbus_message_unref(reply);
        return 0;
    }
    dbus_message_unref(reply);
    *idOut = id;
    return 1;
}

/// What `cdbus_next_signal` found.
enum CDBusSignal { CDBusNone = 0, CDBusActionInvoked = 1, CDBusNotificationClosed = 2, CDBusDisconnected = 3 };

/// Reads what the socket holds (without waiting) and returns the next
/// signal of the notification server, skipping everything else; CDBusNone
/// when none is left. For ActionInvoked, `key` receives the action's key.
static inline enum CDBusSignal cdbus_next_signal(DBusConnection *connection, uint32_t *idOut, char *key, size_t keySize) {
    dbus_connection_read_write(connection, 0);
    DBusMessage *message;
    while ((message = dbus_connection_pop_message(connection)) != NULL) {
        enum CDBusSignal found = CDBusNone;
        DBusError error;
        dbus_error_init(&error);
        if (dbus_message_is_signal(message, "org.freedesktop.Notifications", "ActionInvoked")) {
            const char *action = NULL;
            uint32_t id = 0;
            if (dbus_message_get_args(message, &error, DBUS_TYPE_UINT32, &id, DBUS_TYPE_STRING, &action, DBUS_TYPE_INVALID)) {
                *idOut = id;
                snprintf(key, keySize, "%s", action);
                found = CDBusActionInvoked;
            } else {
                dbus_error_free(&error);
            }
        } else if (dbus_message_is_signal(message, "org.freedesktop.Notifications", "NotificationClosed")) {
            uint32_t id = 0, reason = 0;
            if (dbus_message_get_args(message, &error, DBUS_TYPE_UINT32, &id, DBUS_TYPE_UINT32, &reason, DBUS_TYPE_INVALID)) {
                *idOut = id;
                found = CDBusNotificationClosed;
            } else {
                dbus_error_free(&error);
            }
        } else if (dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected")) {
            found = CDBusDisconnected;
        }
        dbus_message_unref(message);
        if (found != CDBusNone) return found;
    }
    return dbus_connection_get_is_connected(connection) ? CDBusNone : CDBusDisconnected;
}
