# The phutball lab. Two commands do all set-up on a fresh Debian machine:
#   make serve   build dist/ and serve it on http://127.0.0.1:8000/
#   make test    every test: unit and browser (installs what it needs)
# Other targets: make dist, make js (the JavaScript's lint and tests), make bench,
# make tournament (about 40 min), make atlas (the 1D atlas's figures, a few minutes), make clean.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
CHROMIUM := /usr/bin/chromium

.PHONY: all dist serve test js unit browser bench tournament atlas clean

all: dist

# Python: a virtual environment with the engine (editable) and the test tools.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# npm: Pyodide and PyScript, and eslint, pinned in package-lock.json.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# A browser for Playwright: Debian's chromium (Playwright's own download is not reachable here).
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	export DEBIAN_FRONTEND=noninteractive; \
	$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium

dist: $(VENV)/.installed node_modules/.installed
	$(PY) tools/build_site.py

serve: dist
	@echo "Serving dist/ at http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(PY) tools/devserver.py --port $(PORT) dist

# Two pytest workers (pytest-xdist, work stealing): a browser test's waits (a page's worker starting,
# a refutation shown move by move) leave a core free, which the other worker's tests fill.
XDIST = -n 2 --dist worksteal

test: dist $(CHROMIUM) js
	$(PY) -m pytest -q -p no:cacheprovider $(XDIST) tests

# JavaScript: eslint (eslint.config.mjs), then node's test runner on the scripts as built in dist/.
js: dist node_modules/.installed
	npx --no-install eslint .
	node --test tests/js/

unit: $(VENV)/.installed
	$(PY) -m pytest -q -p no:cacheprovider $(XDIST) tests --ignore=tests/browser

browser: dist $(CHROMIUM)
	$(PY) -m pytest -q -p no:cacheprovider $(XDIST) tests/browser

bench: dist $(CHROMIUM)
	$(PY) bench/bench_2d.py
	$(PY) bench/bench_1d.py
	$(PY) bench/bench_startup.py
	$(PY) bench/bench_ai.py
	$(PY) bench/bench_ai_page.py

tournament: $(VENV)/.installed
	$(PY) bench/tournament.py --games 50

# The 1D atlas's figures (data/atlas.json, committed): every strip of 3..24 squares, a few minutes.
atlas: $(VENV)/.installed
	$(PY) tools/atlas.py

clean:
	rm -rf dist build $(VENV) node_modules *.egg-info
