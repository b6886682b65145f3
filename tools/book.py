"""The book's own Sphinx extension: no button points at a repository that isn't there.

``repository.url`` in ``_config.yml`` is the one place that holds the book's public
address. Until the book has one, it holds a placeholder
(``tools.notebooks.PLACEHOLDER``), and every launch, repository and issue button would
be a dead link. This extension, listed under ``sphinx.extra_extensions``, switches those
buttons off while the address is the placeholder; with a real address they appear as
configured.

It also makes every figure of a chapter a link to the image file, so that a large board
scaled down to the column width can be opened at full size, and it gives the
bibliography one author-year style: the list shows "Ignatiev et al. 2018" where the text
cites "Ignatiev et al. (2018)", instead of labels such as ``[IMMS18]``. It only builds
the book and is not part of the reader's API. It lists the execution table of the
appendix in book order rather than alphabetically. Last, the directive
``methods-table`` renders a puzzle package's ``METHODS`` as a table for the API pages.
"""

from __future__ import annotations

import importlib
import inspect
import posixpath
import re

from docutils import nodes
from docutils.statemachine import StringList
from pybtex.plugin import register_plugin
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.labels import BaseLabelStyle
from sphinx.addnodes import pending_xref
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from helper import REPO_ROOT
from tools.export import toc_notebooks
from tools.notebooks import is_placeholder

__all__ = [
    "setup",
    "AuthorYearLabels",
    "AuthorYearStyle",
    "ExecutionTableInBookOrder",
    "MethodsTable",
]


def _surnames(entry) -> list[str]:
    """The authors' (or editors') surnames with their "von" part, LaTeX decoded."""
    people = entry.persons.get("author") or entry.persons.get("editor") or []
    return [
        " ".join(
            part.render_as("text")
            for part in person.rich_prelast_names + person.rich_last_names
        )
        for person in people
    ]


class AuthorYearLabels(BaseLabelStyle):
    """Bibliography labels in the author-year form of the citations in the text."""

    def format_labels(self, sorted_entries):
        """Yield one label per entry: "A 2008", "A and B 2008" or "A et al. 2008"."""
        for entry in sorted_entries:
            names = _surnames(entry)
            if not names:
                field = entry.fields.get("organization") or entry.fields.get(
                    "title", ""
                )
                names = [str(field).replace("{", "").replace("}", "")]
            if len(names) > 2:
                who = f"{names[0]} et al."
            else:
                who = " and ".join(names)
            year = entry.fields.get("year", "")
            yield f"{who} {year}".strip()


class AuthorYearStyle(UnsrtStyle):
    """The unsrt formatting, sorted by author and year, with author-year labels."""

    default_label_style = "authoryear"
    default_sorting_style = "author_year_title"


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


class ExecutionTableInBookOrder(SphinxPostTransform):
    """Sort the rows of MyST-NB's execution table (``{nb-exec-table}``) in book order.

    MyST-NB lists the notebooks alphabetically; a reader looks for a chapter where it
    stands in the table of contents. This runs after MyST-NB has built the table and
    before references are resolved.
    """

    default_priority = 8.5

    def run(self, **kwargs) -> None:
        """Reorder the body rows of every execution table of the page."""
        order = {
            p.relative_to(REPO_ROOT).with_suffix("").as_posix(): i
            for i, p in enumerate(toc_notebooks())
        }
        here = posixpath.dirname(self.env.docname)
        for table in self.document.findall(nodes.table):
            head = next(iter(table.findall(nodes.thead)), None)
            body = next(iter(table.findall(nodes.tbody)), None)
            if head is None or body is None or not head.astext().startswith("Document"):
                continue

            def position(row, here=here):
                link = next(iter(row.findall(pending_xref)), None)
                target = link["reftarget"] if link is not None else ""
                name = posixpath.normpath(posixpath.join(here, target))
                return order.get(name, len(order))

            rows = sorted(body.children, key=position)
            body.children = []
            for row in rows:
                body += row


def _summary(function) -> str:
    """The first paragraph of a docstring, on one line.

    A reference in it to a name of the function's own module (``:func:`z3_model```)
    is qualified with that module, so that it resolves outside the module's page.
    """
    doc = inspect.getdoc(function) or ""
    first = doc.split("\n\n")[0].replace("\n", " ").strip()

    def qualify(match: re.Match) -> str:
        role, tilde, name = match.groups()
        if "." in name:
            return match.group(0)
        return f":{role}:`~{function.__module__}.{name}`"

    first = re.sub(r":(func|class|data|meth|attr|exc):`(~?)([^`<>]+)`", qualify, first)
    return first or "(no description)"


class MethodsTable(SphinxDirective):
    """``.. methods-table:: helper.numberlink``: the package's ``METHODS`` as a table.

    One row per method, in the order of ``METHODS``: the name to pass as ``method=``,
    the function (a link to its entry), the module it lives in and the first sentence
    of its docstring. The default method is marked. A dict's repr would show none of
    this.
    """

    required_arguments = 1

    def run(self) -> list:
        """Build the table as a list-table and parse it, so that the links resolve."""
        package = importlib.import_module(self.arguments[0])
        rows = [
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 18 30 22 50",
            "",
            "   * - ``method=``",
            "     - function",
            "     - module",
            "     - what it does",
        ]
        for name, function in package.METHODS.items():
            marker = " (default)" if name == package.DEFAULT_METHOD else ""
            target = f"{function.__module__}.{function.__qualname__}"
            rows += [
                f'   * - ``"{name}"``{marker}',
                f"     - :func:`~{target}`",
                f"     - ``{function.__module__}``",
                f"     - {_summary(function)}",
            ]
        container = nodes.container()
        self.state.nested_parse(StringList(rows), self.content_offset, container)
        return container.children


def setup(app) -> dict:
    """Register the extension with Sphinx."""
    app.connect("config-inited", _no_dead_buttons)
    app.add_js_file(None, body=FIGURE_LINKS_JS)
    register_plugin("pybtex.style.labels", "authoryear", AuthorYearLabels)
    register_plugin("pybtex.style.formatting", "authoryear", AuthorYearStyle)
    app.add_post_transform(ExecutionTableInBookOrder)
    app.add_directive("methods-table", MethodsTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
