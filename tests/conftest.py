import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest


@pytest.fixture(autouse=True)
def _no_user_content_layers():
    """``--content`` folders are process state (the CLI sets them): every test starts without."""
    from railprint.loading.resources import use_content

    use_content([])
    yield
    use_content([])
