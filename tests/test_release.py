"""The release: ``python -m build`` makes an sdist and a wheel; the wheel holds the code, the
shipped content, its fonts and their licence texts, railprint's licence and the version of
``railprint/__init__.py`` (the one version source, also ``railprint --version``); the sdist
builds the very same wheel. Built offline (``--no-isolation``: build and hatchling come with the
test extra); .ci/run also runs ``twine check`` on these files."""

from __future__ import annotations

import email
import os
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import railprint
from tests.hostile.common import run

ROOT = Path(__file__).resolve().parent.parent


def _build(tmp_path_factory, *args: str) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", *args, "-o", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "SOURCE_DATE_EPOCH": "1764288000"})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def release(tmp_path_factory):
    """(sdist, wheel built from that sdist, wheel built from the source tree)."""
    both = _build(tmp_path_factory)                        # sdist first, then the wheel from it
    direct = _build(tmp_path_factory, "--wheel")
    [sdist] = both.glob("*.tar.gz")
    [wheel] = both.glob("*.whl")
    [tree_wheel] = direct.glob("*.whl")
    return sdist, wheel, tree_wheel


def _members(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_version_has_one_source():
    assert run("--version").stdout == f"railprint {railprint.__version__}\n"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["hatch"]["version"]["path"] == "railprint/__init__.py"
    assert f"## [{railprint.__version__}]" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_the_wheel_holds_code_content_fonts_and_licences(release):
    _, wheel, _ = release
    assert wheel.name == f"railprint-{railprint.__version__}-py3-none-any.whl"
    members = _members(wheel)
    shipped = {p.relative_to(ROOT / "content").as_posix() for p in (ROOT / "content").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    packed = {n.removeprefix("railprint/_content/") for n in members if n.startswith("railprint/_content/")}
    assert shipped and packed == shipped
    for name in ("Semaphore-Regular.ttf", "Semaphore-Bold.ttf", "Semaphore-Italic.ttf", "OFL.txt"):
        path = f"railprint/_content/examples/signal-box/fonts/{name}"
        assert members[path] == (ROOT / "content" / "examples" / "signal-box" / "fonts" / name).read_bytes()
    assert b"SIL OPEN FONT LICENSE" in members["railprint/_content/examples/signal-box/fonts/OFL.txt"].upper()
    code = {p.relative_to(ROOT).as_posix() for p in (ROOT / "railprint").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    assert code <= set(members)
    info = f"railprint-{railprint.__version__}.dist-info"
    assert b"MIT License" in members[f"{info}/licenses/LICENSE"]
    metadata = email.message_from_bytes(members[f"{info}/METADATA"])
    assert metadata["Version"] == railprint.__version__ and metadata["Requires-Python"] == ">=3.11"
    assert any(r.startswith("platformdirs") for r in metadata.get_all("Requires-Dist"))
    # Source Sans Pro, the built-in face, comes with its own licence from its package
    assert any(r.startswith("font-source-sans-pro") for r in metadata.get_all("Requires-Dist"))
    assert b"railprint = railprint.__main__:main" in members[f"{info}/entry_points.txt"]


def test_the_sdist_builds_the_same_wheel(release):
    sdist, wheel, tree_wheel = release
    assert _members(wheel) == _members(tree_wheel)
    with tarfile.open(sdist) as archive:
        names = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "CHANGELOG.md", "LICENSE", "railprint/platform.py",
            "tests/windows_like/sitecustomize.py", "content/examples/signal-box/fonts/OFL.txt"} <= names
