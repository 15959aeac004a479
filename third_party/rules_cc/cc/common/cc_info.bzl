"""@rules_cc//cc/common:cc_info.bzl for the offline Bazel 4.2.3 path: the built-in CcInfo."""

load("//cc/private:builtins.bzl", "BUILTIN_CC_INFO")

CcInfo = BUILTIN_CC_INFO
