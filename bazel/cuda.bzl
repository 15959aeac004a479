"""cuda_library: compile C-style .cu files with nvcc and wrap the objects as a cc_library.

For each foo.cu it also emits, for tests and for reading:
  foo.sm<arch>.ptx      the PTX for each architecture in `archs`
  foo.ptxas.txt         ptxas -v: registers, shared memory, spills, per kernel and arch

Hermetic actions:
  - every nvcc action gets its own temporary directory (nvcc names its temporary files
    after the process id, and every sandboxed action runs as PID 2: a shared /tmp makes
    concurrent actions overwrite each other's files);
  - no -lineinfo by default: it embeds the absolute source path (the sandbox's), so PTX
    would differ between checkouts. `--define=nvcc_lineinfo=1` turns it on for profiling
    with source correlation (ncu), at the price of reproducibility;
  - nvcc sees the .cu, this target's hdrs and the headers of the main repository that
    its deps export (CUDA's own headers come from nvcc's installation).
"""

load("@cuda//:defs.bzl", "NVCC")
load("@rules_cc//cc:defs.bzl", "cc_library")
load("@rules_cc//cc/common:cc_info.bzl", "CcInfo")
load("//bazel:copts.bzl", "CUDA_ARCHS", "PTX_ARCH")

NVCC_FLAGS = [
    "-std=c++17",
    "-O3",
    "--expt-relaxed-constexpr",
    "-Xcompiler=-fPIC",
    "-Werror=all-warnings",
]

_NO_NVCC = ("echo 'CUDA toolkit not found: install it or set CUDA_PATH to its root " +
            "(the site and the results tools build without it)' >&2; exit 1")

# A private temporary directory for this action, removed when the action ends.
_TMP = 'tmp=$(mktemp -d "${TMPDIR:-/tmp}/nvcc.XXXXXXXX") && trap \'rm -rf "$tmp"\' EXIT && export TMPDIR="$tmp" && '

def _gencode(archs, ptx):
    flags = ["-gencode=arch=compute_%s,code=sm_%s" % (a, a) for a in archs]
    if ptx:
        flags.append("-gencode=arch=compute_%s,code=compute_%s" % (PTX_ARCH, PTX_ARCH))
    return flags

def _own_headers(deps):
    """Headers of the main repository exported by deps (CUDA's come from nvcc itself)."""
    sets = [d[CcInfo].compilation_context.headers for d in deps if CcInfo in d]
    return [h for h in depset(transitive = sets).to_list() if h.owner.workspace_root == ""]

def _run_nvcc(ctx, inputs, outputs, args, mnemonic, message):
    ctx.actions.run_shell(
        inputs = inputs,
        outputs = outputs,
        command = _NO_NVCC if not NVCC else _TMP + " ".join([NVCC] + args),
        mnemonic = mnemonic,
        progress_message = message,
        use_default_shell_env = True,
    )

def _nvcc_compile_impl(ctx):
    src = ctx.file.src
    inputs = [src] + ctx.files.hdrs + _own_headers(ctx.attr.deps)
    # The kernels' minimum compute capability starts at the lowest architecture compiled.
    min_cc = min([int(a.rstrip("a")) for a in ctx.attr.archs])  # "90a": 90
    flags = NVCC_FLAGS + ctx.attr.copts + ["-I.", "-DSGEMM_MIN_ARCH_CC=%d" % min_cc]
    if ctx.var.get("nvcc_lineinfo") == "1":
        flags.append("-lineinfo")
    obj, report = ctx.outputs.obj, ctx.outputs.report

    # ptxas -v goes to the report alone: the build log stays readable.
    _run_nvcc(
        ctx,
        inputs,
        [obj, report],
        flags + _gencode(ctx.attr.archs, ctx.attr.ptx) +
        ["-Xptxas=-v", "-c", src.path, "-o", obj.path, ">", report.path, "2>&1",
         "||", "{ cat", report.path, ">&2; exit 1; }"],
        "Nvcc",
        "nvcc %s" % src.short_path,
    )
    for arch, out in zip(ctx.attr.archs, ctx.outputs.ptx_files):
        _run_nvcc(
            ctx,
            inputs,
            [out],
            flags + ["-arch=compute_%s" % arch, "-ptx", src.path, "-o", out.path],
            "NvccPtx",
            "nvcc -ptx sm_%s %s" % (arch, src.short_path),
        )
    return [DefaultInfo(files = depset([obj]))]

_nvcc_compile = rule(
    implementation = _nvcc_compile_impl,
    attrs = {
        "src": attr.label(allow_single_file = [".cu"], mandatory = True),
        "hdrs": attr.label_list(allow_files = True),
        "deps": attr.label_list(providers = [CcInfo]),
        "copts": attr.string_list(),
        "archs": attr.string_list(mandatory = True),
        "ptx": attr.bool(default = True),
        "obj": attr.output(mandatory = True),
        "report": attr.output(mandatory = True),
        "ptx_files": attr.output_list(),
    },
)

def cuda_library(name, srcs, hdrs = [], copts = [], deps = [], archs = CUDA_ARCHS, ptx = True,
                 visibility = None, testonly = False):
    """One object per .cu; hdrs are available to every .cu and exported to dependents.

    archs: SASS targets (default: CUDA_ARCHS); ptx: also embed compute_PTX_ARCH PTX.
    deps: cc_library targets whose headers the .cu files include.
    """
    objs = []
    for src in srcs:
        # A label from another package ("//kernels:x.cu") builds here as "<name>_x".
        base = src.split(":")[-1].split("/")[-1][:-len(".cu")]
        stem = base if src == base + ".cu" else name + "_" + base
        _nvcc_compile(
            name = stem + "_nvcc",
            src = src,
            hdrs = hdrs,
            deps = deps,
            copts = copts,
            archs = archs,
            ptx = ptx,
            obj = stem + ".o",
            report = stem + ".ptxas.txt",
            ptx_files = ["%s.sm%s.ptx" % (stem, arch) for arch in archs],
            testonly = testonly,
        )
        objs.append(stem + ".o")
    cc_library(
        name = name,
        srcs = objs,
        hdrs = hdrs,
        deps = deps + ["@cuda//:cudart"],
        alwayslink = True,
        visibility = visibility,
        testonly = testonly,
    )
