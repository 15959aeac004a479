"""@rules_shell//shell:sh_binary.bzl for the offline Bazel 4.2.3 path: the native rule.

Bazel 8/9 users get the real rules_shell from the module registry (MODULE.bazel)."""

def sh_binary(**kwargs):
    native.sh_binary(**kwargs)
