"""@rules_shell//shell:sh_test.bzl for the offline Bazel 4.2.3 path: the native rule.

Bazel 8/9 users get the real rules_shell from the module registry (MODULE.bazel)."""

def sh_test(**kwargs):
    native.sh_test(**kwargs)
