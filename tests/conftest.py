import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import os
from contextlib import contextmanager

import pytest

# installed fonts: none (tests never depend on what the machine has; a test that needs some
# points RAILPRINT_FONT_PATH at fonts it makes, and clears railprint.text.installed.index)
os.environ["RAILPRINT_FONT_PATH"] = ""

from tests.browser import _browser_contexts_closed, browser  # noqa: F401  (the one browser fixture of every folder)
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


def _run_folder(tmp_path_factory, name: str) -> tuple[Path, bool]:
    """A folder every test process of this run shares (the run's temporary folder: with xdist,
    the parent of each process's own), and whether a file lock guards it. Without fcntl (Windows,
    the Windows-like run) each process keeps its own folder."""
    try:
        import fcntl  # noqa: F401
    except ImportError:
        return tmp_path_factory.mktemp(name), False
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    folder.mkdir(exist_ok=True)
    return folder, True


@contextmanager
def _made_once(folder: Path, key: str, shared: bool):
    """Held while ``key`` is made or read in ``folder``: the test processes of a run take turns
    (an exclusive file lock), so the first one makes it and the others find it made."""
    if not shared:
        yield
        return
    import fcntl

    with open(folder / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="session")
def shipped_render(tmp_path_factory):
    """``render(paper)``: the folder holding ``railprint render all --paper PAPER`` of the shipped
    content, rendered once per run (the first test process to ask renders it under a file lock,
    the others read the same folder) and shared by every test that reads it back (tests must not
    write into it)."""
    from typer.testing import CliRunner

    from railprint.cli import app

    folder, shared = _run_folder(tmp_path_factory, "shipped-renders")
    made: dict = {}

    def render(paper: str = "a4"):
        if paper not in made:
            out = folder / paper
            with _made_once(folder, paper, shared):
                if not out.is_dir():
                    part = folder / f".{paper}-{os.getpid()}"
                    result = CliRunner().invoke(app, ["render", "all", "--paper", paper, "-o", str(part), "-q"])
                    assert result.exit_code == 0, result.output
                    part.rename(out)   # whole or not at all: a process that failed leaves no folder
            made[paper] = out
        return made[paper]

    return render


def _photos_once_a_run(tmp_path_factory, name: str, make):
    """``get(seed, **options)``: ``make(seed, **options)`` made once per run and shared by every
    test process and file that asks for the same one: kept as a pickle in the run's shared
    temporary folder ``name``, made under a file lock (the first process to ask makes it)."""
    import pickle

    folder, shared = _run_folder(tmp_path_factory, name)
    made: dict = {}

    def get(seed: int, **options):
        key = (seed, *sorted(options.items()))
        if key not in made:
            stem = "-".join(str(part) for part in key).replace(" ", "").replace("'", "")
            path = folder / (stem + ".pickle")
            with _made_once(folder, stem, shared):
                if path.exists():
                    made[key] = pickle.loads(path.read_bytes())
                else:
                    made[key] = make(seed, **options)
                    path.with_suffix(".part").write_bytes(pickle.dumps(made[key]))
                    path.with_suffix(".part").replace(path)
        return made[key]

    return get


@pytest.fixture(scope="session")
def screen_photo(tmp_path_factory):
    """``screen_photo(seed, **options)``: ``make_screen_photo(seed, **options)`` (a 12 MP capture,
    ~10 s of CPU), made once per run and shared by every test process and file that asks for the
    same one. (A test of the generator's own determinism makes its photo again itself.)"""
    from railprint.games.railroad_ink.photo.synth import make_screen_photo

    return _photos_once_a_run(tmp_path_factory, "screen-photos", make_screen_photo)


@pytest.fixture(scope="session")
def paper_photo(tmp_path_factory):
    """``paper_photo(seed, **options)``: ``make_photo(seed, **options)``, made once per run and
    shared like ``screen_photo``: the screen tests read the same three paper photos ~20 times
    (covered, redrawn, processed by a phone, read as they are), 0.5-1 s of CPU each to make."""
    from railprint.games.railroad_ink.photo.synth import make_photo

    return _photos_once_a_run(tmp_path_factory, "paper-photos", make_photo)


@pytest.fixture
def client(tmp_path):
    """The app on a fresh data folder, through FastAPI's test client (no socket): serve's API tests and the hostile ones."""
    from fastapi.testclient import TestClient

    from railprint.serve import make_app

    app, _, store = make_app(tmp_path / "data", "127.0.0.1")
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c
    store.close()
