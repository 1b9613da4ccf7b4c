# Thin wrappers: every target creates .venv on first use and installs what it needs.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
GAME   ?= hadrians-wall

.PHONY: play test test-all bench simulate lint exe exe-selftest clean

$(VENV)/.base: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

$(VENV)/.build: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[build]'
	touch $@

play: $(VENV)/.base
	$(PY) -m game play

test: $(VENV)/.test
	$(PY) -m ruff check .
	$(PY) -m pytest
	$(MAKE) --no-print-directory exe-selftest

# the long property runs (thousands of random games) on top of make test
test-all: $(VENV)/.test
	$(PY) -m ruff check .
	$(PY) -m pytest -m "slow or not slow"

bench: $(VENV)/.base
	$(PY) -m game bench $(GAME)

simulate: $(VENV)/.base
	$(PY) -m game simulate $(GAME) --games 1000 --seed 1

lint: $(VENV)/.test
	$(PY) -m ruff check .

# the one-folder program build/dist/siege-table/siege-table (build/README.md); always rebuilt
exe: $(VENV)/.build
	$(PY) -m PyInstaller --noconfirm --log-level WARN \
		--workpath build/work --distpath build/dist build/game.spec

# the built program checks itself: fonts, maps, rules, one computer game in the window loop
exe-selftest: exe
	SDL_VIDEODRIVER=dummy build/dist/siege-table/siege-table --selftest

clean:
	rm -rf $(VENV) build/dist build/work .pytest_cache .ruff_cache .hypothesis
