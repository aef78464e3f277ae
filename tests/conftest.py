import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import os

import pytest

# installed fonts: none (tests never depend on what the machine has; a test that needs some
# points RAILPRINT_FONT_PATH at fonts it makes, and clears railprint.text.installed.index)
os.environ["RAILPRINT_FONT_PATH"] = ""

from tests.browser import browser  # noqa: F401  (the one browser fixture of every folder)
from tests.helpers import LONG_TESTS, quick_count


def pytest_collection_modifyitems(config, items):
    if LONG_TESTS:
        return
    from hypothesis import settings

    done = set()
    for item in items:
        test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))  # methods too
        current = getattr(test, "_hypothesis_internal_use_settings", None)
        if current is None or id(test) in done:
            continue
        done.add(id(test))
        test._hypothesis_internal_use_settings = settings(current, max_examples=quick_count(current.max_examples))


@pytest.fixture(autouse=True)
def _no_user_content_layers():
    """``--content`` folders are process state (the CLI sets them): every test starts without."""
    from railprint.loading.resources import use_content

    use_content([])
    yield
    use_content([])


_RENDERS: dict = {}


@pytest.fixture(scope="session")
def shipped_render(tmp_path_factory):
    """``render(paper)``: the folder holding ``railprint render all --paper PAPER`` of the shipped
    content, rendered once per test process and shared by every test that reads it back
    (tests must not write into it)."""
    from typer.testing import CliRunner

    from railprint.cli import app

    def render(paper: str = "a4"):
        if paper not in _RENDERS:
            out = tmp_path_factory.mktemp(f"shipped-{paper}")
            result = CliRunner().invoke(app, ["render", "all", "--paper", paper, "-o", str(out), "-q"])
            assert result.exit_code == 0, result.output
            _RENDERS[paper] = out
        return _RENDERS[paper]

    return render



@pytest.fixture(scope="session")
def screen_photo(tmp_path_factory):
    """``screen_photo(seed, **options)``: ``make_screen_photo(seed, **options)`` (a 12 MP capture,
    ~12 s of CPU), made once per run and shared by every test process and file that asks for the
    same one: kept as a pickle in the run's shared temporary folder, made under a file lock."""
    import fcntl
    import pickle

    from railprint.games.railroad_ink.photo.synth import make_screen_photo

    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "screen-photos"
    folder.mkdir(exist_ok=True)
    made: dict = {}

    def get(seed: int, **options):
        key = (seed, *sorted(options.items()))
        if key not in made:
            path = folder / ("-".join(str(part) for part in key).replace(" ", "").replace("'", "") + ".pickle")
            with open(path.with_suffix(".lock"), "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if path.exists():
                    made[key] = pickle.loads(path.read_bytes())
                else:
                    made[key] = make_screen_photo(seed, **options)
                    path.with_suffix(".part").write_bytes(pickle.dumps(made[key]))
                    path.with_suffix(".part").replace(path)
        return made[key]

    return get
