"""Another device for the sync tests: a client no one here wrote (the python
`caldav` library) changing to-dos on the server between two syncs of ours.

    caldav-device.py URL COMMAND ARGUMENTS...

      delete CALENDAR UID          deletes the to-do
      move FROM TO UID             deletes it in FROM, makes the same UID in TO
      edit CALENDAR UID PROP VALUE sets one property (SUMMARY, DUE, ...), VALUE as iCalendar text
      put CALENDAR NAME FILE       writes FILE (iCalendar) as NAME.ics
      get CALENDAR UID             prints the to-do's iCalendar text as the server holds it
      make-calendar CALENDAR       makes a calendar for events and to-dos alike
      delete-calendar CALENDAR     deletes the whole calendar
      rename-calendar CALENDAR NEW sets the calendar's display name
      calendars                    prints every calendar's display name, one a line, sorted
      uids CALENDAR                prints the UID of every to-do in it, one a line, sorted

    caldav-device.py URL serve SOCKET

      runs commands sent to the Unix socket SOCKET, one a connection: the
      request is a JSON array of a command and its arguments on one line,
      the reply {"status": 0 or 1, "output": what it printed}. It says
      "serving" once it listens, and ends when the process that started it
      does. Why: importing the library and its HTTP stack takes half a
      second of CPU, ten times what one command does, and a test runs many.

CALENDAR is a calendar's display name. The username and password come from
CALDAV_USERNAME and CALDAV_PASSWORD. Prints what it did, one line.
"""
import contextlib
import io
import json
import os
import socketserver
import sys

import caldav


def calendar(principal, name):
    for found in principal.calendars():
        if found.get_display_name() == name:
            return found
    sys.exit("no calendar named %r" % name)


def todo(found, uid):
    return found.object_by_uid(uid, comp_class=caldav.Todo)


def run(url, command, arguments):
    client = caldav.DAVClient(url, username=os.environ.get("CALDAV_USERNAME"), password=os.environ.get("CALDAV_PASSWORD"))
    principal = client.principal()
    if command == "delete":
        todo(calendar(principal, arguments[0]), arguments[1]).delete()
    elif command == "move":
        source, target, uid = calendar(principal, arguments[0]), calendar(principal, arguments[1]), arguments[2]
        item = todo(source, uid)
        data = item.data
        item.delete()
        target.save_todo(data)
    elif command == "edit":
        item = todo(calendar(principal, arguments[0]), arguments[1])
        component = item.icalendar_component
        # The value as iCalendar text, read as the property's type (a date for DUE).
        prop = arguments[2].upper()
        value = component.types_factory.from_ical(prop, arguments[3])
        component.pop(prop, None)
        component.add(prop, value)
        item.save()
    elif command == "put":
        with open(arguments[2], encoding="utf-8") as text:
            body = text.read()
        target = calendar(principal, arguments[0]).url.join(arguments[1] + ".ics")
        reply = client.put(str(target), body, {"Content-Type": "text/calendar; charset=utf-8"})
        if reply.status not in (201, 204):
            sys.exit("PUT %s: %s" % (target, reply.status))
    elif command == "get":
        sys.stdout.write(todo(calendar(principal, arguments[0]), arguments[1]).data)
        return
    elif command == "make-calendar":
        principal.make_calendar(name=arguments[0])
    elif command == "delete-calendar":
        calendar(principal, arguments[0]).delete()
    elif command == "rename-calendar":
        calendar(principal, arguments[0]).set_properties([caldav.elements.dav.DisplayName(arguments[1])])
    elif command == "calendars":
        sys.stdout.write("".join(sorted(found.get_display_name() + "\n" for found in principal.calendars())))
        return
    elif command == "uids":
        found = calendar(principal, arguments[0]).todos(include_completed=True)
        sys.stdout.write("".join(sorted(str(item.icalendar_component["UID"]) + "\n" for item in found)))
        return
    else:
        sys.exit("unknown command %r" % command)
    print(command, "done")


def serve(url, path):
    parent = os.getppid()

    class Command(socketserver.StreamRequestHandler):
        def handle(self):
            arguments = json.loads(self.rfile.readline())
            printed = io.StringIO()
            status = 0
            try:
                with contextlib.redirect_stdout(printed):
                    run(url, arguments[0], arguments[1:])
            except SystemExit as stop:
                status = 1
                printed.write(str(stop.code))
            except Exception as failure:
                status = 1
                printed.write("%s: %s" % (type(failure).__name__, failure))
            self.wfile.write(json.dumps({"status": status, "output": printed.getvalue()}).encode() + b"\n")

    with socketserver.UnixStreamServer(path, Command) as server:
        server.timeout = 1
        print("serving", flush=True)
        while os.getppid() == parent:
            server.handle_request()


def main():
    url, command, arguments = sys.argv[1], sys.argv[2], sys.argv[3:]
    if command == "serve":
        serve(url, arguments[0])
    else:
        run(url, command, arguments)


main()
