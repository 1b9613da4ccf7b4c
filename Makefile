# Thin wrappers: every target creates .venv on first use and installs what it needs.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
GAME   ?= hadrians-wall

.PHONY: play test test-all bench simulate lint exe exe-selftest clean catalogs strings format

$(VENV)/.base: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.catalogs: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[catalogs]'
	touch $@

$(VENV)/.build: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[build]'
	touch $@

play: $(VENV)/.base catalogs
	$(PY) -m game play

# the translations compiled to .mo by Babel (the game reads a .po in memory, with polib,
# when its .mo is missing or older)
catalogs: $(VENV)/.catalogs
	$(PY) tools/compile_catalogs.py

# every visible string of the code into the .pot, merged into the .po files to translate (Babel)
strings: $(VENV)/.catalogs
	$(PY) tools/extract_strings.py

test: $(VENV)/.test
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m pytest
	$(MAKE) --no-print-directory exe-selftest

# the long property runs (thousands of random games) on top of make test
test-all: $(VENV)/.test
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m pytest -m "slow or not slow"

bench: $(VENV)/.base
	$(PY) -m game bench $(GAME)

simulate: $(VENV)/.base
	$(PY) -m game simulate $(GAME) --games 1000 --seed 1

lint: $(VENV)/.test
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# the layout of every Python file as ruff format writes it
format: $(VENV)/.test
	$(PY) -m ruff format .

# the one-folder program build/dist/siege-table/siege-table (build/README.md); always rebuilt
exe: $(VENV)/.build catalogs
	$(PY) -m PyInstaller --noconfirm --log-level WARN \
		--workpath build/work --distpath build/dist build/game.spec

# the built program checks itself: fonts, maps, rules, one computer game in the window loop
exe-selftest: exe
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy build/dist/siege-table/siege-table --selftest

clean:
	rm -rf $(VENV) build/dist build/work .pytest_cache .ruff_cache .hypothesis
	rm -f assets/locale/*/LC_MESSAGES/*.mo
