#!/usr/bin/env python3
"""A proxy in front of a test WebDAV server that holds, fails or mangles the
requests a test names: the races and hostile answers of the sync tests made
to happen every time, not hoped for. Standard library only.

    webdav_proxy.py LISTEN_PORT UPSTREAM_PORT CONTROL_FILE EVENTS_FILE

Each request is forwarded to 127.0.0.1:UPSTREAM_PORT on a connection of its
own (Host and Destination rewritten to the upstream's port), unless a rule of
CONTROL_FILE (JSON, read again for every request) matches its method and the
decoded path's end:

    {"rules": [{"method": "PUT", "path": "/Note.md", "action": "hold"}, ...]}

Actions:
  hold          log "held METHOD PATH", then wait until the rule is gone from
                the control file, and forward the request
  status:N      answer N without forwarding
  dribble:N     answer 200 with a body said to be N bytes, one byte a second
  huge:N        answer 200 with a body of N bytes as fast as it goes, chunked:
                its length said nowhere, as a server streaming it would

Every request answered is logged to EVENTS_FILE as "METHOD PATH STATUS".
"""

import asyncio
import json
import sys
import time
import urllib.parse

LISTEN_PORT, UPSTREAM_PORT = int(sys.argv[1]), int(sys.argv[2])
CONTROL, EVENTS = sys.argv[3], sys.argv[4]


def log(line):
    with open(EVENTS, "a", encoding="utf-8") as events:
        events.write(line + "\n")


def rules():
    try:
        with open(CONTROL, encoding="utf-8") as control:
            return json.load(control).get("rules", [])
    except (OSError, ValueError):
        return []


def matching(method, path):
    for rule in rules():
        if rule.get("method") in (method, "*") and path.endswith(rule.get("path", "")):
            return rule
    return None


async def read_request(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, target, _ = lines[0].split(" ", 2)
    headers = [tuple(line.split(":", 1)) for line in lines[1:] if ":" in line]
    length = next((int(value) for name, value in headers if name.strip().lower() == "content-length"), 0)
    body = await reader.readexactly(length) if length else b""
    return method, target, [(name.strip(), value.strip()) for name, value in headers], body


async def forward(method, target, headers, body):
    reader, writer = await asyncio.open_connection("127.0.0.1", UPSTREAM_PORT)
    out = [f"{method} {target} HTTP/1.1"]
    for name, value in headers:
        lowered = name.lower()
        if lowered in ("connection", "keep-alive"):
            continue
        if lowered == "host":
            value = f"127.0.0.1:{UPSTREAM_PORT}"
        if lowered == "destination":
            value = value.replace(f":{LISTEN_PORT}/", f":{UPSTREAM_PORT}/", 1)
        out.append(f"{name}: {value}")
    out.append("Connection: close")
    writer.write(("\r\n".join(out) + "\r\n\r\n").encode("latin-1") + body)
    await writer.drain()
    response = await reader.read()
    writer.close()
    return response


def status_of(response):
    try:
        return response.split(b" ", 2)[1].decode()
    except IndexError:
        return "?"


async def answer(writer, status, length, body_source):
    framing = f"Content-Length: {length}" if length is not None else "Transfer-Encoding: chunked"
    writer.write(f"HTTP/1.1 {status} Test\r\n{framing}\r\nContent-Type: text/markdown\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    async for chunk in body_source:
        writer.write(chunk if length is not None else b"%x\r\n%s\r\n" % (len(chunk), chunk))
        await writer.drain()
    if length is None:
        writer.write(b"0\r\n\r\n")
        await writer.drain()


async def nothing():
    return
    yield


async def dribbled(count):
    for _ in range(count):
        yield b"a"
        await asyncio.sleep(1)


async def flood(count):
    chunk = b"a" * (1 << 20)
    left = count
    while left > 0:
        piece = chunk[: min(left, len(chunk))]
        left -= len(piece)
        yield piece


async def serve(reader, writer):
    try:
        while True:
            try:
                method, target, headers, body = await read_request(reader)
            except (asyncio.IncompleteReadError, ConnectionError):
                return
            path = urllib.parse.unquote(urllib.parse.urlsplit(target).path, errors="backslashreplace")
            rule = matching(method, path)
            action = rule.get("action", "") if rule else ""
            if action == "hold":
                log(f"held {method} {path}")
                while matching(method, path) == rule:
                    await asyncio.sleep(0.05)
                action = ""
            if action.startswith("status:"):
                status = action.split(":", 1)[1]
                log(f"{method} {path} {status}")
                await answer(writer, status, 0, nothing())
                return
            if action.startswith("dribble:"):
                count = int(action.split(":", 1)[1])
                log(f"{method} {path} 200 dribbled")
                await answer(writer, 200, count, dribbled(count))
                return
            if action.startswith("huge:"):
                count = int(action.split(":", 1)[1])
                log(f"{method} {path} 200 huge")
                await answer(writer, 200, None, flood(count))
                return
            response = await forward(method, target, headers, body)
            log(f"{method} {path} {status_of(response)}")
            writer.write(response)
            await writer.drain()
            return  # the upstream closed its connection: so does this one
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        writer.close()


async def main():
    server = await asyncio.start_server(serve, "127.0.0.1", LISTEN_PORT)
    log(f"listening {time.time()}")
    async with server:
        await server.serve_forever()


asyncio.run(main())
