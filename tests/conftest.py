import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_configure(config):
    """Tests never read or fill the user's cache (railprint.cache): a fresh one per run."""
    import os
    import tempfile

    os.environ["RAILPRINT_CACHE_DIR"] = tempfile.mkdtemp(prefix="railprint-test-cache-")
