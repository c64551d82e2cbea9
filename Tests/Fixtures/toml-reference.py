#!/usr/bin/env python3
"""Reads a JSON array of TOML documents from the file named first and writes
to the file named second a JSON array with, for each, Python's tomllib
reading of it in the canonical form the Swift test writes for its own
reader's (TOMLAgainstPythonTests), or null if tomllib refuses it. An integer beyond 64 bits counts as refused: TOML says a reader
that cannot hold it losslessly must refuse it, and ours holds 64 bits."""
import datetime
import json
import struct
import sys
import tomllib


class TooLarge(Exception):
    pass


def hex_text(text):
    return text.encode("utf-8").hex()


def canonical(value):
    if isinstance(value, bool):
        return "b1" if value else "b0"
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise TooLarge()
        return "i" + str(value)
    if isinstance(value, float):
        if value != value:
            return "fnan"
        return "f" + format(struct.unpack("<Q", struct.pack("<d", value))[0], "016x")
    if isinstance(value, str):
        return "s" + hex_text(value)
    if isinstance(value, datetime.datetime):
        offset = value.utcoffset()
        zone = "" if offset is None else str(int(offset.total_seconds() // 60))
        return "d%04d-%02d-%02dt%02d:%02d:%02d.%06dz%s" % (
            value.year, value.month, value.day, value.hour, value.minute, value.second, value.microsecond, zone)
    if isinstance(value, datetime.date):
        return "d%04d-%02d-%02dtz" % (value.year, value.month, value.day)
    if isinstance(value, datetime.time):
        return "dt%02d:%02d:%02d.%06dz" % (value.hour, value.minute, value.second, value.microsecond)
    if isinstance(value, list):
        return "[" + ",".join(canonical(element) for element in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=lambda key: key.encode("utf-8"))
        return "{" + ",".join(hex_text(key) + ":" + canonical(value[key]) for key in keys) + "}"
    raise TypeError(type(value))


def read(document):
    try:
        return canonical(tomllib.loads(document))
    except (tomllib.TOMLDecodeError, TooLarge):
        return None


with open(sys.argv[1], encoding="utf-8") as documents:
    readings = [read(document) for document in json.load(documents)]
with open(sys.argv[2], "w", encoding="utf-8") as output:
    json.dump(readings, output)
