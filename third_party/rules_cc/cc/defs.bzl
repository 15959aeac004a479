"""@rules_cc//cc:defs.bzl for the offline Bazel 4.2.3 path: forwards to the native rules.

Bazel 8/9 users get the real rules_cc from the module registry (MODULE.bazel), which has
the same load paths; only the names sgemm-bench loads are forwarded here.
"""

def cc_binary(**kwargs):
    native.cc_binary(**kwargs)

def cc_library(**kwargs):
    native.cc_library(**kwargs)

def cc_test(**kwargs):
    native.cc_test(**kwargs)

# Bazel 4.2.3's own @bazel_tools//tools/cpp loads these from @rules_cc.
def cc_import(**kwargs):
    native.cc_import(**kwargs)

def cc_toolchain(**kwargs):
    native.cc_toolchain(**kwargs)

def cc_toolchain_suite(**kwargs):
    native.cc_toolchain_suite(**kwargs)

def objc_library(**kwargs):
    native.objc_library(**kwargs)

def objc_import(**kwargs):
    native.objc_import(**kwargs)
