# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""The package's build backend: meson-python's, behind a check that it is there.

pip runs the build backend with the interpreter it installs for. When that interpreter lacks
meson-python (a pyenv or conda Python, with --no-build-isolation), importing ``mesonpy`` fails
and pip prints a 40-line traceback; this prints one line that says what to do instead.
"""
import sys

try:
    import mesonpy as _mesonpy
except ImportError:
    sys.stderr.write(
        "toolcall: %s has no meson-python, which builds this package: use Debian's /usr/bin/python3 "
        "(apt-get install python3-mesonpy), or run `%s -m pip install meson-python` first\n"
        % (sys.executable, sys.executable)
    )
    raise SystemExit(1)

build_sdist = _mesonpy.build_sdist
build_wheel = _mesonpy.build_wheel
get_requires_for_build_sdist = _mesonpy.get_requires_for_build_sdist
get_requires_for_build_wheel = _mesonpy.get_requires_for_build_wheel
if hasattr(_mesonpy, "build_editable"):
    build_editable = _mesonpy.build_editable
    get_requires_for_build_editable = _mesonpy.get_requires_for_build_editable
