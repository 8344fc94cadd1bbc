"""A minimal HTTP/1.1 client on asyncio streams: one keep-alive connection per simulated player.

The server benchmark runs hundreds of clients in the same process, on the same cores as the server;
httpx spends several times the server's own work per request in the client, which then competes with
the server for the CPU. This speaks only what the benchmark needs: GET and POST with a JSON body,
answers with a Content-Length or chunked, gzipped or not, and the one cookie the app sets."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
from dataclasses import dataclass
from typing import Any


@dataclass
class Answer:
    status_code: int
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class Connection:
    """One connection to ``host:port``, opened on first use and again after the server closed it."""

    def __init__(self, host: str, port: int, timeout: float) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.cookie = b""  # "name=value" of the last Set-Cookie: the player's token
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def get(self, path: str) -> Answer:
        return await self.request("GET", path)

    async def post(self, path: str, body: Any) -> Answer:
        return await self.request("POST", path, json.dumps(body).encode())

    async def request(self, method: str, path: str, body: bytes | None = None) -> Answer:
        async with asyncio.timeout(self.timeout):
            try:
                return await self._exchange(method, path, body)
            except (ConnectionError, asyncio.IncompleteReadError):
                # a keep-alive connection the server closed between requests: once more on a new one
                await self.close()
                return await self._exchange(method, path, body)

    async def _exchange(self, method: str, path: str, body: bytes | None) -> Answer:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        assert self._reader is not None
        # gzip as a browser asks for it: the server compresses the larger answers (the game views)
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", "Accept-Encoding: gzip"]
        if self.cookie:
            head.append("Cookie: " + self.cookie.decode())
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        self._writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + (body or b""))
        await self._writer.drain()
        return await self._read_answer(self._reader)

    async def _read_answer(self, reader: asyncio.StreamReader) -> Answer:
        status = int((await reader.readuntil(b"\r\n")).split(b" ", 2)[1])
        headers: dict[bytes, bytes] = {}
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.partition(b":")
            name, value = name.strip().lower(), value.strip()
            if name == b"set-cookie":
                self.cookie = value.split(b";", 1)[0]
            headers[name] = value
        if b"content-length" in headers:
            body = await reader.readexactly(int(headers[b"content-length"]))
        elif headers.get(b"transfer-encoding") == b"chunked":
            body = await _read_chunked(reader)
        else:
            body = b""
        if headers.get(b"connection", b"").lower() == b"close":
            await self.close()
        if headers.get(b"content-encoding") == b"gzip":
            body = gzip.decompress(body)
        return Answer(status, body)

    async def close(self) -> None:
        writer, self._reader, self._writer = self._writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    chunks = []
    while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
        chunks.append(await reader.readexactly(size))
        await reader.readexactly(2)  # the chunk's CRLF
    while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers, if any
        pass
    return b"".join(chunks)
