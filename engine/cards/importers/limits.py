"""Limits on what a card file may make the parsers do, checked on the bytes before they
reach ijson or expat.

* decompressed size (MAX_BYTES) and, once past RATIO_FROM bytes, the ratio of
  decompressed to compressed bytes (MAX_RATIO): a few kilobytes of gzip cannot become
  gigabytes;
* JSON nesting (MAX_DEPTH): ijson keeps a prefix string per level, so memory grows with
  the square of the depth (an 80 KB file of brackets reached 3.8 GB);
* the length of one JSON string (MAX_STRING): yajl buffers a token across reads.

The JSON checks drop escape pairs, then whole strings, with two linear patterns, and take
the bracket depth with C-level itertools, so a 400 MB AllPrintings costs a few seconds
more, not minutes; a string running past one read is carried as a flag, never rescanned.
"""
from __future__ import annotations

import re
from itertools import accumulate
from typing import IO, Any, Callable

from engine.cards.importers.common import CardFileError

MAX_BYTES = 3 * 1024 ** 3
MAX_RATIO = 100
RATIO_FROM = 64 * 1024 ** 2
MAX_DEPTH = 64
MAX_STRING = 1024 ** 2
_ESCAPES = re.compile(rb"\\.", re.DOTALL)
_STRINGS = re.compile(rb'"[^"]*"')        # linear: nothing can match inside [^"]* twice
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_DELTA = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


class GuardedStream:
    """A binary stream that refuses to give the parser more than the limits allow."""

    def __init__(self, stream: IO[bytes], name: str, *, json: bool,
                 compressed: Callable[[], int] | None = None) -> None:
        self._stream = stream
        self._name = name
        self._json = json
        self._compressed = compressed      # bytes of the file itself read so far
        self.total = 0
        self._depth = 0
        self._escape = b""                 # a backslash that ended the last read
        self._in_string = False            # the last read ended inside a string
        self._string_len = 0

    def read(self, size: int = -1) -> bytes:
        if size == 0:
            return b""
        data = self._stream.read(size if size and size > 0 else 1024 * 1024)
        self.total += len(data)
        if self.total > MAX_BYTES:
            raise self._error("import.too_large", gigabytes=MAX_BYTES // 1024 ** 3)
        if self._compressed is not None and self.total > RATIO_FROM:
            packed = max(1, self._compressed())
            if self.total > MAX_RATIO * packed:
                raise self._error("import.bomb", ratio=MAX_RATIO)
        if self._json and data:
            self._check_json(data)
        return data

    def _check_json(self, data: bytes) -> None:
        text = self._escape + data
        self._escape = b""
        trailing = len(text) - len(text.rstrip(b"\\"))
        if trailing % 2:                   # "\\" at the end escapes the next read's first byte
            self._escape, text = b"\\", text[:-1]
        # Without escape pairs, every quote left opens or closes a string (in valid JSON;
        # ijson stops at the first invalid byte, and everything before it is judged right).
        text = _ESCAPES.sub(b"", text)
        if self._in_string:
            text = b'"' + text             # the string that ran past the last read
        quotes = text.count(b'"')
        if self._in_string and quotes >= 2:    # the carried string ends in this read
            self._check_string(self._string_len + text.find(b'"', 1) - 1)
        if quotes % 2:
            last = text.rfind(b'"')
            grown = len(text) - last - 1
            self._string_len = self._string_len + grown if quotes == 1 and self._in_string \
                else grown
            self._check_string(self._string_len)
            text = text[:last]
            self._in_string = True
        else:
            self._in_string, self._string_len = False, 0
        brackets = _STRINGS.sub(b"", text).translate(None, _NOT_BRACKETS)
        if not brackets:
            return
        peak = max(accumulate(map(_DELTA.__getitem__, brackets), initial=self._depth))
        if peak > MAX_DEPTH:
            raise self._error("import.too_deep")
        self._depth += (brackets.count(b"[") + brackets.count(b"{")
                        - brackets.count(b"]") - brackets.count(b"}"))

    def _check_string(self, length: int) -> None:
        if length > MAX_STRING:
            raise self._error("import.string_too_long", megabytes=MAX_STRING // 1024 ** 2)

    def _error(self, key: str, **params: Any) -> CardFileError:
        return CardFileError(key, file=self._name, **params)

    def tell(self) -> int:
        return self.total

    def close(self) -> None:
        pass
