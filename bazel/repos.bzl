"""Repository rules for what sgemm-bench takes from the machine.

Every path here has an environment override, so a stock Bazel elsewhere works:
  CUDA_PATH        CUDA toolkit root            (default /usr/local/cuda)
  JANSSON_PREFIX   prefix holding include/jansson.h and a libjansson.a (default /usr)
  RULES_JAVA_PATH  an unpacked rules_java       (default: Debian's bazel-rules-java)
"""

def _env(ctx, name, default):
    # repository_ctx.getenv (Bazel 7.1+) also records the dependency on the variable;
    # Bazel 4.2.3 has only os.environ (the rules' `environ` lists the names there).
    if hasattr(ctx, "getenv"):
        return ctx.getenv(name, default)
    return ctx.os.environ.get(name, default)

_LOAD_CC = 'load("@rules_cc//cc:defs.bzl", "cc_library")\n'


def _cuda_toolkit_impl(ctx):
    root = _env(ctx, "CUDA_PATH", ctx.attr.default_path)
    nvcc = ctx.path(root + "/bin/nvcc")
    if not nvcc.exists:
        # Without a toolkit, what needs no CUDA (the site, the results tools) still builds;
        # anything that does fails with this message (see cuda.bzl).
        ctx.file("defs.bzl", 'CUDA_PATH = "%s"\nNVCC = None\n' % root)
        ctx.file("include/.missing", "")
        ctx.file("lib64/.missing", "")
    else:
        for sub in ["include", "lib64"]:
            ctx.symlink(root + "/" + sub, sub)
        ctx.file("defs.bzl", 'CUDA_PATH = "%s"\nNVCC = "%s"\n' % (root, nvcc))
    ctx.file("BUILD", _LOAD_CC + """
package(default_visibility = ["//visibility:public"])

cc_library(
    name = "headers",
    hdrs = glob(["include/**"]),
    includes = ["include"],
)

# Shared libraries: the driver-matched runtime and cuBLAS are found at run time through
# the loader path (rpath below, or LD_LIBRARY_PATH on the GPU machine).
cc_library(
    name = "cudart",
    linkopts = ["-L{root}/lib64", "-Wl,-rpath,{root}/lib64", "-lcudart"],
    deps = [":headers"],
)

cc_library(
    name = "cublas",
    linkopts = ["-L{root}/lib64", "-lcublas"],
    deps = [":cudart"],
)
""".format(root = root))

cuda_toolkit = repository_rule(
    implementation = _cuda_toolkit_impl,
    attrs = {"default_path": attr.string(default = "/usr/local/cuda")},
    environ = ["CUDA_PATH"],
    local = True,
)

def _system_jansson_impl(ctx):
    prefix = _env(ctx, "JANSSON_PREFIX", "/usr")
    header = ctx.path(prefix + "/include/jansson.h")
    if not header.exists:
        fail("jansson.h not found under %s/include: install libjansson-dev or set JANSSON_PREFIX." % prefix)
    archive = None
    for libdir in ["lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu", "lib64", "lib"]:
        candidate = ctx.path("%s/%s/libjansson.a" % (prefix, libdir))
        if candidate.exists:
            archive = candidate
            break
    if archive == None:
        fail("libjansson.a not found under %s: install libjansson-dev or set JANSSON_PREFIX." % prefix)
    ctx.symlink(header, "include/jansson.h")
    ctx.symlink(prefix + "/include/jansson_config.h", "include/jansson_config.h")
    ctx.symlink(archive, "lib/libjansson.a")
    ctx.file("BUILD", _LOAD_CC + """
package(default_visibility = ["//visibility:public"])

exports_files(["lib/libjansson.a", "include/jansson.h", "include/jansson_config.h"])

# Linked statically so the binaries run on GPU machines that have no Jansson.
cc_library(
    name = "jansson",
    srcs = ["lib/libjansson.a"],
    hdrs = ["include/jansson.h", "include/jansson_config.h"],
    includes = ["include"],
    linkstatic = True,
)
""")

system_jansson = repository_rule(
    implementation = _system_jansson_impl,
    environ = ["JANSSON_PREFIX"],
    local = True,
)

def _local_or_http_impl(ctx):
    local = _env(ctx, ctx.attr.env, ctx.attr.path)
    if ctx.path(local + "/WORKSPACE").exists:
        for entry in ctx.path(local).readdir():
            ctx.symlink(entry, entry.basename)
        return
    ctx.download_and_extract(
        url = ctx.attr.urls,
        sha256 = ctx.attr.sha256,
        stripPrefix = ctx.attr.strip_prefix,
    )

local_or_http_repository = repository_rule(
    doc = "A local unpacked copy when one exists (offline), else the pinned release archive.",
    implementation = _local_or_http_impl,
    attrs = {
        "env": attr.string(mandatory = True),
        "path": attr.string(mandatory = True),
        "urls": attr.string_list(mandatory = True),
        "sha256": attr.string(mandatory = True),
        "strip_prefix": attr.string(),
    },
    local = True,
)
