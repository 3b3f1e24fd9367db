"""The page's one Python worker: install the engine and the site's Python, then run the page.

Started by ``host.js`` (polyscript's ``XWorker``, PyScript's worker layer) on every page, with Pyodide
from ``pyodide/lab.mjs`` (a fresh start, or a restored saved one).  ``start`` gets
the page's initial state as JSON and the engine wheel and ``lab.zip`` (the
site's Python modules) as bytes the main thread fetched while Pyodide booted;
it unpacks both into site-packages (no micropip, no second request), imports the
page's module and calls its ``start()``.  ``dispatch`` delivers a DOM event to
the handler the page registered (``glue/remote.py``: the page's ``lab.pagelink.PageLink``).
"""

import json

import pyodide_js
from polyscript import xworker


def _unpack(buffer, fmt: str) -> None:
    import site
    import js
    from pyodide.ffi import to_js
    target = site.getsitepackages()[0]
    options = to_js({"extractDir": target}, dict_converter=js.Object.fromEntries)
    pyodide_js.unpackArchive(buffer, fmt, options)


def _after_restore() -> str:
    """How Python started (``pyodide/lab.mjs``); after a restored start (the visitor's saved one or
    the shipped one), reseed ``random``: every restore of one snapshot would otherwise deal the same
    "random" numbers, to every visitor of the site for the shipped one."""
    import js
    how = str(getattr(js, "phutballPythonStart", "fresh"))
    if how in ("restored", "shipped"):
        import random
        random.seed()
    return how


def _save_start() -> None:
    """A first start: now that the page is ready, let ``pyodide/lab.mjs`` store the start it saved."""
    import js
    save = getattr(js, "phutballSaveStart", None)
    if save is not None:
        save()


def _random_hook(hooks, root) -> None:
    """A test compares two visitors' random numbers: the first one, on ``<html data-random>``."""
    if (hooks or {}).get("random"):
        import random
        root.setAttribute("data-random", repr(random.random()))


async def start(init_json, wheel, lab):
    try:
        how = _after_restore()
        _unpack(wheel, "wheel")
        _unpack(lab, "zip")
        import importlib
        from glue import remote
        init = json.loads(str(init_json))
        remote.init(init, xworker)
        remote.root.setAttribute("data-python-start", how)  # for the tests and the benchmark
        _random_hook(init.get("testHooks"), remote.root)
        page = importlib.import_module(init["module"])
        result = page.start()
        if hasattr(result, "__await__"):
            await result
        remote.flush()
        return ""
    except Exception as e:  # reported on the page by host.js
        import traceback
        traceback.print_exc()
        return f"{type(e).__name__}: {e}"
    finally:
        _save_start()  # Python's start is good even when the page's was not


async def dispatch(handler_id, event_json, snapshot_json):
    from glue import remote
    return await remote.dispatch(int(handler_id), str(event_json), str(snapshot_json))


xworker.sync.start = start
xworker.sync.dispatch = dispatch
