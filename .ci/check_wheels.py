"""Every dependency of railprint (with what it depends on in turn) has a wheel for Windows
(win_amd64) and for macOS on Apple silicon (arm64), so ``pip install railprint`` there never
needs a compiler; so has every package of the ``photo`` extra (OpenCV, NumPy, pillow-heif: ``pip
install 'railprint[photo]'``). Run by .ci/run; needs the network (the package index).

    python .ci/check_wheels.py [--python-version 3.11]

For each system, one ``pip download --only-binary=:all: --platform … --python-version …`` of
the project's dependencies resolves the whole tree as pip would there (pure-Python wheels count)
and fails naming the package that has no wheel. pip evaluates environment markers for this
machine, so a dependency only Windows pulls in (click's ``colorama; platform_system ==
"Windows"``) is checked by name in EXTRA instead.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from packaging.markers import Marker

ROOT = Path(__file__).resolve().parent.parent
SYSTEMS = {"Windows (win_amd64)": ["win_amd64"],
           "macOS (arm64)": ["macosx_14_0_arm64"]}   # also accepts 11.0–13.x and universal2 wheels
MARKERS = {"Windows (win_amd64)": {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt"},
           "macOS (arm64)": {"sys_platform": "darwin", "platform_system": "Darwin", "os_name": "posix"}}
"""A dependency with an environment marker (uvloop: not on Windows) is checked only for the
systems whose marker holds."""
EXTRA = {"Windows (win_amd64)": ["colorama"]}        # pulled in only on Windows (click)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python-version", default="3.11")
    args = parser.parse_args()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    failed = []
    for system, platforms in SYSTEMS.items():
        wanted = project["dependencies"] + project["optional-dependencies"]["photo"]
        requirements = [r.split(";")[0].strip() for r in wanted
                        if ";" not in r or Marker(r.split(";", 1)[1]).evaluate(MARKERS[system])]
        with tempfile.TemporaryDirectory() as folder:
            command = [sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:", "--python-version",
                       args.python_version, "--disable-pip-version-check", "-d", folder]
            for tag in platforms:
                command += ["--platform", tag]
            done = subprocess.run(command + requirements + EXTRA.get(system, []), capture_output=True, text=True)
            wheels = sorted(p.name for p in Path(folder).iterdir())
        if done.returncode != 0 or any(not name.endswith(".whl") for name in wheels):
            reason = [line for line in done.stderr.splitlines() if line.startswith("ERROR")] or [done.stderr[-2000:]]
            failed.append(f"{system}: " + " / ".join(reason))
            continue
        native = [w for w in wheels if not w.endswith("-none-any.whl")]
        print(f"{system}, Python {args.python_version}: {len(wheels)} wheels ({len(native)} compiled: "
              f"{', '.join(w.split('-')[0] for w in native)})")
    for problem in failed:
        print(f"no wheel: {problem}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
