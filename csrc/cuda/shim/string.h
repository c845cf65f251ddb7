/* NVRTC has no C library headers: memcpy is built into device code. */
#pragma once
