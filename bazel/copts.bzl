"""Compiler flags shared by every C target (host code is C11)."""

COPTS = [
    "-std=c11",
    "-D_POSIX_C_SOURCE=200809L",
    "-Wall",
    "-Wextra",
    "-Wshadow",
    "-Wstrict-prototypes",
    "-Werror",
    "-Wno-format-truncation",  # snprintf truncation is how bounded buffers are meant to work
]

# nvcc targets: sm_80 (A100, the seeds' GPU) and sm_90 (H100/H200) machine code, plus
# compute_90 PTX so newer GPUs can JIT the kernels.
CUDA_ARCHS = ["80", "90"]
PTX_ARCH = "90"
