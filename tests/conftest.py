import sys
from pathlib import Path

# The tests' helpers (reference enumerators) and the site's pure-Python modules (controllers, views).
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "site"))
