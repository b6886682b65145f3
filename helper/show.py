"""Show the real source of a function or class in a notebook, highlighted.

Hand-written. A chapter that discusses code the package holds (a search engine, a
benchmark harness) shows it with :func:`show_source` instead of a second copy, so that
the book and the package can never disagree. In Jupyter and in the built book the
source appears as a highlighted code block; elsewhere it prints as plain text.
"""

from __future__ import annotations

import inspect
import textwrap

__all__ = ["show_source", "source_of"]


def source_of(obj: object, *, start: str | None = None, stop: str | None = None) -> str:
    """The source text of ``obj`` (a function, class, method or module), dedented.

    Args:
        obj: what to show.
        start: if given, the text begins at the first line that contains it.
        stop: if given, the text ends just before the first later line that contains
            it; together they show one part of a long function.

    Raises:
        ValueError: ``start`` or ``stop`` is not in the source.
    """
    lines = textwrap.dedent(inspect.getsource(obj)).splitlines()
    first, last = 0, len(lines)
    if start is not None:
        first = _find(lines, start, 0, obj)
    if stop is not None:
        last = _find(lines, stop, first + 1, obj)
    return "\n".join(lines[first:last]).rstrip() + "\n"


def _find(lines: list[str], text: str, after: int, obj: object) -> int:
    for number in range(after, len(lines)):
        if text in lines[number]:
            return number
    name = getattr(obj, "__qualname__", repr(obj))
    raise ValueError(f"{text!r} is not in the source of {name}")


def show_source(
    obj: object, *, start: str | None = None, stop: str | None = None
) -> object:
    """Display the source of ``obj`` as a highlighted Python block.

    Returns an object that Jupyter renders (put it last in a cell): a Markdown code
    block, which JupyterLab highlights and the book renders like any other code of the
    page (light and dark). Outside IPython the source comes back as a plain string.
    ``start`` and ``stop`` are as in :func:`source_of`.
    """
    text = source_of(obj, start=start, stop=stop)
    try:
        from IPython.display import Markdown
    except ImportError:  # not in a notebook: plain text is all there is
        return text
    fence = "````" if "```" in text else "```"
    return Markdown(f"{fence}python\n{text}{fence}")
