"""The book's own Sphinx extension: no button points at a repository that isn't there.

``repository.url`` in ``_config.yml`` is the one place that holds the book's public
address. Until the book has one, it holds a placeholder
(``helper.notebooks.PLACEHOLDER``), and every launch, repository and issue button would
be a dead link. This extension, listed under ``sphinx.extra_extensions``, switches those
buttons off while the address is the placeholder; with a real address they appear as
configured. It only builds the book and is not part of the reader's API.
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


def setup(app) -> dict:
    """Register the extension with Sphinx."""
    app.connect("config-inited", _no_dead_buttons)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
