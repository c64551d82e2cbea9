// libdbus through dlopen (why: include/cdbus.h). libdbus's headers are not
// needed to build: the few types and constants used here are its stable
// public ABI (libdbus-1.so.3, unchanged since 2006), written out below.
// Messages are built through C varargs and type codes, which Swift does not
// import, so the three things the notifier does live here in C.
#include "cdbus.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef uint32_t dbus_bool_t;
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;

// DBusError as dbus-errors.h lays it out: two strings, five bit flags, a pointer.
typedef struct {
    const char *name;
    const char *message;
    unsigned int dummy1 : 1, dummy2 : 1, dummy3 : 1, dummy4 : 1, dummy5 : 1;
    void *padding1;
} DBusError;

// DBusMessageIter is an opaque block the caller allocates (dbus-message.h:
// 2 pointers, 9 ints, 2 pointers, 72 bytes on 64-bit); kept larger here.
typedef union { void *align; unsigned char bytes[128]; } DBusMessageIter;

enum { DBUS_BUS_SESSION = 0 };
enum { TYPE_INVALID = 0, TYPE_STRING = 's', TYPE_UINT32 = 'u', TYPE_INT32 = 'i', TYPE_ARRAY = 'a' };
static const char *const interfaceLocal = "org.freedesktop.DBus.Local";
static const char *const notifications = "org.freedesktop.Notifications";

static struct {
    void (*error_init)(DBusError *);
    void (*error_free)(DBusError *);
    dbus_bool_t (*error_is_set)(const DBusError *);
    DBusConnection *(*bus_get_private)(int, DBusError *);
    void (*bus_add_match)(DBusConnection *, const char *, DBusError *);
    void (*connection_set_exit_on_disconnect)(DBusConnection *, dbus_bool_t);
    void (*connection_close)(DBusConnection *);
    void (*connection_unref)(DBusConnection *);
    dbus_bool_t (*connection_get_unix_fd)(DBusConnection *, int *);
    dbus_bool_t (*connection_get_is_connected)(DBusConnection *);
    DBusMessage *(*connection_send_with_reply_and_block)(DBusConnection *, DBusMessage *, int, DBusError *);
    dbus_bool_t (*connection_read_write)(DBusConnection *, int);
    DBusMessage *(*connection_pop_message)(DBusConnection *);
    DBusMessage *(*message_new_method_call)(const char *, const char *, const char *, const char *);
    void (*message_unref)(DBusMessage *);
    dbus_bool_t (*message_is_signal)(DBusMessage *, const char *, const char *);
    dbus_bool_t (*message_get_args)(DBusMessage *, DBusError *, int, ...);
    void (*message_iter_init_append)(DBusMessage *, DBusMessageIter *);
    dbus_bool_t (*message_iter_append_basic)(DBusMessageIter *, int, const void *);
    dbus_bool_t (*message_iter_open_container)(DBusMessageIter *, int, const char *, DBusMessageIter *);
    dbus_bool_t (*message_iter_close_container)(DBusMessageIter *, DBusMessageIter *);
} dbus;

static char loadProblem[256];
static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(loadProblem, sizeof loadProblem, "libdbus-1.so.3 cannot be loaded (install libdbus-1-3): %s", dlerror());
        return;
    }
    struct { void **slot; const char *name; } symbols[] = {
        {(void **)&dbus.error_init, "dbus_error_init"},
        {(void **)&dbus.error_free, "dbus_error_free"},
        {(void **)&dbus.error_is_set, "dbus_error_is_set"},
        {(void **)&dbus.bus_get_private, "dbus_bus_get_private"},
        {(void **)&dbus.bus_add_match, "dbus_bus_add_match"},
        {(void **)&dbus.connection_set_exit_on_disconnect, "dbus_connection_set_exit_on_disconnect"},
        {(void **)&dbus.connection_close, "dbus_connection_close"},
        {(void **)&dbus.connection_unref, "dbus_connection_unref"},
        {(void **)&dbus.connection_get_unix_fd, "dbus_connection_get_unix_fd"},
        {(void **)&dbus.connection_get_is_connected, "dbus_connection_get_is_connected"},
        {(void **)&dbus.connection_send_with_reply_and_block, "dbus_connection_send_with_reply_and_block"},
        {(void **)&dbus.connection_read_write, "dbus_connection_read_write"},
        {(void **)&dbus.connection_pop_message, "dbus_connection_pop_message"},
        {(void **)&dbus.message_new_method_call, "dbus_message_new_method_call"},
        {(void **)&dbus.message_unref, "dbus_message_unref"},
        {(void **)&dbus.message_is_signal, "dbus_message_is_signal"},
        {(void **)&dbus.message_get_args, "dbus_message_get_args"},
        {(void **)&dbus.message_iter_init_append, "dbus_message_iter_init_append"},
        {(void **)&dbus.message_iter_append_basic, "dbus_message_iter_append_basic"},
        {(void **)&dbus.message_iter_open_container, "dbus_message_iter_open_container"},
        {(void **)&dbus.message_iter_close_container, "dbus_message_iter_close_container"},
    };
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        *symbols[index].slot = dlsym(library, symbols[index].name);
        if (!*symbols[index].slot) {
            snprintf(loadProblem, sizeof loadProblem, "libdbus-1.so.3 has no %s", symbols[index].name);
            return;
        }
    }
}

static void copyError(DBusError *error, char *out, size_t size) {
    if (size == 0) return;
    snprintf(out, size, "%s", dbus.error_is_set(error) && error->message ? error->message : "unknown D-Bus error");
    dbus.error_free(error);
}

static DBusConnection *bus(CDBusConnection *connection) { return (DBusConnection *)connection; }

CDBusConnection *cdbus_open_session(char *errorOut, size_t errorSize) {
    pthread_once(&loadOnce, load);
    if (loadProblem[0]) {
        snprintf(errorOut, errorSize, "%s", loadProblem);
        return NULL;
    }
    DBusError error;
    dbus.error_init(&error);
    DBusConnection *connection = dbus.bus_get_private(DBUS_BUS_SESSION, &error);
    if (!connection) {
        copyError(&error, errorOut, errorSize);
        return NULL;
    }
    // The notifier decides what a lost bus means, not libdbus (which would exit).
    dbus.connection_set_exit_on_disconnect(connection, 0);
    dbus.bus_add_match(connection,
        "type='signal',interface='org.freedesktop.Notifications',path='/org/freedesktop/Notifications'", &error);
    if (dbus.error_is_set(&error)) {
        copyError(&error, errorOut, errorSize);
        dbus.connection_close(connection);
        dbus.connection_unref(connection);
        return NULL;
    }
    return (CDBusConnection *)connection;
}

void cdbus_close(CDBusConnection *connection) {
    dbus.connection_close(bus(connection));
    dbus.connection_unref(bus(connection));
}

int cdbus_unix_fd(CDBusConnection *connection) {
    int fd = -1;
    return dbus.connection_get_unix_fd(bus(connection), &fd) ? fd : -1;
}

int cdbus_is_connected(CDBusConnection *connection) {
    return dbus.connection_get_is_connected(bus(connection)) ? 1 : 0;
}

int cdbus_notify(CDBusConnection *connection, const char *appName, uint32_t replacesID,
                 const char *summary, const char *body,
                 const char *const *actions, int actionCount, int32_t expireTimeout,
                 int timeoutMilliseconds, uint32_t *idOut, char *errorOut, size_t errorSize) {
    DBusMessage *message = dbus.message_new_method_call(notifications, "/org/freedesktop/Notifications", notifications, "Notify");
    if (!message) { snprintf(errorOut, errorSize, "out of memory"); return 0; }
    DBusMessageIter arguments, array, hints;
    const char *icon = "";
    dbus.message_iter_init_append(message, &arguments);
    dbus.message_iter_append_basic(&arguments, TYPE_STRING, &appName);
    dbus.message_iter_append_basic(&arguments, TYPE_UINT32, &replacesID);
    dbus.message_iter_append_basic(&arguments, TYPE_STRING, &icon);
    dbus.message_iter_append_basic(&arguments, TYPE_STRING, &summary);
    dbus.message_iter_append_basic(&arguments, TYPE_STRING, &body);
    dbus.message_iter_open_container(&arguments, TYPE_ARRAY, "s", &array);
    for (int index = 0; index < actionCount; index++) {
        dbus.message_iter_append_basic(&array, TYPE_STRING, &actions[index]);
    }
    dbus.message_iter_close_container(&arguments, &array);
    dbus.message_iter_open_container(&arguments, TYPE_ARRAY, "{sv}", &hints);
    dbus.message_iter_close_container(&arguments, &hints);
    dbus.message_iter_append_basic(&arguments, TYPE_INT32, &expireTimeout);

    DBusError error;
    dbus.error_init(&error);
    DBusMessage *reply = dbus.connection_send_with_reply_and_block(bus(connection), message, timeoutMilliseconds, &error);
    dbus.message_unref(message);
    if (!reply) {
        copyError(&error, errorOut, errorSize);
        return 0;
    }
    uint32_t id = 0;
    if (!dbus.message_get_args(reply, &error, TYPE_UINT32, &id, TYPE_INVALID)) {
        copyError(&error, errorOut, errorSize);
        dbus.message_unref(reply);
        return 0;
    }
    dbus.message_unref(reply);
    *idOut = id;
    return 1;
}

enum CDBusSignal cdbus_next_signal(CDBusConnection *connection, uint32_t *idOut, char *key, size_t keySize) {
    dbus.connection_read_write(bus(connection), 0);
    DBusMessage *message;
    while ((message = dbus.connection_pop_message(bus(connection))) != NULL) {
        enum CDBusSignal found = CDBusNone;
        DBusError error;
        dbus.error_init(&error);
        if (dbus.message_is_signal(message, notifications, "ActionInvoked")) {
            const char *action = NULL;
            uint32_t id = 0;
            if (dbus.message_get_args(message, &error, TYPE_UINT32, &id, TYPE_STRING, &action, TYPE_INVALID)) {
                *idOut = id;
                snprintf(key, keySize, "%s", action);
                found = CDBusActionInvoked;
            } else {
                dbus.error_free(&error);
            }
        } else if (dbus.message_is_signal(message, notifications, "NotificationClosed")) {
            uint32_t id = 0, reason = 0;
            if (dbus.message_get_args(message, &error, TYPE_UINT32, &id, TYPE_UINT32, &reason, TYPE_INVALID)) {
                *idOut = id;
                found = CDBusNotificationClosed;
            } else {
                dbus.error_free(&error);
            }
        } else if (dbus.message_is_signal(message, interfaceLocal, "Disconnected")) {
            found = CDBusDisconnected;
        }
        dbus.message_unref(message);
        if (found != CDBusNone) return found;
    }
    return dbus.connection_get_is_connected(bus(connection)) ? CDBusNone : CDBusDisconnected;
}
