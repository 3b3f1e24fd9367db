import sys
from pathlib import Path

import pytest

# The tests' helpers (reference enumerators) and the site's pure-Python modules (controllers, views).
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "site"))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (a stable sort, the rest in their order): the two workers of ``make test`` take
    work from each other's queues, so a long test that starts near the end is the whole run's tail, and
    started first it runs beside the short ones."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
