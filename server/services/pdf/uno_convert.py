"""Persistent UNO helper: drives one warm LibreOffice listener (see libreoffice_pool.ts).

Usage: python3 uno_convert.py <pipe name> <soffice pid> <connect timeout seconds>

Connects to `soffice --accept=pipe,name=<pipe name>;urp;`, prints {"ready": true}, then reads one
JSON request per line on stdin ({"id": n, "in": "/path/a.docx", "out": "/path/a.pdf", "marks": false})
and answers one JSON line per request on stdout ({"id": n, "ok": true, "ms": [load, export, close]}
or {"id": n, "ok": false, "error": "..."}). "marks": true exports bookmarks as named destinations
and leaves out the blank pages LibreOffice inserts to start a section on a right-hand page (a merged
group, pdf_groups.ts). Requests may queue up in the pipe: they are answered in order.
When stdin closes (the server stopped or recycles this listener) it kills the soffice process, so
a server that dies never leaves a listener behind.
"""

import json
import os
import signal
import sys
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(pipe_name, timeout):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local
    )
    deadline = time.monotonic() + timeout
    while True:
        try:
            return resolver.resolve(
                "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name
            )
        except NoConnectException:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def reply(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


# Untrusted documents: never run macros, never update links.
LOAD_PROPS = (
    prop("Hidden", True),
    prop("ReadOnly", True),
    prop("MacroExecutionMode", 0),
    prop("UpdateDocMode", 0),
)
STORE_PROPS = (prop("FilterName", "writer_pdf_Export"),)
MARKS_FILTER_DATA = uno.Any(
    "[]com.sun.star.beans.PropertyValue",
    (prop("ExportBookmarksToPDFDestination", True), prop("IsSkipEmptyPages", True)),
)


def convert(desktop, request):
    """Converts one document; returns the milliseconds spent loading, exporting and closing it."""
    url_in = uno.systemPathToFileUrl(request["in"])
    url_out = uno.systemPathToFileUrl(request["out"])
    t0 = time.perf_counter()
    doc = desktop.loadComponentFromURL(url_in, "_blank", 0, LOAD_PROPS)
    if doc is None:
        raise RuntimeError("无法打开文档")
    t1 = time.perf_counter()
    try:
        if request.get("marks"):
            store = (prop("FilterName", "writer_pdf_Export"), prop("FilterData", MARKS_FILTER_DATA))
            uno.invoke(doc, "storeToURL", (url_out, store))
        else:
            doc.storeToURL(url_out, STORE_PROPS)
    finally:
        t2 = time.perf_counter()
        doc.close(True)
    t3 = time.perf_counter()
    return [round((t1 - t0) * 1000, 2), round((t2 - t1) * 1000, 2), round((t3 - t2) * 1000, 2)]


def kill_soffice(pid):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def main():
    pipe_name, soffice_pid, timeout = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    try:
        ctx = connect(pipe_name, timeout)
        desktop = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.frame.Desktop", ctx
        )
    except Exception as e:  # noqa: BLE001 - reported to the pool, which restarts us
        reply({"ready": False, "error": str(e)})
        kill_soffice(soffice_pid)
        return 2
    reply({"ready": True})
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            ms = convert(desktop, request)
            reply({"id": request["id"], "ok": True, "ms": ms})
        except Exception as e:  # noqa: BLE001 - UNO raises many kinds; the pool decides
            message = getattr(e, "Message", "") or str(e) or type(e).__name__
            reply({"id": request["id"], "ok": False, "error": message})
            if "DisposedException" in type(e).__name__:
                break  # the listener is gone: exit so the pool starts a fresh one
    kill_soffice(soffice_pid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
