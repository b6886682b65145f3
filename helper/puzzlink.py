"""Read and write puzz.link URLs: the address around a puzzle, and its number code.

`puzz.link <https://puzz.link>`_ (the pzprjs player, also served at ``pzv.jp``) puts a
whole puzzle into one address: ``https://puzz.link/p?<type>/<columns>/<rows>/<body>``.
What the body means depends on the puzzle type; each puzzle module writes its own
``from_puzzlink`` and ``to_puzzlink`` on top of the two pieces shared here:

* :func:`split_url` and :func:`make_url`, the address around the body;
* :func:`decode_number16` and :func:`encode_number16`, the code that many types use for
  numbers in cells: one hexadecimal digit for 0-15, ``-`` and two digits up to 255,
  ``+`` and three digits up to 4095, ``.`` for a "?" cell, and the letters ``g`` to
  ``z`` for runs of 1 to 20 empty cells.

Every error is a :class:`ValueError` that names the part of the URL at fault.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from helper.dispatch import check_cells
from helper.inputs import require_text

__all__ = [
    "UNKNOWN",
    "split_url",
    "make_url",
    "decode_number16",
    "encode_number16",
    "quote_url",
]

#: The value of a cell that shows a question mark ("some number") in puzz.link.
UNKNOWN = -2

_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192)}
_HEX = "0123456789abcdef"


def split_url(url: str, types: str | tuple[str, ...]) -> tuple[str, int, int, str]:
    """Split a puzz.link URL into ``(type, columns, rows, body)``.

    Args:
        url: the address, e.g. ``https://puzz.link/p?slither/10/10/<body>``; the host
            does not matter, and flags between the type and the size (``v:`` and the
            like) are skipped.
        types: the puzzle type (or types) the caller can read, e.g. ``"slither"``.

    Raises:
        TypeError: ``url`` is not a ``str``.
        ValueError: the URL has no ``?``, another puzzle type, no size, no body, or a
            size above :data:`helper.dispatch.MAX_CELLS` cells (refused before anything
            of that size is made).
    """
    require_text(url, "a puzz.link URL")
    wanted = (types,) if isinstance(types, str) else tuple(types)
    query = urlsplit(url.strip()).query
    if not query:
        raise ValueError(
            f"{quote_url(url)}: no '?<type>/...' part; not a puzz.link URL"
        )
    parts = query.split("/")
    if parts[0] not in wanted:
        raise ValueError(
            f"{quote_url(url)}: puzzle type {parts[0][:20]!r}, "
            f"expected {' or '.join(wanted)}"
        )
    numbers = [
        i
        for i, part in enumerate(parts[1:], start=1)
        if part.isascii() and part.isdigit()
    ]
    if len(numbers) < 2 or numbers[1] != numbers[0] + 1:
        raise ValueError(
            f"{quote_url(url)}: expected {parts[0]}/<columns>/<rows>/<body>"
        )
    if max(len(parts[numbers[0]]), len(parts[numbers[1]])) > 7:
        raise ValueError(f"{quote_url(url)}: the size is too large")
    columns, rows = int(parts[numbers[0]]), int(parts[numbers[1]])
    if columns < 1 or rows < 1:
        raise ValueError(f"{quote_url(url)}: the size {columns}x{rows} is empty")
    check_cells(rows, columns, f"{quote_url(url)}: the puzzle")
    body = "/".join(parts[numbers[1] + 1 :])
    return parts[0], columns, rows, body


def quote_url(url: str, most: int = 80) -> str:
    """A URL for an error message: quoted, and cut in the middle when long.

    Every reader of puzz.link addresses names the URL in its errors this way, so that a
    mistyped megabyte of address does not become a megabyte of message.
    """
    text = repr(url)
    return text if len(text) <= most else f"{text[: most // 2]}...{text[-most // 2 :]}"


def make_url(kind: str, columns: int, rows: int, body: str) -> str:
    """The puzz.link address of a puzzle (the inverse of :func:`split_url`)."""
    return f"https://puzz.link/p?{kind}/{columns}/{rows}/{body}"


def decode_number16(
    body: str, cells: int, *, start: int = 0, where: str = "URL"
) -> tuple[list[int | None], int]:
    """Read ``cells`` cells of puzz.link's number code from ``body[start:]``.

    Returns:
        ``(values, end)``: one entry per cell (a number, :data:`UNKNOWN` for "?", or
        ``None`` for an empty cell) and the position after the last character read.
        Missing trailing characters mean empty cells, as puzz.link writes them.

    Raises:
        ValueError: an unknown character, a number cut short, or more cells than
            ``cells``; the message names ``where`` and the position in ``body``.
    """
    values: list[int | None] = []
    i = start
    while len(values) < cells and i < len(body):
        char = body[i]
        if char in _HEX:
            values.append(int(char, 16))
        elif char in _WIDE:
            digits, offset = _WIDE[char]
            chunk = body[i + 1 : i + 1 + digits]
            if len(chunk) != digits or any(d not in _HEX for d in chunk):
                raise ValueError(
                    f"{where}: {char!r} at position {i} needs {digits} hex digits"
                )
            values.append(int(chunk, 16) + offset)
            i += digits
        elif char == ".":
            values.append(UNKNOWN)
        elif "g" <= char <= "z":
            values.extend([None] * (int(char, 36) - 15))
        else:
            raise ValueError(f"{where}: unknown character {char!r} at position {i}")
        i += 1
    if len(values) > cells:
        raise ValueError(f"{where}: a run of empty cells passes the last cell")
    values.extend([None] * (cells - len(values)))
    return values, i


def encode_number16(values: list[int | None]) -> str:
    """Write cells in puzz.link's number code (the inverse of :func:`decode_number16`).

    Raises:
        ValueError: a number below 0 (other than :data:`UNKNOWN`) or above 12287.
    """
    out: list[str] = []
    empty = 0
    for value in values:
        if value is None:
            empty += 1
            if empty == 20:
                out.append("z")
                empty = 0
            continue
        if empty:
            out.append(_run(empty))
            empty = 0
        out.append(_number(value))
    if empty:
        out.append(_run(empty))
    return "".join(out)


def _run(empty: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[15 + empty]


def _number(value: int) -> str:
    if value == UNKNOWN:
        return "."
    if value < 0:
        raise ValueError(f"puzz.link cannot write the number {value}")
    if value < 16:
        return f"{value:x}"
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    if value < 8192:
        return f"={value - 4096:03x}"
    if value < 12288:
        return f"%{value - 8192:03x}"
    raise ValueError(f"puzz.link cannot write the number {value}")
