"""Bazel 4.x's built-in C++ provider, under a name cc_info.bzl can re-export."""

BUILTIN_CC_INFO = CcInfo
