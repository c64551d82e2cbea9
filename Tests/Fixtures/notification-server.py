#!/usr/bin/python3
"""A notification server for the tests: owns org.freedesktop.Notifications on
the session bus in DBUS_SESSION_BUS_ADDRESS, appends every Notify call to a
file as one JSON line (with the wall-clock nanosecond it arrived), and
presses a button when asked.

    notification-server.py RECORD_FILE READY_FILE

Pressing a button, as a desktop would (ActionInvoked, then NotificationClosed):

    gdbus call --session --dest org.freedesktop.Notifications \
        --object-path /org/freedesktop/Notifications \
        --method org.checklists.Test.Invoke ID ACTION_KEY

Needs Debian's python3-dbus and python3-gi (run by /usr/bin/python3).
"""
import json
import sys
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus, record):
        super().__init__(bus, PATH)
        self.record = record
        self.next_id = 0

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        arrived = time.time_ns()
        self.next_id += 1
        line = {"ns": arrived, "id": self.next_id, "app": str(app), "summary": str(summary),
                "body": str(body), "actions": [str(a) for a in actions], "timeout": int(timeout)}
        with open(self.record, "a") as out:
            out.write(json.dumps(line) + "\n")
        return dbus.UInt32(self.next_id)

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def CloseNotification(self, id):
        self.NotificationClosed(id, 3)

    @dbus.service.method(NAME, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body"]

    @dbus.service.method(NAME, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ["checklists-test", "checklists", "1", "1.2"]

    @dbus.service.signal(NAME, signature="us")
    def ActionInvoked(self, id, key):
        pass

    @dbus.service.signal(NAME, signature="uu")
    def NotificationClosed(self, id, reason):
        pass

    @dbus.service.method("org.checklists.Test", in_signature="us", out_signature="")
    def Invoke(self, id, key):
        self.ActionInvoked(id, key)
        self.NotificationClosed(id, 2)


def main():
    record, ready = sys.argv[1], sys.argv[2]
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    server = Server(bus, record)
    with open(ready, "w") as out:
        out.write("ready\n")
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
