# Ordo — the two commands of the README are `make demo` and `make test`.
# Both install what they need on a fresh Debian machine with the Swift toolchain.

SHELL := /bin/bash
SWIFT ?= swift
VENV := .venv
PY := $(VENV)/bin/python
RELEASE_BIN := .build/release/ordo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The Python suites spread their tests over a worker per CPU (pytest-xdist): each test
# starts its own engines and files, and one process left a core idle. PYTEST_WORKERS=0
# runs a suite in one process (as `pytest` alone does, for one test or a debugger).
PYTEST_WORKERS ?= auto
PYTEST := $(PY) -m pytest -q -n $(PYTEST_WORKERS)

.PHONY: bench bench-deps test-bench test-copies fuzz sanitize demo test deps swift-deps python-deps node-deps build release lint format \
	test-swift test-python test-node test-hostile test-trace test-cli cli-deps interop-deps test-interop \
	browser-deps test-browser pictures dist dist-deps test-dist durable-deps test-durable soak clean

## demo: build the release engine and watch it order popups and layers; the session is
## recorded (.build/demo/session.trace), reported (report.html) and drawn (layers.svg).
DEMO := .build/demo
demo: release python-deps
	@mkdir -p $(DEMO)
	@echo
	@echo "== Ordo demo: the seed's room page, driven by the Python client =="
	ORDO_BIN=$(RELEASE_BIN) $(PY) clients/python/examples/room_page.py \
	  --trace $(DEMO)/session.trace --layers-svg $(DEMO)/layers.svg $(DEMO_ARGS)
	@$(RELEASE_BIN) report $(DEMO)/session.trace -o $(DEMO)/report.html >/dev/null
	@echo
	@echo "== What the engine held =="
	@printf '  %-38s %s (ordo replay: %s)\n' "the session, recorded (--trace):" \
	  $(DEMO)/session.trace "$$($(RELEASE_BIN) replay $(DEMO)/session.trace)"
	@printf '  %-38s %s\n' "its timeline (ordo report):" $(DEMO)/report.html
	@printf '  %-38s %s\n' "the layers at the end (layer.render):" $(DEMO)/layers.svg

## test: every test — lint, Swift unit + integration, Python client, Node client,
## bad input, record and replay, the command line, third-party clients and editors,
## durable state, the pictures in a browser, the installable packages.
test: lint test-swift release test-python test-node test-hostile test-trace test-cli test-interop \
	test-durable test-browser test-dist test-bench test-copies
	@echo "make test: all suites passed"

deps: swift-deps python-deps node-deps durable-deps

swift-deps:
	@pkg-config --exists jansson sqlite3 2>/dev/null || { \
	  echo "installing libjansson-dev and libsqlite3-dev"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) apt-get install -y -qq libjansson-dev libsqlite3-dev pkg-config; }

## durable-deps: the sqlite3 command-line shell, which the durable-state tests use to
## inspect and damage state files.
durable-deps:
	@command -v sqlite3 >/dev/null 2>&1 || { \
	  echo "installing sqlite3 (the command-line shell)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq sqlite3; }

cli-deps:
	@command -v strace >/dev/null 2>&1 || { \
	  echo "installing strace (the cli suite holds a state file open and counts fsyncs with it)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq strace; }

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

## release: the self-contained engine binary: Swift runtime, jansson and libc linked in
## statically, so a Python or Node user needs no toolchain (`ldd`: not dynamic).
## The engine runs on one thread (no thread is ever started: the event loop, SQLite and the
## signal handler all run on it), so its reference counting need not be atomic:
## -assume-single-threaded makes the compiler use the runtime's non-atomic retain and release
## (README, "Two commands"). The library product, built any other way, keeps atomic ones.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -static-executable \
	-Xswiftc -Xfrontend -Xswiftc -assume-single-threaded
release: swift-deps
	$(SWIFT) build $(RELEASE_FLAGS)
	@ls -l $(RELEASE_BIN)

## dist: what a user without a Swift toolchain installs, into dist/ (or $ORDO_DIST_DIR): the
## Python wheel and the npm tarball, each carrying the static engine, the Python client's
## engine-free sdist, and ordo-VERSION-linux-ARCH.tar.gz + .sha256 (tools/dist.sh; the
## version is the VERSION file).
dist: release python-deps node-deps dist-deps
	PY=$(PY) tools/dist.sh

dist-deps:
	@command -v npm >/dev/null 2>&1 || { \
	  echo "installing npm (npm pack, and npm install in integration/dist)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq npm; }
	@command -v strip >/dev/null 2>&1 && command -v readelf >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq binutils; }

$(VENV)/.dist-installed: integration/dist/requirements.txt $(VENV)/.installed
	$(PY) -m pip install -q -r integration/dist/requirements.txt
	touch $@

## test-dist: installs dist/'s wheel and npm tarball offline, in a temporary folder outside the
## repository with no Swift toolchain on PATH, and plays the seed's scenario; twine check,
## check-wheel-contents and auditwheel show accept the Python artifacts (integration/dist).
test-dist: dist $(VENV)/.dist-installed
	cd integration/dist && ../../$(VENV)/bin/mypy && ../../$(VENV)/bin/ruff check \
	  && ../../$(VENV)/bin/ruff format --check .
	$(PY) -m pytest -q integration/dist

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources

test-swift: swift-deps durable-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

test-python: release python-deps
	cd clients/python && ../../$(VENV)/bin/mypy --strict && ../../$(VENV)/bin/ruff check \
	  && ../../$(VENV)/bin/ruff format --check .
	ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PYTEST) clients/python/tests

## test-hostile: the bad-input suite, raw bytes through real pipes (integration/hostile).
test-hostile: release python-deps
	ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PYTEST) integration/hostile

## test-trace: sessions recorded with --trace and replayed with `ordo replay`: the
## conformance corpus, the seed scenarios on real timers, edits, cut-off and hostile traces
## (integration/trace).
test-trace: release python-deps
	cd integration/trace && ../../$(VENV)/bin/mypy && ../../$(VENV)/bin/ruff check \
	  && ../../$(VENV)/bin/ruff format --check .
	ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PYTEST) integration/trace

## test-cli: `ordo call`, help and the examples/ scripts from a real shell (integration/cli).
test-cli: release python-deps cli-deps
	cd integration/cli && ../../$(VENV)/bin/mypy && ../../$(VENV)/bin/ruff check \
	  && ../../$(VENV)/bin/ruff format --check .
	ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PYTEST) integration/cli

## test-durable: the state file through the real engine — restarts, kill -9 at random
## moments (ORDO_CRASH_RUNS, default 100), bad files, a full disk (integration/durable).
test-durable: release python-deps durable-deps
	cd integration/durable && ../../$(VENV)/bin/mypy && ../../$(VENV)/bin/ruff check \
	  && ../../$(VENV)/bin/ruff format --check .
	ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PYTEST) integration/durable

## soak: the kill -9 test at 1 000 random moments (a few minutes).
soak: release python-deps durable-deps
	ORDO_CRASH_RUNS=1000 ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PY) -m pytest -q \
	  integration/durable/test_crash.py

## interop-deps: the third-party clients of integration/interop: PyPI libraries into .venv;
## Neovim, Emacs, (for Emacs < 29) Eglot, lsp-mode and Vim with channels (vim-nox) from
## Debian when missing (about 20 s, and 15 s more for lsp-mode, byte-compiled on install).
interop-deps: $(VENV)/.interop-installed
	@command -v nvim >/dev/null 2>&1 && command -v emacs >/dev/null 2>&1 || { \
	  echo "installing neovim and emacs-nox (their own JSON-RPC/LSP clients drive the engine)"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim emacs-nox; }
	@emacs --batch --eval "(kill-emacs (if (require 'eglot nil t) 0 1))" >/dev/null 2>&1 || { \
	  echo "installing elpa-eglot (Eglot, built into Emacs only from 29)"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq elpa-eglot; }
	@emacs --batch --eval "(kill-emacs (if (require 'lsp-mode nil t) 0 1))" >/dev/null 2>&1 || { \
	  echo "installing elpa-lsp-mode (lsp-mode, Emacs's other LSP client, not part of Emacs)"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq elpa-lsp-mode; }
	@vim -N -u NONE -i NONE -n -es -c "if has('channel') && has('job') && has('vim9script') | qall! | endif" \
	  -c cquit </dev/null >/dev/null 2>&1 || { \
	  echo "installing vim-nox (Vim 9 with channels: its LSP-mode channel drives the engine)"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq vim-nox; }

$(VENV)/.interop-installed: integration/interop/requirements.txt $(VENV)/.installed
	$(PY) -m pip install -q -r integration/interop/requirements.txt
	touch $@

## test-interop: pygls, python-lsp-jsonrpc, jsonrpcclient, Neovim, Emacs (jsonrpc.el, Eglot,
## lsp-mode) and Vim drive the real engine with their own clients (integration/interop).
test-interop: release interop-deps
	cd integration/interop && ../../$(VENV)/bin/mypy && ../../$(VENV)/bin/ruff check \
	  && ../../$(VENV)/bin/ruff format --check .
	ORDO_INTEROP_STRICT=1 ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PY) -m pytest -q integration/interop

## browser-deps: headless Chromium from Debian, when missing (integration/browser; about 20 s).
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing chromium (integration/browser opens the SVG and the report in a real browser)"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

## test-browser: a session's layer.render picture and its `ordo report`, opened in headless
## Chromium: screenshots not blank, one DOM bar per state interval, hostile ids inert
## (integration/browser).
test-browser: release python-deps browser-deps
	cd integration/browser && ../../$(VENV)/bin/mypy && ../../$(VENV)/bin/ruff check \
	  && ../../$(VENV)/bin/ruff format --check .
	ORDO_BROWSER_STRICT=1 ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) $(PYTEST) integration/browser

## test-node: the Node client's suite on the real engine; each test gets 120 s at most (a
## client bug that leaves a call waiting fails its test rather than hang make test).
test-node: release node-deps
	tsc -p clients/node/test/types
	tsc -p clients/node/test/types/tsconfig.exact.json
	tsc -p clients/node/test/types/tsconfig.nodom.json
	ORDO_BIN=$(CURDIR)/$(RELEASE_BIN) node --test --test-timeout=120000 clients/node/test/

## pictures: the README's pictures, docs/images/report.png and layers.png: the demo with a
## fixed seed, its report and layer picture screenshot in headless Chromium (not in make test).
pictures: browser-deps
	$(MAKE) --no-print-directory demo DEMO_ARGS="--seed 3"
	$(PY) tools/pictures.py $(DEMO)/report.html $(DEMO)/layers.svg docs/images

bench-deps:
	@command -v cc >/dev/null 2>&1 && command -v valgrind >/dev/null 2>&1 || { \
	  echo "installing gcc and valgrind (the C floor, instruction counts)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq gcc valgrind; }

## test-bench: the benchmark scripts type-check and lint, and their own logic (reading
## callgrind's report, the table) is tested; the measurements run in `make bench`.
test-bench: python-deps
	cd bench && ../$(VENV)/bin/mypy --strict bench.py clients.py copies.py tests \
	  && ../$(VENV)/bin/ruff check . && ../$(VENV)/bin/ruff format --check .
	$(PY) -m pytest -q bench/tests

## test-copies: the release engine copies no whole engine state (screen, layer tree, alert
## manager) outside the places that mean to (bench/copies.py, on its disassembly).
test-copies: release python-deps
	@command -v objdump >/dev/null 2>&1 || { \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq binutils; }
	$(PY) bench/copies.py $(RELEASE_BIN)

## bench: every performance figure as a ratio to a baseline measured in the same run
## (table on stdout, bench/out/results.json); see bench/README.md.
bench: release python-deps bench-deps
	$(PY) bench/bench.py --engine $(RELEASE_BIN)

## fuzz: every libFuzzer target for FUZZ_SECONDS each (seed corpus in Fuzz/corpus), as many
## at once as there are CPUs (FUZZ_JOBS; each target is one process on one core). A target's
## lines are printed when it ends; a failing input is kept as Fuzz/.build/findings/TARGET-*.
## (Its lines go through `| cat`: a grep that matches nothing would fail xargs, and with it
## make; whether a target failed is told by its findings, below.)
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= $(shell nproc)
FUZZ_TARGETS := FuzzFraming FuzzSession FuzzDispatch FuzzScreen FuzzTrace FuzzStore
FUZZ_BUILD := -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
	-Xswiftc -use-ld=lld -Xcc -fsanitize=fuzzer-no-link,address
fuzz: swift-deps
	cd Fuzz && $(SWIFT) build $(FUZZ_BUILD)
	@mkdir -p Fuzz/.build/findings Fuzz/.build/logs
	@printf '%s\n' $(FUZZ_TARGETS) | xargs -P $(FUZZ_JOBS) -I TARGET sh -c '\
	  mkdir -p Fuzz/.build/corpus/TARGET; \
	  SWIFT_BACKTRACE=enable=no Fuzz/.build/release/TARGET -max_total_time=$(FUZZ_SECONDS) \
	    -print_final_stats=1 -artifact_prefix=Fuzz/.build/findings/TARGET- \
	    Fuzz/.build/corpus/TARGET Fuzz/corpus/TARGET > Fuzz/.build/logs/TARGET.log 2>&1; \
	  { echo "== TARGET for $(FUZZ_SECONDS) s"; grep -E \
	    "^(Done|stat::number_of_executed_units|==[0-9]+== ERROR|SUMMARY)|Precondition" \
	    Fuzz/.build/logs/TARGET.log; } | cat'
	@if ls Fuzz/.build/findings/* >/dev/null 2>&1; then \
	  echo "fuzz: a target found a failing input (its log: Fuzz/.build/logs/):"; \
	  ls Fuzz/.build/findings; exit 1; fi
	@echo "fuzz: no findings"

## sanitize: the whole Swift test suite under AddressSanitizer and ThreadSanitizer, each
## on an optimized build (-O, with -enable-testing for the tests' @testable imports). The
## suite's randomized model and scale tests are most of its work: unoptimized, the two runs
## took 22 minutes of CI (builds included); optimized, under 10, with every test. (An
## optimized build also checks the code as it ships.)
SANITIZE_BUILD := -c release -Xswiftc -enable-testing
sanitize: export LSAN_OPTIONS = suppressions=$(CURDIR)/tools/lsan.supp
sanitize: swift-deps
	$(SWIFT) build --build-tests $(SANITIZE_BUILD) --sanitize=address --scratch-path .build/asan
	$(SWIFT) test --skip-build $(SANITIZE_BUILD) --sanitize=address --scratch-path .build/asan
	$(SWIFT) build --build-tests $(SANITIZE_BUILD) --sanitize=thread --scratch-path .build/tsan
	$(SWIFT) test --skip-build $(SANITIZE_BUILD) --sanitize=thread --scratch-path .build/tsan

clean:
	rm -rf .build Fuzz/.build $(VENV) dist
