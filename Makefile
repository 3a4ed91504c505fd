# PayDrill: `make run` starts the checkout on the built-in demo; `make test` runs every test.
# Both install what is missing first (Debian packages through apt-get, as root; Homebrew formulas on macOS).

SWIFT ?= swift
ARGS ?=
DEBIAN_PACKAGES = pkg-config libncurses-dev libssl-dev libsqlite3-dev libmicrohttpd-dev tmux python3 python3-jsonschema \
	python3-pip curl asciinema chromium

# On macOS the same libraries come from Homebrew, which keeps ncurses, OpenSSL and SQLite out of the system's
# paths (keg-only): pkg-config is told where they are.
ifeq ($(shell uname -s),Darwin)
BREW_PKG_CONFIG := $(shell for formula in ncurses openssl@3 sqlite libmicrohttpd; do \
	prefix=$$(brew --prefix $$formula 2>/dev/null) && printf '%s/lib/pkgconfig:' "$$prefix"; done)
export PKG_CONFIG_PATH := $(BREW_PKG_CONFIG)$(PKG_CONFIG_PATH)
endif

# zizmor (PyPI) audits the GitHub workflow; pip puts it on PATH, or in the user's base when it installs there.
ZIZMOR = "$$(command -v zizmor || echo "$$(python3 -m site --user-base)/bin/zizmor")"

.PHONY: run test build build-tests unit-tests lint release release-check install install-files uninstall deps bench \
	play-tapes

# The version lives in one place, HelpText.version (what `paydrill --version` prints); the archive's name
# reads it there.
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/PayDrillCommandLine/HelpText.swift)
SYSTEM := $(shell uname -s | tr A-Z a-z)-$(shell uname -m)
DIST_NAME = paydrill-$(VERSION)-$(SYSTEM)
ARCHIVE = dist/$(DIST_NAME).tar.gz
# Linux: the Swift runtime and Foundation linked into the programs, so that they run without the toolchain.
# macOS has the Swift runtime in the system.
ifeq ($(shell uname -s),Darwin)
STATIC_STDLIB =
SHA256 = shasum -a 256
else
STATIC_STDLIB = --static-swift-stdlib
SHA256 = sha256sum
endif

deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	pkg-config --exists libcrypto 2>/dev/null || missing="$$missing libssl-dev"; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	pkg-config --exists libmicrohttpd 2>/dev/null || missing="$$missing libmicrohttpd-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	command -v curl >/dev/null 2>&1 || missing="$$missing curl"; \
	command -v asciinema >/dev/null 2>&1 || missing="$$missing asciinema"; \
	command -v chromium >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1 \
	  || [ -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ] || missing="$$missing chromium"; \
	python3 -c 'import jsonschema' >/dev/null 2>&1 || missing="$$missing python3-jsonschema"; \
	zizmor=""; $(ZIZMOR) --version >/dev/null 2>&1 || zizmor=missing; \
	python3 -m pip --version >/dev/null 2>&1 || missing="$$missing python3-pip"; \
	if [ -n "$$missing" ] && [ "$$(uname -s)" = "Darwin" ]; then \
	  formulas=$$(echo "$$missing" | sed -e 's/libncurses-dev/ncurses/; s/libssl-dev/openssl@3/; s/libsqlite3-dev/sqlite/; s/libmicrohttpd-dev/libmicrohttpd/' \
	    -e 's/python3-jsonschema//; s/python3-pip//; s/python3/python/; s/chromium//'); \
	  echo "Installing with Homebrew:$$formulas"; \
	  if [ -n "$$(echo $$formulas)" ]; then brew install $$formulas || exit 1; fi; \
	  case "$$missing" in *python3-jsonschema*) python3 -m pip install --user --break-system-packages jsonschema || exit 1;; esac; \
	  case "$$missing" in *chromium*) brew install --cask google-chrome || exit 1;; esac; \
	elif [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "PayDrill needs:$$missing. Install them with: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi; \
	if [ -n "$$zizmor" ]; then \
	  echo "Installing zizmor (PyPI), which audits the GitHub workflow"; \
	  python3 -m pip install --quiet zizmor==1.33.1 2>/dev/null || python3 -m pip install --quiet --user --break-system-packages zizmor==1.33.1 \
	    || { echo "PayDrill's lint needs zizmor: python3 -m pip install zizmor"; exit 1; }; \
	fi
	@# The OpenAPI description's checks (docs/reference/openapi.yaml): from PyPI, into the python3 the tests run.
	@python3 -c 'import openapi_spec_validator, schemathesis' >/dev/null 2>&1 || { \
	  echo "Installing with pip: openapi-spec-validator schemathesis"; \
	  python3 -m pip install --quiet --break-system-packages $$([ "$$(id -u)" = "0" ] || echo --user) \
	    'openapi-spec-validator>=0.7' 'schemathesis>=4.30,<5' || exit 1; }
	@# pyte, the terminal emulator the tests replay a cast through (Tools/evidence-check.py): from PyPI too.
	@python3 -c 'import pyte' >/dev/null 2>&1 || { \
	  echo "Installing with pip: pyte"; \
	  python3 -m pip install --quiet --break-system-packages $$([ "$$(id -u)" = "0" ] || echo --user) \
	    'pyte>=0.8,<0.9' || exit 1; }

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run --skip-build paydrill $(ARGS)

# `make test` is three steps, which CI's jobs also run one by one: the unit and end-to-end tests, the lint
# (the portability check and the workflow's audit), and, on Linux, the release archive's check.
# PREBUILT=1 runs the tests on a build already in .build (CI's test job downloads the build job's).
ifeq ($(shell uname -s),Darwin)
test: unit-tests lint
else
test: unit-tests lint release-check
endif

ifeq ($(PREBUILT),)
unit-tests: build-tests
else
unit-tests:
endif
	$(SWIFT) test --skip-build

build-tests: deps
	$(SWIFT) build --build-tests

# The portability check (every Linux-only name in Sources/Platform: docs/guides/macos.md), the layers check
# (each file imports only what its target depends on: docs/architecture.md) and zizmor's offline audit of the
# GitHub workflow (actions pinned to commits, least permissions).
lint: deps
	python3 Tools/check-portability.py --self-test
	python3 Tools/check-portability.py
	SWIFT="$(SWIFT)" python3 Tools/check-layers.py
	$(ZIZMOR) --offline --no-progress .github/workflows

# The benchmark is the development target paydrill-bench (not shipped); it runs the paydrill built beside it.
bench: deps
	$(SWIFT) build -c release
	.build/release/paydrill-bench

play-tapes: build
	$(SWIFT) run --skip-build paydrill play Tapes/*.tape --latency 50 --no-ledger

# `make install` puts paydrill under PREFIX (default /usr/local; DESTDIR stages it for a package): the release
# build, its manual page, its bash, zsh and fish completions, and copies of the themes to start one's own
# from (the binary has them built in, like the scenarios, so it runs from anywhere), and under
# libexec/paydrill the programs `paydrill merge-junit` and `paydrill serve` run (they read XML and link
# libmicrohttpd, which paydrill itself does not load).
# PAYDRILL_BINARY=PATH installs that binary, and the paydrill-merge-junit and paydrill-serve beside it, instead of building them
# (the end-to-end test installs the debug build that way). `make uninstall` removes exactly those files.
PREFIX ?= /usr/local
DESTDIR ?=
PAYDRILL_BINARY ?=
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
BIN_DIR = $(INSTALL_ROOT)/bin
MAN_DIR = $(INSTALL_ROOT)/share/man/man1
BASH_COMPLETION_DIR = $(INSTALL_ROOT)/share/bash-completion/completions
ZSH_COMPLETION_DIR = $(INSTALL_ROOT)/share/zsh/site-functions
FISH_COMPLETION_DIR = $(INSTALL_ROOT)/share/fish/vendor_completions.d
SHARE_DIR = $(INSTALL_ROOT)/share/paydrill
LIBEXEC_DIR = $(INSTALL_ROOT)/libexec/paydrill
THEMES = $(notdir $(wildcard Themes/*.json))
INSTALLED = $(BIN_DIR)/paydrill $(LIBEXEC_DIR)/paydrill-merge-junit $(LIBEXEC_DIR)/paydrill-serve $(MAN_DIR)/paydrill.1 \
	$(BASH_COMPLETION_DIR)/paydrill $(ZSH_COMPLETION_DIR)/_paydrill $(FISH_COMPLETION_DIR)/paydrill.fish $(addprefix $(SHARE_DIR)/themes/,$(THEMES))
ifeq ($(PAYDRILL_BINARY),)
INSTALL_BINARY = .build/release/paydrill
INSTALL_NEEDS = release
else
INSTALL_BINARY = $(PAYDRILL_BINARY)
INSTALL_NEEDS =
endif
INSTALL_MERGE_JUNIT = $(dir $(INSTALL_BINARY))paydrill-merge-junit
INSTALL_SERVE = $(dir $(INSTALL_BINARY))paydrill-serve

# `make release` builds the three programs once, in release, with the Swift runtime linked in (Linux), and
# packs them as make install lays them out, with README.md, LICENSE and CHANGELOG.md, into
# dist/paydrill-VERSION-SYSTEM.tar.gz and its .sha256. `make install` installs from the same build.
release: deps
	@test -n "$(VERSION)" || { echo "make release: no version read from Sources/PayDrillCommandLine/HelpText.swift" >&2; exit 1; }
	$(SWIFT) build -c release --product paydrill $(STATIC_STDLIB)
	$(SWIFT) build -c release --product paydrill-merge-junit $(STATIC_STDLIB)
	$(SWIFT) build -c release --product paydrill-serve $(STATIC_STDLIB)
	rm -rf dist/stage && mkdir -p dist/stage
	$(MAKE) --no-print-directory install-files DESTDIR=$(CURDIR)/dist/stage PREFIX=/$(DIST_NAME) \
		PAYDRILL_BINARY=.build/release/paydrill
	install -m 644 README.md LICENSE CHANGELOG.md dist/stage/$(DIST_NAME)
	tar -C dist/stage -czf $(ARCHIVE) $(DIST_NAME)
	rm -rf dist/stage
	cd dist && $(SHA256) $(DIST_NAME).tar.gz > $(DIST_NAME).tar.gz.sha256
	@echo "$(ARCHIVE) and its .sha256"

# Unpacks the archive and runs its programs with the Swift toolchain's folder hidden (a private mount
# namespace, as root): Tools/release-check.sh. Linux only.
release-check: release
	bash Tools/release-check.sh $(ARCHIVE)

install: $(INSTALL_NEEDS)
	$(MAKE) --no-print-directory install-files PAYDRILL_BINARY=$(INSTALL_BINARY)

install-files:
	install -d $(BIN_DIR) $(LIBEXEC_DIR) $(MAN_DIR) $(BASH_COMPLETION_DIR) $(ZSH_COMPLETION_DIR) \
		$(FISH_COMPLETION_DIR) $(SHARE_DIR)/themes
	install -m 755 $(INSTALL_BINARY) $(BIN_DIR)/paydrill
	install -m 755 $(INSTALL_MERGE_JUNIT) $(LIBEXEC_DIR)/paydrill-merge-junit
	install -m 755 $(INSTALL_SERVE) $(LIBEXEC_DIR)/paydrill-serve
	$(INSTALL_BINARY) man > $(MAN_DIR)/paydrill.1
	$(INSTALL_BINARY) completions bash > $(BASH_COMPLETION_DIR)/paydrill
	$(INSTALL_BINARY) completions zsh > $(ZSH_COMPLETION_DIR)/_paydrill
	$(INSTALL_BINARY) completions fish > $(FISH_COMPLETION_DIR)/paydrill.fish
	chmod 644 $(MAN_DIR)/paydrill.1 $(BASH_COMPLETION_DIR)/paydrill $(ZSH_COMPLETION_DIR)/_paydrill \
		$(FISH_COMPLETION_DIR)/paydrill.fish
	install -m 644 $(addprefix Themes/,$(THEMES)) $(SHARE_DIR)/themes
	@echo "Installed paydrill in $(BIN_DIR); docs/guides/install.md enables the completions."

uninstall:
	rm -f $(INSTALLED)
	rmdir $(SHARE_DIR)/themes $(SHARE_DIR) $(LIBEXEC_DIR) 2>/dev/null || true
