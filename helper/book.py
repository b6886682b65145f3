"""The book's own Sphinx extension: no button points at a repository that isn't there.

``repository.url`` in ``_config.yml`` is the one place that holds the book's public
address. Until the book has one, it holds a placeholder
(``helper.notebooks.PLACEHOLDER``), and every launch, repository and issue button would
be a dead link. This extension, listed under ``sphinx.extra_extensions``, switches those
buttons off while the address is the placeholder; with a real address they appear as
configured.

It also makes every figure of a chapter a link to the image file, so that a large board
scaled down to the column width can be opened at full size. It only builds the book and
is not part of the reader's API.
"""

from __future__ import annotations

from helper.notebooks import is_placeholder

__all__ = ["setup"]


def _no_dead_buttons(app, config) -> None:
    options = config.html_theme_options
    if not is_placeholder(options.get("repository_url", "")):
        return
    options["use_repository_button"] = False
    options["use_issues_button"] = False
    options["use_edit_page_button"] = False
    options["launch_buttons"] = {}


#: Wraps each figure of a cell output in a link to its file (full size, zoomable).
FIGURE_LINKS_JS = """
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("div.cell_output img").forEach((img) => {
    if (img.closest("a")) return;
    const link = document.createElement("a");
    link.href = img.getAttribute("src");
    link.title = "Open the figure at full size";
    link.className = "figure-full-size";
    img.parentNode.insertBefore(link, img);
    link.appendChild(img);
  });
});
"""


def setup(app) -> dict:
    """Register the extension with Sphinx."""
    app.connect("config-inited", _no_dead_buttons)
    app.add_js_file(None, body=FIGURE_LINKS_JS)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
