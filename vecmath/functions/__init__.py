"""One descriptor per function: every fact about it that the rest of vecmath needs.

Each module here defines FUNCTION, a Function: its mpmath reference and exact special values, the
float64 sampling regions, the thresholds its kernels read (LIMITS), its hardest-to-round list,
its derivatives (f' for the accuracy tool, f'' for the AD rules), its alias and its peer (the
NumPy or SciPy ufunc it stands beside, or none).  The
generator, the C lists (csrc/generated/vm_functions.h), the ufunc modules, numba, CUDA, the AD
adapters, the accuracy tool, the tests and the docs all iterate over FUNCTIONS, so adding a
function is its descriptor here, its generator module (vecmath/_gen/<name>.py) and its kernel
files (csrc/kernels/<name>-inl.h, csrc/kernels/<name>_deriv-inl.h): docs/design.md, "Adding a function".

`import vecmath` reads these without importing mpmath: the mpmath parts are names and functions
that import it (or receive it) when the accuracy tool calls them.
"""
import importlib
import math
import pkgutil
from dataclasses import dataclass, field
from typing import Callable, Optional


def exact_odd_to_one(x):
    """Function.exact of an odd function that goes to +-1 (tanh, erf): f(+-0) = +-0 (the sign
    of zero kept), f(+-inf) = +-1; None elsewhere."""
    if x == 0:
        return x
    if math.isinf(x):
        return math.copysign(1.0, x)
    return None


@dataclass(frozen=True)
class Function:
    name: str
    order: int                      # position in FUNCTIONS (sampling seeds and tables use it)
    mpmath: str                     # name of mpmath.libmp's f(t, prec, rnd) on raw mpf tuples
    exact: Callable                 # x (a float) -> f(x) where it is exactly a float, else None
    specials: list                  # (x, f(x)) C99 Annex F pairs, checked bit for bit ("pi/2")
    regions: list                   # float64 sampling regions (vecmath.accuracy.sampling)
    worstcases: str                 # hardest-to-round list in vecmath/accuracy/worstcases/
    deriv: Callable                 # (mpmath, x) -> f'(x) for finite x, or None where undefined
    deriv_at_inf: tuple             # f'(-inf), f'(+inf) as floats (None: NaN)
    second: Callable                # (x, y, dy) -> f''(x) in plain arithmetic (AD rules)
    alias: Optional[str] = None     # a second name in every tier (atan: arctan, sigmoid: expit)
    # the same function elsewhere, "MODULE:ATTR" (numpy:arctan, scipy.special:expit), or None:
    # "numpy" alone means numpy.<alias or name>.  The peer ufunc lends ours its loops for the
    # dtypes vecmath does not compute (longdouble, complex, object): NumPy's at import, another
    # module's at the first call on one (csrc/ufunc_module.c); any peer is what the
    # accuracy tool, the demo, numpy.ma's domains and the tests compare against.
    peer: Optional[str] = "numpy"
    # without a ufunc peer: "MODULE:ATTR" of a NumPy expression of f (softplus: np.logaddexp(0, x)),
    # the float32 sweep's float64 reference and what the accuracy tool, demo and bench compare with
    equivalent: Optional[str] = None
    # "MODULE:ATTR" of the same function elsewhere, not a ufunc, whose own tests are run against
    # vecmath's (softplus: scipy.special:softplus, np.logaddexp underneath); by default the peer
    # (tools/scipy_special_peer.py swaps in every function whose test_peer is in scipy.special)
    test_peer: Optional[str] = None
    odd: bool = False               # f(-x) = -f(x): worst cases are tested negated too
    series: Optional[Callable] = None  # mpf tuple t -> (lo, hi) from a truncated series, or None
    limits: dict = field(default_factory=dict)   # name -> (value, why): kernel thresholds
    deriv_tails: list = field(default_factory=list)  # regions where f' needs care beyond f's
    deriv_is_value: bool = False    # f' = f (exp): the derivative kernels are the value's
    from_output: bool = False       # f' is cheap from y = f(x): <fn>_from_output kernels
    cuda_hardware: Optional[str] = None   # the PTX approximation behind vecmath.cuda.hardware
    demo_domain: tuple = (-1.0, 1.0)      # inputs of python -m vecmath's demo
    domain_lo: float = -math.inf    # f is real for x >= domain_lo (log: 0, log1p: -1)
    # test data, kept with the facts they test (as ARM's kernels keep their TEST_ lines):
    warning_probes: list = field(default_factory=list)   # inputs whose FP warnings must be NumPy's
    deriv_specials: list = field(default_factory=list)   # (x, f'(x)) exactly, every tier and dtype
    # x -> the derivative's warnings: a list of NumPy's kinds, or a function's name whose warnings
    # (at x, same tier) the derivative shares (expm1' is exp)
    deriv_warnings: dict = field(default_factory=dict)
    deriv_tail_probe: float = 1.0   # |x| far out where f' is still a normal number (+-x if odd)

    def into_domain(self, x):
        """x moved into f's real domain (|x| + domain_lo), for tests and benchmarks that want
        ordinary results; works on NumPy and dask arrays alike."""
        return x if self.domain_lo == -math.inf else abs(x) + self.domain_lo

    @property
    def peer_ref(self):
        """The peer as "MODULE:ATTR" (numpy:arctan, scipy.special:expit), or None."""
        if self.peer == "numpy":
            return f"numpy:{self.alias or self.name}"
        return self.peer

    @property
    def test_peer_ref(self):
        """What vecmath's function is swapped for to run that function's own tests: test_peer,
        else the peer ("MODULE:ATTR"), or None."""
        return self.test_peer or self.peer_ref

    @property
    def numpy(self):
        """NumPy's name for it (atan -> arctan), or None where NumPy has no such ufunc."""
        ref = self.peer_ref
        return ref.partition(":")[2] if ref and ref.startswith("numpy:") else None

    def peer_callable(self):
        """The peer itself (numpy.arctan, scipy.special.expit), or None when there is none or
        its module does not import."""
        return _load_ref(self.peer_ref)

    def equivalent_callable(self):
        """The peer, or else the NumPy expression of f (equivalent), or None."""
        return self.peer_callable() or _load_ref(self.equivalent)


def _load_ref(ref):
    """The object named by "MODULE:ATTR" (ATTR may be dotted), or None when ref is None or the
    module does not import."""
    if not ref:
        return None
    module, _, attr = ref.partition(":")
    try:
        found = importlib.import_module(module)
    except ImportError:
        return None
    for part in attr.split("."):
        found = getattr(found, part)
    return found


def _load():
    mods = [importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__)
            if not m.name.startswith("_")]
    return {f.name: f for f in sorted((m.FUNCTION for m in mods), key=lambda f: f.order)}


BY_NAME = _load()
FUNCTIONS = tuple(BY_NAME)
ALIASES = {f.alias: f.name for f in BY_NAME.values() if f.alias}


def get(name):
    """The descriptor of a function, by our name or its alias."""
    name = ALIASES.get(name, name)
    if name not in BY_NAME:
        raise ValueError(f"unknown function {name!r}; vecmath has {', '.join(FUNCTIONS)}")
    return BY_NAME[name]
