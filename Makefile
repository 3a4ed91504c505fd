# PayDrill: `make run` starts the checkout on the built-in demo; `make test` runs every test.
# Both install what is missing first (Debian packages through apt-get, as root).

SWIFT ?= swift
ARGS ?=
DEBIAN_PACKAGES = pkg-config libncurses-dev libssl-dev libsqlite3-dev tmux python3 python3-jsonschema

.PHONY: run test build deps bench play-tapes

deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists ncursesw 2>/dev/null || missing="$$missing libncurses-dev"; \
	pkg-config --exists libcrypto 2>/dev/null || missing="$$missing libssl-dev"; \
	pkg-config --exists sqlite3 2>/dev/null || missing="$$missing libsqlite3-dev"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	python3 -c 'import jsonschema' >/dev/null 2>&1 || missing="$$missing python3-jsonschema"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "PayDrill needs:$$missing. Install them with: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run --skip-build paydrill $(ARGS)

test: build
	$(SWIFT) test

# The benchmark is the development target paydrill-bench (not shipped); it runs the paydrill built beside it.
bench: deps
	$(SWIFT) build -c release
	.build/release/paydrill-bench

play-tapes: build
	$(SWIFT) run --skip-build paydrill play Tapes/*.tape --latency 50 --no-ledger
