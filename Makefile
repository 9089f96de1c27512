# Ordo — the two commands of the README are `make demo` and `make test`.
# Both install what they need on a fresh Debian machine with the Swift toolchain.

SHELL := /bin/bash
SWIFT ?= swift
VENV := .venv
PY := $(VENV)/bin/python
RELEASE_BIN := .build/release/ordo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test deps swift-deps python-deps node-deps build release lint format \
	test-swift test-python test-node clean

## demo: build the release engine and watch it order popups and layers.
demo: release python-deps
	@echo
	@echo "== Ordo demo: the seed's room page, driven by the Python client =="
	ORDO_BIN=$(RELEASE_BIN) $(PY) clients/python/examples/room_page.py

## test: every test — lint, Swift unit + integration, Python client, Node client.
test: lint test-swift release test-python test-node
	@echo "make test: all suites passed"

deps: swift-deps python-deps node-deps

swift-deps:
	@pkg-config --exists jansson 2>/dev/null || { \
	  echo "installing libjansson-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libjansson-dev pkg-config; }

node-deps:
	@command -v tsc >/dev/null 2>&1 || { \
	  echo "installing node-typescript (type-checking the Node client's .d.ts)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq node-typescript; }
	@command -v node >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nodejs; }

$(VENV)/.installed: clients/python/requirements-dev.txt clients/python/pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r clients/python/requirements-dev.txt
	$(PY) -m pip install -q -e clients/python
	touch $@

python-deps: $(VENV)/.installed

build: swift-deps
	$(SWIFT) build

## release: the self-contained engine binary (Swift runtime linked in statically).
release: swift-deps
	$(SWIFT) build -c release --static-swift-stdlib
	@ls -l $(RELEASE_BIN)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Plugins

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Plugins

test-swift: swift-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

test-python: release python-deps
	cd clients/python && ../../$(VENV)/bin/mypy --strict && ../../$(VENV)/bin/ruff check \
	  && ../../$(VENV)/bin/ruff format --check . && ../../$(PY) tools/gen_api.py --check
	ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PY) -m pytest -q clients/python/tests

test-node: release node-deps
	tsc -p clients/node/test/types
	ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) node --test clients/node/test/

clean:
	rm -rf .build $(VENV)
