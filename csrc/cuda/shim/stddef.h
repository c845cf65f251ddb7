/* NVRTC has no C library headers: this stands in for what vecmath's kernels use of it. */
#pragma once
typedef unsigned long size_t;
