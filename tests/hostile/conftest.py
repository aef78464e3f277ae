"""Fixtures shared by the hostile-input tests."""

import signal

import pytest


@pytest.fixture
def alarm():
    """Fail instead of hanging forever."""
    def boom(*_):
        raise TimeoutError("blocked")
    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)
