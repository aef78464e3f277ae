import pytest

from railprint.games.ticket_to_ride import route_layout


@pytest.fixture
def route_searches(monkeypatch):
    """The route searches run while the test runs (``route_layout._Search`` objects, in order),
    to read what each placed and counted."""
    searches = []
    original = route_layout._Search.run

    def run(self, passes):
        searches.append(self)
        return original(self, passes)

    monkeypatch.setattr(route_layout._Search, "run", run)
    return searches
