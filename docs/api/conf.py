"""Sphinx configuration of vecmath's API reference.  Build (warnings as errors):

    python -m sphinx -W -b html docs/api build/docs

The pages under generated/ are written here at every build, from the descriptors, vecmath.spec
and the modules' docstrings (docs/api/pages.py): nobody edits them, so none can drift."""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pages  # noqa: E402  (needs HERE on the path)

pages.write(HERE / "generated")

project = "vecmath"
author = "the vecmath developers"
release = version = pages.version()
extensions = []
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path = []
nitpicky = True
