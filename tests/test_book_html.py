"""The built HTML as a reader's browser sees it: no dead link, all figures, no overflow.

Static checks read every page of the build: each local link and image must point at a
file that exists, no link may point at the placeholder repository address, and no
printed output line may be wider than 100 characters (wider lines overflow the page).
A smoke test then loads every page in headless Chromium: a console error from the book's
own code fails it, and every image must have loaded with a non-zero size.
"""

import functools
import http.server
import os
import shutil
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from bs4 import BeautifulSoup

from tools.notebooks import PLACEHOLDER

# The first test to use the built book pays for the build (minutes on a loaded machine).
pytestmark = [pytest.mark.build, pytest.mark.timeout(2400)]

#: Set by ``.ci/run``, which installs Chromium: there, a missing browser is a failure.
#: Elsewhere (the README's test line on a machine without Debian's chromium package)
#: the browser tests are skipped with a notice that names the package.
BROWSER_REQUIRED = "BOOK_BROWSER_REQUIRED"

#: The widest printed output line that fits the page's text column.
OUTPUT_WIDTH = 100

#: Console errors of the theme or of third-party scripts that are not the book's fault:
#: the build is offline, so anything fetched from another host fails to load.
KNOWN_CONSOLE_ERRORS = (
    "net::ERR_",  # a resource from another host (fonts, MathJax's CDN) while offline
    "Failed to load resource",
    # sphinx-thebe's script tag is included twice by jupyter-book 1.0.4 (its own
    # constant, declared twice); thebe is not used by the book.
    "Identifier 'THEBE_JS_URL' has already been declared",
    # pydata-sphinx-theme on a first visit, before any theme mode is stored.
    "Got invalid theme mode: . Resetting to auto.",
)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _pages(html_root: Path) -> list[Path]:
    return sorted(p for p in html_root.rglob("*.html") if "_static" not in p.parts)


def _soup(page: Path) -> BeautifulSoup:
    return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")


def _references(soup: BeautifulSoup):
    for tag, attribute in (
        ("a", "href"),
        ("img", "src"),
        ("link", "href"),
        ("script", "src"),
        ("source", "src"),
    ):
        for element in soup.find_all(tag):
            value = element.get(attribute)
            if value:
                yield tag, value


def test_no_broken_local_link_or_image(built_book):
    broken = []
    for page in _pages(built_book):
        for tag, value in _references(_soup(page)):
            parts = urlsplit(value)
            if parts.scheme or parts.netloc or not parts.path:
                continue  # another site, a mailto:, or a link within the page
            target = (page.parent / unquote(parts.path)).resolve()
            if not target.exists():
                broken.append(f"{page.relative_to(built_book)}: <{tag}> {value}")
    assert broken == []


def test_no_link_to_the_placeholder_address(built_book):
    found = [
        f"{page.relative_to(built_book)}: {value}"
        for page in _pages(built_book)
        for _, value in _references(_soup(page))
        if PLACEHOLDER in value
    ]
    assert found == []


def test_printed_outputs_fit_the_page(built_book):
    wide = []
    for page in _pages(built_book):
        for output in _soup(page).select("div.cell_output pre"):
            for line in output.get_text().splitlines():
                if len(line) > OUTPUT_WIDTH:
                    wide.append(
                        f"{page.relative_to(built_book)}: {len(line)}: {line[:60]}..."
                    )
    assert wide == []


@pytest.fixture(scope="module")
def served_book(built_book):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(built_book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join()


def _chromium() -> str:
    """The Chromium executable; skip (or, under ``.ci/run``, fail) without one."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        message = (
            "browser tests need Debian's chromium package (apt-get install chromium); "
            ".ci/run installs it"
        )
        if os.environ.get(BROWSER_REQUIRED):
            pytest.fail(message)
        pytest.skip(message)
    return found


def test_every_page_loads_in_chromium(built_book, served_book):
    chromium = _chromium()
    from playwright.sync_api import sync_playwright

    problems = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(120_000)  # a loaded 2-core machine is slow
        errors: list[str] = []
        page.on(
            "console", lambda m: errors.append(m.text) if m.type == "error" else None
        )
        page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
        for path in _pages(built_book):
            name = path.relative_to(built_book).as_posix()
            errors.clear()
            page.goto(f"{served_book}/{name}", wait_until="load")
            page.wait_for_load_state("networkidle")  # index.html redirects, for one
            for text in errors:
                if not any(known in text for known in KNOWN_CONSOLE_ERRORS):
                    problems.append(f"{name}: console error: {text}")
            broken = page.evaluate(
                "Array.from(document.images)"
                ".filter(i => !(i.complete && i.naturalWidth * i.naturalHeight > 0))"
                ".map(i => i.getAttribute('src'))"
            )
            problems += [f"{name}: image did not load: {src}" for src in broken]
        browser.close()
    assert problems == [], "\n".join(problems)
