# toolcall - parse tool calls from LLM output
# SPDX-FileCopyrightText: 2026 toolcall authors
# SPDX-License-Identifier: MIT
"""The README's install path: pip builds the package with meson-python, offline and without
build isolation, from a copy of python/ and include/ (as in a fresh clone), into a directory
that is then the only place `toolcall` can be imported from."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import PYTHON_DIR, REPO

ISSUE_ONE_LINER = (
    "import toolcall; "
    "print(toolcall.parse('<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>').tool_calls[0].name); "
    "print(toolcall.__file__)"
)


def test_pip_installed_package_imports_alone(tmp_path):
    pytest.importorskip("mesonpy", reason="meson-python (Debian: python3-mesonpy) is needed to build the package")
    pytest.importorskip("pip", reason="pip (Debian: python3-pip) is needed to install the package")
    clone = tmp_path / "clone"
    shutil.copytree(
        PYTHON_DIR, clone / "python", ignore=shutil.ignore_patterns("build*", ".mesonpy*", "__pycache__", ".pytest_cache")
    )
    shutil.copytree(REPO / "include", clone / "include")
    site = tmp_path / "site"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PIP_INDEX_URL")}
    env["PIP_NO_INDEX"] = "1"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--no-deps", "--no-cache-dir",
         "--disable-pip-version-check", "--target", str(site), str(clone / "python")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout[-4000:] + build.stderr[-4000:]
    pkg = site / "toolcall"
    for name in ("__init__.py", "_core.pyi", "py.typed"):
        assert (pkg / name).is_file(), name
    assert list(pkg.glob("_core*.so")) or list(pkg.glob("_core*.pyd"))

    env["PYTHONPATH"] = str(site)
    run = subprocess.run(
        [sys.executable, "-c", ISSUE_ONE_LINER], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    name, where = run.stdout.split()
    assert name == "f"
    assert where.startswith(str(site))


def test_a_python_without_meson_python_gets_one_line_saying_which_to_use():
    # pip imports the build backend (backend/toolcall_build.py) in the interpreter it
    # installs for; here that interpreter cannot import mesonpy
    hide = "import sys; sys.modules['mesonpy'] = None; sys.path.insert(0, sys.argv[1]); import toolcall_build"
    run = subprocess.run(
        [sys.executable, "-c", hide, str(PYTHON_DIR / "backend")], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 1
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("toolcall: " + sys.executable + " has no meson-python")
    assert "/usr/bin/python3" in lines[0] and "python3-mesonpy" in lines[0]
    assert "pip install meson-python" in lines[0]


def test_the_build_backend_is_meson_python_when_it_is_there():
    mesonpy = pytest.importorskip("mesonpy", reason="meson-python (Debian: python3-mesonpy) is not installed")
    sys.path.insert(0, str(PYTHON_DIR / "backend"))
    try:
        import toolcall_build
    finally:
        sys.path.pop(0)
    for hook in ("build_wheel", "build_sdist", "get_requires_for_build_wheel", "get_requires_for_build_sdist"):
        assert getattr(toolcall_build, hook) is getattr(mesonpy, hook)
