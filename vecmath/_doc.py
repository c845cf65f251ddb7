"""What help(vecmath.<tier>.<fn>) says and what the API reference's pages (docs/api) list, from
the facts the tests check: each function's descriptor (vecmath/functions/<fn>.py) and
vecmath.spec's bounds.  Nobody types a bound, a domain or a special value into a docstring.

Imported by vecmath._tiers when the ufuncs are made (NumPy alone: no mpmath, no Sphinx)."""
import math
import sys

import numpy as np

from . import functions, spec

EXAMPLE_X = 0.5   # the examples' input (moved into the function's domain: log1p gets -0.5)


def summary(fn):
    """The descriptor's first sentence: "exp: e^x.", "atan (NumPy: arctan): inverse tangent."."""
    text = sys.modules[f"{functions.__name__}.{fn}"].__doc__ or fn
    return " ".join(text.split("Kernels", 1)[0].split())


def number(v):
    """A special value as the descriptors write it: nan, inf, -0.0, 1000.0, pi/2."""
    if isinstance(v, str):
        return v
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(float(v))


def ulps(b):
    """2048.0 -> '2048', 67108864.0 -> '2^26'."""
    if b >= 2 ** 16 and math.log2(b).is_integer():
        return f"2^{int(math.log2(b))}"
    return f"{b:g}"


def bound_text(tier, dtype):
    """The promise of vecmath.spec.BOUNDS for (tier, dtype), in words."""
    b = spec.BOUNDS[(tier, dtype)]
    if b == "cr":
        return "correctly rounded (<= 0.5 ULP, every input)"
    op = "<" if (tier, dtype) in spec.STRICT_BOUNDS else "<="
    return f"{op} {ulps(b)} ULP" + (" (faithful)" if b == 1.0 and op == "<=" else "")


def deriv_bound_text(tier, dtype):
    return f"<= {ulps(spec.deriv_bound(tier, dtype))} ULP"


def domain_text(fn):
    lo = functions.get(fn).domain_lo
    if lo == -math.inf:
        return "every real x"
    return f"real for x >= {number(lo)}; below it NaN (invalid), as NumPy"


def specials_text(fn, pairs=None, name=None):
    """'exp(nan) = nan, exp(inf) = inf, ...' (the pairs checked bit for bit)."""
    name = name or fn
    pairs = functions.get(fn).specials if pairs is None else pairs
    return ", ".join(f"{name}({number(x)}) = {number(y)}" for x, y in pairs)


def peer_text(fn):
    """The peer as an attribute path (numpy.exp, scipy.special.expit), or why there is none."""
    d = functions.get(fn)
    if d.peer_ref:
        return d.peer_ref.replace(":", ".")
    tested = f"; its tests are run against {d.test_peer.replace(':', '.')}" if d.test_peer else ""
    return f"none in NumPy (NumPy expression: {d.equivalent.replace(':', '.')}{tested})"


def public_name(tier, name):
    """How a user writes it: vecmath.exp (accurate) or vecmath.fast.exp."""
    return f"vecmath.{name}" if tier == "accurate" else f"vecmath.{tier}.{name}"


def deriv_name(tier, name):
    return f"vecmath.deriv.{name}" if tier == "accurate" else f"vecmath.{tier}.deriv.{name}"


def example_input(fn, dtype):
    return np.dtype(dtype).type(functions.get(fn).into_domain(EXAMPLE_X))


def example(call, uf, fn, dtypes=("float32", "float64")):
    """Doctest lines: the call and what it returns here (the same bits on every CPU path)."""
    lines = [">>> import numpy as np, vecmath"]
    with np.printoptions(legacy=False), np.errstate(all="ignore"):
        for dt in dtypes:
            x = example_input(fn, dt)
            lines += [f">>> {call}(np.{dt}({number(float(x))}))", repr(uf(x))]
    return lines


def _indent(lines, by="    "):
    return [by + line if line else line for line in lines]


def _bounds_lines(tier, text=bound_text):
    return [f"{dt:8s} {text(tier, dt)}" for dt in spec.DTYPES]


def value_doc(fn, tier, uf, signature):
    """help() of vecmath.<tier>.<fn>."""
    d = functions.get(fn)
    others = ", ".join(f"{public_name(t, fn)} ({t})" for t in spec.TIERS if t != tier)
    lines = [signature, "", f"{summary(fn)}  vecmath {tier} tier; a numpy.ufunc.", "",
             "Max error (vecmath.spec.BOUNDS):", *_indent(_bounds_lines(tier)),
             f"Domain: {domain_text(fn)}.",
             "Special values (C99 Annex F; bit for bit in every tier and dtype):",
             *_indent([specials_text(fn)]),
             f"Derivative: {deriv_name(tier, fn)} ({deriv_bound_text(tier, 'float32')} in float32 "
             f"and float64), {deriv_name(tier, fn + '_and_deriv')} (both from one evaluation)"
             + (f", {deriv_name(tier, fn + '_from_output')} (from y)" if d.from_output else "") + ".",
             f"Peer: {peer_text(fn)}." + (f"  Alias: {public_name(tier, d.alias)}." if d.alias else ""),
             f"Other tiers: {others}.", "", "Examples", "--------", *example(public_name(tier, fn), uf, fn)]
    return "\n".join(lines)


def deriv_doc(fn, tier, uf, signature):
    """help() of vecmath.<tier>.deriv.<fn>."""
    d = functions.get(fn)
    lines = [signature, "", f"The derivative of {summary(fn)}  vecmath {tier} tier; a numpy.ufunc.", "",
             "Max error (vecmath.spec.DERIV_BOUNDS):", *_indent(_bounds_lines(tier, deriv_bound_text)),
             f"Domain: {domain_text(fn)}.",
             "Special values (bit for bit in every tier and dtype):",
             *_indent([specials_text(fn, d.deriv_specials, f"{fn}'")]),
             f"With the value: {deriv_name(tier, fn + '_and_deriv')}.", "", "Examples", "--------",
             *example(deriv_name(tier, fn), uf, fn)]
    return "\n".join(lines)


def value_and_deriv_doc(fn, tier, uf, signature):
    """help() of vecmath.<tier>.deriv.<fn>_and_deriv."""
    lines = [signature, "", f"({fn}(x), {fn}'(x)) from one evaluation, vecmath {tier} tier; a "
             "numpy.ufunc with two outputs.", "",
             f"The value has the bits of {public_name(tier, fn)}; the derivative those of "
             f"{deriv_name(tier, fn)}.", "",
             "Max error, value (vecmath.spec.BOUNDS):", *_indent(_bounds_lines(tier)),
             "Max error, derivative (vecmath.spec.DERIV_BOUNDS):", *_indent(_bounds_lines(tier, deriv_bound_text)),
             f"Domain: {domain_text(fn)}.  out=(y, dy) writes into preallocated arrays.", "",
             "Examples", "--------", *example(deriv_name(tier, fn + "_and_deriv"), uf, fn, ("float64",))]
    return "\n".join(lines)


def from_output_doc(fn, uf, signature):
    """help() of vecmath.deriv.<fn>_from_output (one ufunc for every tier)."""
    lines = [signature, "", f"{fn}'(x) from y = {fn}(x) of any tier: the cheap form reverse mode "
             "wants; only as accurate as y allows.  A numpy.ufunc.", "",
             "Examples", "--------", ">>> import numpy as np, vecmath"]
    with np.printoptions(legacy=False), np.errstate(all="ignore"):
        x = example_input(fn, "float64")
        lines += [f">>> y = vecmath.{fn}(np.float64({number(float(x))}))",
                  f">>> vecmath.deriv.{fn}_from_output(y)", repr(uf(spec_ufunc(fn)(x)))]
    return "\n".join(lines)


def spec_ufunc(fn, tier="accurate"):
    from . import _ufuncs

    return getattr(_ufuncs, f"{fn}_{tier}")


def set_doc(uf, text):
    """NumPy >= 2.2 lets a ufunc's __doc__ be assigned; 2.0 and 2.1 have _add_newdoc_ufunc."""
    try:
        uf.__doc__ = text
    except (AttributeError, TypeError):
        from numpy._core import umath

        umath._add_newdoc_ufunc(uf, text)


def signature_line(uf):
    """NumPy's own first line of a ufunc's doc (its signature, made from nin and nout)."""
    line = (uf.__doc__ or uf.__name__).split("\n", 1)[0]
    return line if line.startswith("vecmath.") else "vecmath." + line


# ---- the API reference's page of a function (docs/api: reStructuredText, the same facts) ----

def _table(caption, header, rows):
    lines = [f".. list-table:: {caption}", "   :header-rows: 1", ""]
    for row in [header] + rows:
        lines.append(f"   * - {row[0]}")
        lines += [f"     - {cell}" for cell in row[1:]]
    return lines + [""]


def rst_text(text):
    """Plain text in reStructuredText: |x| and int_0 are no markup."""
    for ch in "\\*|`_":
        text = text.replace(ch, "\\" + ch)
    return text


def _code(lines):
    return [".. code-block:: pycon", ""] + _indent(lines, "   ") + [""]


# where each tier's function lives outside the ufuncs: vecmath.<backend>[.<tier>].<fn>
BACKENDS = {"numba (@njit)": "numba", "CUDA (device, GPU arrays)": "cuda", "JAX": "jax", "PyTorch": "torch",
            "autograd": "autograd"}


def backend_names(fn, tier):
    return [f"vecmath.{m}.{fn}" if tier == "accurate" else f"vecmath.{m}.{tier}.{fn}" for m in BACKENDS.values()]


def function_page(fn):
    """docs/api's page of one function: tiers and bounds, domain, specials, derivative, peer and
    examples run here (the ufuncs give the same bits on every CPU path)."""
    from . import _ufuncs

    d = functions.get(fn)
    lit = "``{}``".format
    lines = [fn, "=" * len(fn), "", rst_text(summary(fn)), ""]
    lines += _table("Tiers: max error (vecmath.spec.BOUNDS)", ["tier", "call", *spec.DTYPES],
                    [[t, lit(public_name(t, fn)), *(bound_text(t, dt) for dt in spec.DTYPES)]
                     for t in spec.TIERS])
    if d.alias:
        lines += [f"Alias: {lit(d.alias)} in every tier ({lit(public_name('accurate', d.alias))}, ...).", ""]
    lines += [f"**Domain**: {domain_text(fn)}.", ""]
    lines += _table("Special values (C99 Annex F; bit for bit in every tier and dtype)", ["x", f"{fn}(x)"],
                    [[lit(number(x)), lit(number(y))] for x, y in d.specials])
    lines += ["Derivative", "----------", ""]
    lines += _table("Derivative ufuncs: max error (vecmath.spec.DERIV_BOUNDS)",
                    ["tier", "f'(x)", "(f(x), f'(x)) from one evaluation", *spec.DTYPES],
                    [[t, lit(deriv_name(t, fn)), lit(deriv_name(t, fn + "_and_deriv")),
                      *(deriv_bound_text(t, dt) for dt in spec.DTYPES)] for t in spec.TIERS])
    if d.from_output:
        lines += [f"{lit(f'vecmath.deriv.{fn}_from_output')} gives {fn}'(x) from y = {fn}(x) of any "
                  "tier: the cheap form reverse mode wants, as accurate as y allows.", ""]
    lines += _table("Derivative special values (bit for bit in every tier and dtype)", ["x", f"{fn}'(x)"],
                    [[lit(number(x)), lit(number(y))] for x, y in d.deriv_specials])
    lines += ["The same bits elsewhere", "-----------------------", ""]
    lines += _table("Each tier's function in the other layers (numba, CUDA, the AD adapters)",
                    ["tier", *BACKENDS], [[t, *(lit(n) for n in backend_names(fn, t))] for t in spec.TIERS])
    if d.cuda_hardware:
        lines += [f"``vecmath.cuda.hardware.{fn}``: the GPU's own ``{d.cuda_hardware}`` (float32; not "
                  "the CPU's bits).", ""]
    lines += ["Peer", "----", "", f"{rst_text(peer_text(fn))}.", ""]
    if d.peer_ref:
        when = ("at import" if d.peer_ref.startswith("numpy:")
                else "at the first call on such a dtype, where it is installed")
        lines += ["Its loops serve the dtypes vecmath does not compute (longdouble, complex, object) "
                  f"that it has: vecmath's ufunc takes them {when} (csrc/ufunc_module.c).", ""]
    lines += ["Examples", "--------", ""]
    ex = []
    for t in spec.TIERS:
        ex += example(public_name(t, fn), getattr(_ufuncs, f"{fn}_{t}"), fn)[(1 if ex else 0):]
    ex += example(deriv_name("accurate", fn + "_and_deriv"), getattr(_ufuncs, f"{fn}_accurate_vd"), fn,
                  ("float64",))[1:]
    lines += _code(ex)
    lines += [f"``help({public_name('fast', fn)})`` says the same in brief.", ""]
    return "\n".join(lines)
