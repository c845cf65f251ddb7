"""Entries in the tables other libraries keep per ufunc, so vecmath's ufuncs behave there as
NumPy's do:

- numpy.ma keeps a domain and a fill value per ufunc (numpy.ma.core.ufunc_domain/ufunc_fills):
  np.log(masked) masks x <= 0 instead of returning -inf/nan.  Ours get NumPy's entries, the
  derivatives those of their function.
- dask.array handles a ufunc with two outputs by looking its __name__ up in dask.array.ufunc:
  each fused <fn>_and_deriv gets a lazy blockwise entry there (its name is unique per tier).
- threadpoolctl finds thread pools through controllers: vecmath's pool gets one, so
  `threadpool_limits(1)` limits vecmath too.

Each registration runs once both vecmath and the library are imported, in either order, so
`import vecmath` imports neither library.
"""
import importlib.machinery
import sys

from . import spec


def _all_ufuncs():
    """(ufunc, its function's name, two outputs?) for every tier and derivative."""
    from . import accurate, approx, fast

    seen = set()
    for mod in (accurate, fast, approx):
        for fn in spec.FUNCTIONS:
            for uf in (getattr(mod, fn), getattr(mod.deriv, fn), getattr(mod.deriv, fn + "_and_deriv"),
                       getattr(mod.deriv, fn + "_from_output", None)):
                if uf is not None and uf not in seen:
                    seen.add(uf)
                    yield uf, fn, uf.nout == 2


def register_numpy_ma(ma_core):
    for uf, fn, _ in _all_ufuncs():
        np_name = spec.numpy_name(fn)           # the domain of the function's NumPy peer, if any
        np_uf = getattr(sys.modules["numpy"], np_name) if np_name else None
        if np_uf is not None and np_uf in ma_core.ufunc_domain:
            ma_core.ufunc_domain[uf] = ma_core.ufunc_domain[np_uf]
            ma_core.ufunc_fills[uf] = ma_core.ufunc_fills[np_uf]


def register_dask(dask_ufunc_module):
    for uf, _, two in _all_ufuncs():
        if two:
            setattr(dask_ufunc_module, uf.__name__, _DaskTwoOutputs(uf))


class _DaskTwoOutputs:
    """uf(dask_array) -> (dask_array, dask_array), lazily, block by block."""

    def __init__(self, uf):
        self.uf = uf

    def __call__(self, x, **kwargs):
        import dask.array as da

        if kwargs:
            raise TypeError(f"{self.uf.__name__} on dask arrays takes no keyword arguments, got "
                            f"{', '.join(kwargs)}")
        return da.apply_gufunc(self.uf, "()->(),()", x)


_DELETED = " (deleted)"


def register_threadpoolctl(threadpoolctl):
    class VecmathController(threadpoolctl.LibController):
        """vecmath's thread pool, found as the ufunc extension (it exports the symbols)."""
        user_api = internal_api = "vecmath"
        filename_prefixes = ("_ufuncs",)
        check_symbols = ("vecmath_get_num_threads", "vecmath_set_num_threads")

        def __init__(self, *, filepath=None, prefix=None, parent=None):
            # threadpoolctl >= 3.8 lists a process's libraries from /proc/self/maps, which names
            # one whose file was replaced or removed on disk since it was loaded (a rebuild of
            # the extension, a reinstall of vecmath while the process runs) "<path> (deleted)".
            # No file has that name, so opening it failed and threadpoolctl lost vecmath's pool;
            # under the name it was loaded by, dlopen(RTLD_NOLOAD) finds the loaded library
            # whatever is on disk now.
            if filepath and filepath.endswith(_DELETED):
                filepath = filepath[:-len(_DELETED)]
            super().__init__(filepath=filepath, prefix=prefix, parent=parent)

        def get_num_threads(self):
            return self.dynlib.vecmath_get_num_threads()

        def set_num_threads(self, num_threads):
            self.dynlib.vecmath_set_num_threads(int(num_threads))

        def get_version(self):
            from . import __version__
            return __version__

    threadpoolctl.register(VecmathController)


class _AfterImport:
    """A sys.meta_path finder that runs a callback right after a module is first executed."""

    def __init__(self):
        self.pending = {}

    def find_spec(self, name, path, target=None):
        callback = self.pending.pop(name, None)
        if callback is None:
            return None
        found = importlib.machinery.PathFinder.find_spec(name, path, target)
        if found is None or not hasattr(found.loader, "exec_module"):
            return found
        exec_module = found.loader.exec_module

        def exec_then_register(module):
            exec_module(module)
            callback(module)

        found.loader.exec_module = exec_then_register
        return found


_HOOKS = {"numpy.ma.core": register_numpy_ma, "dask.array.ufunc": register_dask,
          "threadpoolctl": register_threadpoolctl}


def install():
    finder = _AfterImport()
    for name, callback in _HOOKS.items():
        if name in sys.modules:
            callback(sys.modules[name])
        else:
            finder.pending[name] = callback
    if finder.pending:
        sys.meta_path.insert(0, finder)
