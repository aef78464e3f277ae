"""Start-up of ``railprint render``: what it leaves unimported, and that skipping it changes nothing.

pydantic's plugin loader imports importlib.metadata (with email, csv, zipfile) to look for
``pydantic`` entry points; when no installed distribution declares one, ``railprint.console``
puts a stand-in loader that finds none in its place (:func:`railprint.console.without_pydantic_plugin_loader`).
A declared plugin is still found and called by pydantic itself.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from railprint import registry

REPORT = ("import atexit, sys\n"
          "def report():\n"
          "    from railprint.model.deck import DeckSpec\n"
          "    loaded = sorted(m for m in ('importlib.metadata', 'importlib.resources', 'email', 'zipfile', "
          "'tempfile') if m in sys.modules)\n"
          "    loader = (sys.modules.get('pydantic.plugin._loader').__doc__ or '').startswith(\"railprint's stand-in\")\n"
          "    sys.stderr.write(f'\\nVALIDATOR {type(DeckSpec.__pydantic_validator__).__name__} LOADED {loaded}'\n"
          "                     f' STAND-IN {loader} UNISEG {\"uniseg\" in sys.modules}\\n')\n"
          "atexit.register(report)\n"
          "from railprint.__main__ import main\nsys.argv[0] = 'railprint'\nmain()\n")


def _render(tmp_path: Path, env: dict[str, str] | None = None) -> tuple[str, dict[str, bytes]]:
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-c", REPORT, "render", "allers-trains", "-q", "-o", str(out)],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stderr, {p.name: p.read_bytes() for p in sorted(out.rglob("*.pdf"))}


def _dist(site: Path, name: str, entry_points: str) -> None:
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


def test_declares_reads_every_group_of_every_distribution_on_the_path(tmp_path, monkeypatch):
    _dist(tmp_path, "probe_a", "[console_scripts]\nprobe = probe_a:main\n\n[pydantic]\nprobe = probe_a:plugin\n")
    _dist(tmp_path, "probe_b", "# a comment\n[railprint.games]\nprobe-game = probe_b:GAME\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    registry.games.cache_clear()
    try:
        assert registry.declares("pydantic") is True and registry.declares("console_scripts") is True
        assert registry.declares("no.such.group") is False
        assert [(e.name, e.value) for e in registry._entry_points()] == [("probe-game", "probe_b:GAME")]
        zipped = tmp_path / "lib.zip"
        zipped.write_bytes(b"PK\x05\x06" + bytes(18))
        monkeypatch.setattr(sys, "path", [str(zipped), str(tmp_path)])
        assert registry.declares("pydantic") is None   # only importlib.metadata reads a zip
    finally:
        monkeypatch.undo()
        registry.games.cache_clear()


def test_a_render_with_no_pydantic_plugin_declared_imports_no_plugin_loader(tmp_path):
    err, files = _render(tmp_path)
    assert files
    report = err.rsplit("VALIDATOR ", 1)[1]
    loaded, rest = report.split(" STAND-IN ")
    assert rest.split()[0] == "True"   # pydantic's own plugin loader was never imported
    if rest.split()[2] == "False":
        assert loaded.split() == ["SchemaValidator", "LOADED", "['tempfile']"]  # reportlab's
    else:
        # uniseg (text/breaking.py: a word the fast paths do not answer, such as "2-player")
        # imports importlib.metadata itself (~20 ms); the validator is still pydantic's plain one
        assert loaded.split()[:2] == ["SchemaValidator", "LOADED"]


@pytest.mark.skipif(registry.declares("pydantic") is not False, reason="a pydantic plugin is installed here")
def test_a_declared_pydantic_plugin_is_still_loaded_and_called_by_pydantic(tmp_path):
    import os

    site = tmp_path / "site"
    site.mkdir()
    (site / "probe_plugin.py").write_text(
        "import sys\n"
        "class Plugin:\n"
        "    def new_schema_validator(self, schema, schema_type, path, kind, config, settings):\n"
        "        sys.stderr.write(f'PLUGIN {path.name}\\n')\n"
        "        return None, None, None\n"
        "plugin = Plugin()\n", encoding="utf-8")
    _dist(site, "probe_plugin", "[pydantic]\nprobe = probe_plugin:plugin\n")
    (tmp_path / "plain").mkdir()
    plain_err, plain = _render(tmp_path / "plain")
    err, files = _render(tmp_path, env=dict(os.environ, PYTHONPATH=str(site)))
    assert "PLUGIN DeckSpec" in err and "PLUGIN" not in plain_err
    assert err.rsplit("VALIDATOR ", 1)[1].split()[0] == "PluggableSchemaValidator"
    assert files == plain   # the plugin watches; the output is the same


def test_the_stand_in_loader_hands_any_other_name_to_pydantic_s_own(monkeypatch):
    """A newer pydantic importing another name from its loader gets the real one, not an
    ImportError from the stand-in."""
    import sys

    from railprint import console

    name = "pydantic.plugin._loader"
    monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(registry, "declares", lambda group: False)
    console.without_pydantic_plugin_loader()
    stand_in = sys.modules[name]
    assert list(stand_in.get_plugins()) == []
    from pydantic.plugin._loader import _loading_plugins   # not in the stand-in

    assert _loading_plugins is False
    assert sys.modules[name] is not stand_in   # the real loader took its place
