"""The generated pages of the API reference: one per function (vecmath._doc.function_page, the
facts help() gives), one per module-level API (its docstrings, read from the source with ast so
that numba, JAX, PyTorch or CUDA need not be installed to build), and the command lines' --help."""
import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import vecmath
from vecmath import _doc, spec

PKG = Path(vecmath.__file__).resolve().parent

# (page, title, source file, functions/classes to show, words before the docstrings)
MODULES = [
    ("config", "Configuration and threads: show_config, config, num_threads", "__init__.py",
     ["show_config", "config", "get_num_threads", "set_num_threads", "num_threads"], None),
    ("tiers", "The tiers: vecmath.accurate, vecmath.fast, vecmath.approx", "fast.py", [],
     "Every function exists in every tier, under the same name; ``vecmath.<fn>`` is the accurate "
     "tier.  Each is a ``numpy.ufunc`` (repr ``<ufunc 'fast.exp'>``); bounds: each function's page "
     "and ``vecmath.spec.BOUNDS``."),
    ("deriv", "Derivatives: vecmath.deriv and the tiers' .deriv", "deriv.py", [], None),
    ("kernels", "Raw C kernels: vecmath.kernels", "kernels.py", ["call"], None),
    ("numba", "numba: vecmath.numba", "numba/__init__.py", [], None),
    ("jax", "JAX adapter: vecmath.jax", "jax.py", [], None),
    ("torch", "PyTorch adapter: vecmath.torch", "torch.py", [], None),
    ("autograd", "autograd adapter: vecmath.autograd", "autograd.py", [], None),
    ("cuda", "CUDA: vecmath.cuda", "cuda/__init__.py", [], None),
    ("spec", "The promise of every tier: vecmath.spec", "spec.py", ["bound", "deriv_bound", "peer"], None),
]
COMMANDS = [("accuracy", "Prove a bound: python -m vecmath.accuracy", "vecmath.accuracy"),
            ("golden", "Same bits here: python -m vecmath.accuracy.golden", "vecmath.accuracy.golden")]


def version():
    return vecmath.__version__


def _title(text, mark="="):
    return [text, mark * len(text), ""]


def _literal(text):
    return ["::", ""] + ["   " + line if line else "" for line in text.splitlines()] + [""]


def _defs(tree):
    return {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}


def _signature(node):
    if isinstance(node, ast.ClassDef):
        init = _defs(node).get("__init__")
        args = ast.unparse(init.args).removeprefix("self, ").removeprefix("self") if init else ""
    else:
        args = ast.unparse(node.args)
    return f"{node.name}({args})"


def module_page(title, source, names, intro, module_path):
    tree = ast.parse((PKG / source).read_text())
    lines = _title(title)
    if intro:
        lines += [intro, ""]
    lines += _literal(ast.get_docstring(tree) or "")
    defs = _defs(tree)
    for name in names:
        node = defs[name]
        lines += _title(f"{module_path}.{_signature(node)}", "-")
        lines += _literal(ast.get_docstring(node) or "(no docstring)")
    return lines


def tier_names():
    """Every tier's names, as each function's page lists them."""
    lines = _title("Names in every tier", "-")
    lines += [f"- :doc:`../functions/{fn}`: " + ", ".join(f"``{_doc.public_name(t, fn)}``" for t in spec.TIERS)
              for fn in spec.FUNCTIONS]
    lines += [""] + [f"- ``{a}`` is ``{fn}`` (NumPy's or SciPy's name), in every tier" for a, fn in spec.ALIASES.items()]
    return lines + [""]


def command_help(module):
    env = dict(os.environ, COLUMNS="100")
    r = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True, env=env, check=True)
    return r.stdout


def write(out):
    """Write every generated page under out (removed first: a page per function, no stale ones)."""
    if out.exists():
        shutil.rmtree(out)
    (out / "functions").mkdir(parents=True)
    (out / "modules").mkdir()
    for fn in spec.FUNCTIONS:
        (out / "functions" / f"{fn}.rst").write_text(_doc.function_page(fn))
    rows = [f"   * - :doc:`functions/{fn}`\n     - {_doc.rst_text(_doc.summary(fn))}\n     - {_doc.rst_text(_doc.peer_text(fn))}"
            for fn in spec.FUNCTIONS]
    (out / "functions.rst").write_text("\n".join(
        _title("Functions") + [".. list-table::", "   :header-rows: 1", "",
                               "   * - function\n     - what it is\n     - peer", *rows, "",
                               ".. toctree::", "   :hidden:", ""]
        + [f"   functions/{fn}" for fn in spec.FUNCTIONS]) + "\n")
    pages = []
    for page, title, source, names, intro in MODULES:
        module_path = "vecmath" if source == "__init__.py" else "vecmath." + source.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        lines = module_page(title, source, names, intro, module_path)
        if page in ("tiers", "deriv", "numba"):
            lines += tier_names()
        (out / "modules" / f"{page}.rst").write_text("\n".join(lines))
        pages.append(page)
    for page, title, module in COMMANDS:
        lines = _title(title) + [f"``python -m {module} --help``:", ""] + _literal(command_help(module))
        (out / "modules" / f"{page}.rst").write_text("\n".join(lines))
        pages.append(page)
    (out / "modules.rst").write_text("\n".join(
        _title("Modules and commands") + [".. toctree::", ""] + [f"   modules/{p}" for p in pages]) + "\n")
