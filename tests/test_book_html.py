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

#: Lines that ``conftest.py`` prints at the end of the run (page heights and words).
PAGE_REPORT: list[str] = []

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


#: The most words of prose a page may hold: one sitting.
MAX_WORDS = 4_500

#: Pages with more prose than one sitting, waiting for the second pass that splits
#: them. An entry is removed when its page is split; a new page never goes here.
TOO_LONG: set[str] = set()


def prose_words(soup: BeautifulSoup) -> int:
    """Words of prose in a page's article: no code, outputs, maths or navigation."""
    article = soup.select_one("article.bd-article") or soup.body
    if article is None:
        return 0
    for element in article.select(
        "div.cell, div.highlight, pre, script, style, .math, mjx-container, nav"
    ):
        element.decompose()
    return len(article.get_text(" ").split())


def test_pages_are_one_sitting_long(built_book):
    words = {
        page.relative_to(built_book).as_posix(): prose_words(_soup(page))
        for page in _pages(built_book)
    }
    PAGE_REPORT.append("words of prose (most first):")
    PAGE_REPORT.extend(
        f"  {count:>7,}  {name}"
        for name, count in sorted(words.items(), key=lambda item: -item[1])[:12]
    )
    long = [
        f"{name}: {count:,} words"
        for name, count in sorted(words.items())
        if count > MAX_WORDS and name not in TOO_LONG
    ]
    assert long == [], f"split these pages (over {MAX_WORDS:,} words of prose)"
    settled = [n for n in sorted(TOO_LONG) if words.get(n, 0) <= MAX_WORDS]
    assert settled == [], "these pages are short now: remove them from TOO_LONG"


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


#: The widths the book is read at: a desktop browser and a phone.
WIDTHS = (1400, 500)

#: The tallest a chapter page may be at 1400 px: one sitting.
MAX_PAGE_HEIGHT = 20_000

#: Pages still longer than one sitting, waiting for the second pass that splits them.
#: An entry is removed when its page is split; a new page never goes here.
TOO_TALL: set[str] = set()

#: What the browser measures on each page (runs in the page).
MEASURE_JS = """
() => {
  const out = {broken: [], distorted: [], overflow: []};
  for (const img of document.images) {
    if (!(img.complete && img.naturalWidth * img.naturalHeight > 0)) {
      out.broken.push(img.getAttribute("src"));
      continue;
    }
    const box = img.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;  // hidden, e.g. in a closed toggle
    const drawn = box.width / box.height;
    const file = img.naturalWidth / img.naturalHeight;
    if (Math.abs(drawn / file - 1) > 0.02) {
      out.distorted.push(`${img.getAttribute("src")}: drawn ${Math.round(box.width)}` +
        `x${Math.round(box.height)}, file ${img.naturalWidth}x${img.naturalHeight}`);
    }
  }
  const article = document.querySelector("article.bd-article") || document.body;
  const right = article.getBoundingClientRect().right + 1;
  const selector = "table, pre, img, mjx-container, div.cell_output > div";
  for (const element of article.querySelectorAll(selector)) {
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.right <= right) continue;
    let node = element.parentElement, held = false;
    while (node && node !== article) {
      const style = getComputedStyle(node);
      if (["auto", "scroll", "hidden"].includes(style.overflowX) &&
          node.getBoundingClientRect().right <= right) { held = true; break; }
      node = node.parentElement;
    }
    if (!held) {
      const text = (element.textContent || element.getAttribute("src") || "").trim();
      const tag = element.tagName.toLowerCase(), wide = Math.round(box.width);
      out.overflow.push(`<${tag}> ${wide} px wide: ${text.slice(0, 50)}`);
    }
  }
  out.height = document.documentElement.scrollHeight;
  return out;
}
"""


@pytest.fixture(scope="module")
def browser_report(built_book, served_book):
    """Every page of the book loaded in Chromium at each width of :data:`WIDTHS`.

    Returns ``{(page, width): {"errors", "broken", "distorted", "overflow",
    "height"}}``.
    """
    chromium = _chromium()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    report = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=CHROMIUM_ARGS
        )
        for width in WIDTHS:
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.set_default_timeout(120_000)  # a loaded 2-core machine is slow
            errors: list[str] = []
            page.on(
                "console",
                lambda m, errors=errors: (
                    errors.append(m.text) if m.type == "error" else None
                ),
            )
            page.on(
                "pageerror", lambda e, errors=errors: errors.append(f"uncaught: {e}")
            )
            for path in _pages(built_book):
                name = path.relative_to(built_book).as_posix()
                errors.clear()
                page.goto(f"{served_book}/{name}", wait_until="load")
                try:  # index.html redirects; then wait for the next page's requests
                    page.wait_for_load_state("networkidle", timeout=15_000)
                except PlaywrightTimeout:
                    # MathJax may keep fetching fonts on a page with many formulas;
                    # the load event has fired, so the layout is there to measure.
                    page.wait_for_load_state("load")
                measured = page.evaluate(MEASURE_JS)
                measured["errors"] = [
                    text
                    for text in errors
                    if not any(known in text for known in KNOWN_CONSOLE_ERRORS)
                ]
                report[name, width] = measured
            page.close()
        browser.close()
    heights = sorted(
        (
            (data["height"], name)
            for (name, width), data in report.items()
            if width == 1400
        ),
        reverse=True,
    )
    PAGE_REPORT.append("page heights at 1400 px (tallest first):")
    PAGE_REPORT.extend(f"  {height:>7,} px  {name}" for height, name in heights)
    return report


def _problems(report, key):
    return [
        f"{name} at {width} px: {item}"
        for (name, width), data in sorted(report.items())
        for item in data[key]
    ]


def test_every_page_loads_in_chromium(browser_report):
    assert _problems(browser_report, "errors") == []
    assert _problems(browser_report, "broken") == []


def test_figures_keep_their_aspect_ratio(browser_report):
    assert _problems(browser_report, "distorted") == []


def test_nothing_is_wider_than_its_column_without_a_scroll_box(browser_report):
    assert _problems(browser_report, "overflow") == []


def test_pages_are_one_sitting_tall(browser_report):
    tall = [
        f"{name}: {data['height']:,} px"
        for (name, width), data in sorted(browser_report.items())
        if width == 1400
        and name.startswith("chapters/")
        and name not in TOO_TALL
        and data["height"] > MAX_PAGE_HEIGHT
    ]
    assert tall == [], f"split these pages (over {MAX_PAGE_HEIGHT:,} px at 1400 px)"


def test_too_tall_entries_are_still_too_tall(browser_report):
    """An entry of TOO_TALL whose page became short must leave the list."""
    short = [
        name
        for name in sorted(TOO_TALL)
        if (name, 1400) in browser_report
        and browser_report[name, 1400]["height"] <= MAX_PAGE_HEIGHT
    ]
    missing = [name for name in sorted(TOO_TALL) if (name, 1400) not in browser_report]
    assert short == [] and missing == []
