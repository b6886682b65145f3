"""What builds the book and is not part of the package readers install.

* :mod:`tools.export` writes the generated modules of ``helper/`` from the notebooks'
  ``#@save`` cells (``python -m tools.export``);
* :mod:`tools.notebooks` keeps the notebooks clean and runs them
  (``python -m tools.notebooks fix|check|run``);
* :mod:`tools.book` is the book's Sphinx extension, loaded by ``_config.yml``.

Run them from the repository root. They need the build's packages (Sphinx, nbformat,
ruff...), which ``requirements.txt`` pins; ``helper`` needs none of them.
"""
