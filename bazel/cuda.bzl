"""cuda_library: compile C-style .cu files with nvcc and wrap the objects as a cc_library.

For each foo.cu it also emits, for tests and for reading:
  foo.sm<arch>.ptx      the PTX for each architecture in CUDA_ARCHS
  foo.ptxas.txt         ptxas -v: registers, shared memory, spills, per kernel and arch
"""

load("@cuda//:defs.bzl", "NVCC")
load("//bazel:copts.bzl", "CUDA_ARCHS", "PTX_ARCH")

NVCC_FLAGS = [
    "-std=c++17",
    "-O3",
    "-lineinfo",
    "--expt-relaxed-constexpr",
    "-Xcompiler=-fPIC",
    "-Werror=all-warnings",
]

def _gencode(archs, ptx):
    flags = ["-gencode=arch=compute_%s,code=sm_%s" % (a, a) for a in archs]
    if ptx:
        flags.append("-gencode=arch=compute_%s,code=compute_%s" % (PTX_ARCH, PTX_ARCH))
    return " ".join(flags)

_NO_NVCC = ("echo 'CUDA toolkit not found: install it or set CUDA_PATH to its root " +
            "(the site and the results tools build without it)' >&2; exit 1")

def cuda_library(name, srcs, hdrs = [], copts = [], deps = [], archs = CUDA_ARCHS, ptx = True,
                 visibility = None, testonly = False):
    """One object per .cu; hdrs are available to every .cu and exported to dependents.

    archs: SASS targets (default: CUDA_ARCHS); ptx: also embed compute_PTX_ARCH PTX.
    """
    objs = []
    extra = " ".join(NVCC_FLAGS + copts)
    for src in srcs:
        # A label from another package ("//kernels:x.cu") builds here as "<name>_x".
        base = src.split(":")[-1].split("/")[-1][:-len(".cu")]
        stem = base if src == base + ".cu" else name + "_" + base
        obj = stem + ".o"
        report = stem + ".ptxas.txt"
        native.genrule(
            name = stem + "_nvcc",
            srcs = [src] + hdrs,
            outs = [obj, report],
            cmd = _NO_NVCC if not NVCC else ("set -o pipefail; {nvcc} {extra} {gencode} -I. -Xptxas=-v -c $(location {src}) " +
                   "-o $(location {obj}) 2>&1 | tee $(location {report}) >&2").format(
                nvcc = NVCC,
                extra = extra,
                gencode = _gencode(archs, ptx),
                src = src,
                obj = obj,
                report = report,
            ),
            message = "nvcc " + src,
            testonly = testonly,
        )
        for arch in archs:
            ptx = "%s.sm%s.ptx" % (stem, arch)
            native.genrule(
                name = "%s_ptx_sm%s" % (stem, arch),
                srcs = [src] + hdrs,
                outs = [ptx],
                cmd = _NO_NVCC if not NVCC else "{nvcc} {extra} -I. -arch=compute_{arch} -ptx $(location {src}) -o $@".format(
                    nvcc = NVCC,
                    extra = extra,
                    arch = arch,
                    src = src,
                ),
                message = "nvcc -ptx sm_%s %s" % (arch, src),
                testonly = testonly,
            )
        objs.append(obj)
    native.cc_library(
        name = name,
        srcs = objs,
        hdrs = hdrs,
        deps = deps + ["@cuda//:cudart"],
        alwayslink = True,
        visibility = visibility,
        testonly = testonly,
    )
