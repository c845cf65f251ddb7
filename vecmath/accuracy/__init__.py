"""Accuracy tooling of vecmath: correctly rounded mpmath references, ULP errors, exhaustive
float16/float32 sweeps, float64 sampling and special values, for any callable.

Run `python -m vecmath.accuracy --help`.  Nothing here imports vecmath's compiled ufuncs until a
tier is asked for.
"""
