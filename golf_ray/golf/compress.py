"""The compressed wrapper: a program stored as a raw-deflate stream that inflates and runs itself.

    #coding:L1
    import zlib
    exec(zlib.decompress(bytes('<deflate stream as latin-1 text>','L1'),-9))

The file is latin-1, so every byte of the stream is one character of the string literal and one
byte of the file; only the bytes that would end or break the literal are escaped (backslash, the
quote, NUL, CR, LF). Worth it for programs over a few hundred bytes. Programs are text, so the
wrapper is returned as `bytes`, exactly the file to submit.
"""

from __future__ import annotations

import ast
import zlib

import zopfli.zlib

HEADER = b"#coding:L1\nimport zlib\nexec(zlib.decompress(bytes("
FOOTER = b",'L1'),-9))"
_ESCAPES = {0: b"\\0", 10: b"\\n", 13: b"\\r", 92: b"\\\\"}
_OCTAL = b"01234567"


def literal(data: bytes, quote: bytes) -> bytes:
    """`data` as a latin-1 string literal delimited by `quote` (b"'" or b'"')."""
    out = bytearray(quote)
    for i, b in enumerate(data):
        if b == quote[0]:
            out += b"\\" + quote
        elif b == 0 and i + 1 < len(data) and data[i + 1] in _OCTAL:
            out += b"\\x00"  # "\\0" followed by a digit would read as a longer octal escape
        elif b in _ESCAPES:
            out += _ESCAPES[b]
        else:
            out.append(b)
    return bytes(out + quote)


def _streams(code: bytes, zopfli_too: bool) -> list[bytes]:
    """Raw deflate streams of `code`: zlib's best, and zopfli's (often a few % shorter, and
    about a hundred times slower)."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    streams = [c.compress(code) + c.flush()]
    if zopfli_too:
        # zopfli writes a zlib container: 2 bytes of header, 4 of Adler-32 at the end.
        streams.append(zopfli.zlib.compress(code, numiterations=50)[2:-4])
    return streams


def wrap(source: str, zopfli: bool = True) -> bytes:
    """The shortest wrapper over every deflate stream and quote tried."""
    code = source.encode("utf-8")
    best = None
    for stream in _streams(code, zopfli):
        assert zlib.decompress(stream, -15) == code
        for quote in (b"'", b'"'):
            program = HEADER + literal(stream, quote) + FOOTER
            if best is None or len(program) < len(best):
                best = program
    return best


def unwrap(program: bytes) -> str | None:
    """The inner source of a wrapper `wrap` made, or None for any other program."""
    if not (program.startswith(HEADER) and program.endswith(FOOTER)):
        return None
    text = program.decode("latin-1")
    try:
        node = ast.parse(text).body[-1].value.args[0].args[0].args[0]
        return zlib.decompress(node.value.encode("latin-1"), -15).decode("utf-8")
    except (SyntaxError, AttributeError, IndexError, zlib.error, UnicodeDecodeError):
        return None
