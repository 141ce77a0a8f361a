# icalkit: the two quick-start commands are `make demo` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
SYSTEM_PACKAGES := libical-dev libsqlite3-dev libicu-dev libmimalloc-dev libcurl4-openssl-dev tzdata pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ICALKIT := .build/release/icalkit

.PHONY: deps build demo install test test-mcp test-views test-completions conformance conformance-baseline convert-check formats-check bench bench-large fuzz test-asan test-tsan clean

## Install the system libraries icalkit builds on, when any is missing.
deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq $$missing >/dev/null; \
	fi

## Release build. The Swift runtime and Foundation are linked in statically: a whole
## `icalkit` process then starts about 15 ms sooner (no dynamic loading of the Swift
## libraries), which is most of a small query's time. SQLite comes from Debian's static
## archive and libical (with libicalvcal for vCalendar 1.0, without libicalss); the binary is linked with lld and
## packed relative relocations (Package.swift). No run path: by default the package manager
## gives an executable `$$ORIGIN`, where the dynamic loader then looked for every system
## library first (20 failed opens, 0.35 ms of each process start).
build: deps
	$(SWIFT) build -c release --product icalkit --static-swift-stdlib --disable-local-rpath

## Build, then do the main job on a sample Outlook export in a temporary store: import it,
## show its agenda and month grid, export it back to .ics.
demo: build
	@set -e; dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; store="$$dir/store.sqlite"; \
	echo "== 1. icalkit import Fixtures/demo/team.ics: read an Outlook export (Windows zone names, a weekly"; \
	echo "      series with an exception and a moved instance, an all-day event, a reminder) into a new store"; \
	$(ICALKIT) --store "$$store" import Fixtures/demo/team.ics; \
	echo; echo "== 2. icalkit events --from 2026-05-04 --to 2026-05-11: the agenda of one week, recurrences expanded"; \
	$(ICALKIT) --store "$$store" events --from 2026-05-04 --to 2026-05-11 --tz Europe/London; \
	echo; echo "== 3. icalkit calendar --month 2026-06: the month grid (Monday first, • marks days with events)"; \
	$(ICALKIT) --store "$$store" calendar --month 2026-06 --tz Europe/London; \
	echo; echo "== 4. icalkit export -o team.ics: the store back to iCalendar; unedited items keep their original text"; \
	$(ICALKIT) --store "$$store" export -o "$$dir/team.ics"; \
	echo "   $$(grep -c '^BEGIN:VEVENT' "$$dir/team.ics") events, $$(grep -c '^BEGIN:VTODO' "$$dir/team.ics") reminder, $$(grep -c '^BEGIN:VTIMEZONE' "$$dir/team.ics") time zone; first lines:"; \
	head -8 "$$dir/team.ics" | sed 's/^/   /'; \
	echo; echo "== the temporary store is removed; 'make install' puts icalkit in $(PREFIX)/bin"

## Install the release binary as $(PREFIX)/bin/icalkit (default ~/.local/bin) with its bash,
## zsh and fish completions under $(PREFIX)/share.
PREFIX ?= $(HOME)/.local
install: build
	install -Dm755 $(ICALKIT) "$(PREFIX)/bin/icalkit"
	mkdir -p "$(PREFIX)/share/bash-completion/completions" "$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	$(ICALKIT) completions bash > "$(PREFIX)/share/bash-completion/completions/icalkit"
	$(ICALKIT) completions zsh > "$(PREFIX)/share/zsh/site-functions/_icalkit"
	$(ICALKIT) completions fish > "$(PREFIX)/share/fish/vendor_completions.d/icalkit.fish"
	@echo "installed $(PREFIX)/bin/icalkit; add $(PREFIX)/bin to PATH if it is not there"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel
	@$(MAKE) --no-print-directory test-mcp
	@$(MAKE) --no-print-directory test-views
	@$(MAKE) --no-print-directory test-completions
	@$(MAKE) --no-print-directory conformance
	@$(MAKE) --no-print-directory convert-check
	@$(MAKE) --no-print-directory formats-check

## `icalkit mcp` driven by the `mcp` client from PyPI (Tests/mcp; skips only when PyPI is unreachable).
test-mcp: deps
	$(SWIFT) build --product icalkit
	bash Tests/mcp/run.sh

## `icalkit calendar` in a real terminal (tmux) and browser (headless Chromium), installed when
## missing; screenshots under .build/views/ (Tests/views).
test-views: deps
	$(SWIFT) build --product icalkit
	bash Tests/views/run.sh

## The bash, zsh and fish completion scripts typed into real shells in tmux (Tests/completions;
## tmux, zsh and fish installed when missing).
test-completions: deps
	$(SWIFT) build --product icalkit
	bash Tests/completions/run.sh

## Third-party corpus against the python oracle + libical's recurrence vectors (Conformance/).
conformance: deps
	SWIFT=$(SWIFT) Conformance/run.sh

## Record the agreement level reached as the new floor (Conformance/baseline.json).
conformance-baseline: deps
	SWIFT=$(SWIFT) Conformance/run.sh --update-baseline

## `icalkit convert F --to ics` checked against the python oracle (icalendar +
## recurring-ical-events) for our fixtures and the corpus's real-world producer exports
## (Outlook/Exchange, Google, Apple, overrides): same occurrences 2020-2031, nothing lost,
## each TZID defined once. Skips with a message when the oracle or the corpus is missing.
CORPUS ?= ../shared/corpus
TRICKY_PATTERN := X-WR-TIMEZONE|Microsoft|X-MICROSOFT|X-APPLE|RECURRENCE-ID|google.com|THISANDFUTURE|Standard Time
convert-check: deps
	$(SWIFT) build --product icalkit
	@if ! bash Conformance/oracle/setup.sh >/dev/null 2>&1; then \
	  echo "convert-check: oracle unavailable (PyPI unreachable?): skipped"; exit 0; fi; \
	files="Fixtures/import/valid/*.ics Fixtures/demo/team.ics"; \
	if [ -d "$(CORPUS)" ]; then \
	  find "$(CORPUS)" -name '*.ics' -print0 | xargs -0 grep -lZE '$(TRICKY_PATTERN)' | sort -z > .build/tricky.list; \
	else echo "convert-check: $(CORPUS) absent: corpus files skipped"; : > .build/tricky.list; fi; \
	xargs -0 python3 Conformance/convert_check.py --icalkit .build/debug/icalkit --python .venv-oracle/bin/python --store-check --corpus "$(CORPUS)" \
	  $$files < .build/tricky.list

## icalkit's jCal (convert --format jcal, and jCal read back) against python icalendar's
## to_jcal/from_jcal, and its JSON against Docs/icalkit-json.schema.json (python jsonschema)
## and read back, over the fixtures and the corpus (Conformance/formats; the oracle's pinned
## venv; skips when PyPI is unreachable).
formats-check: deps
	$(SWIFT) build --product icalkit
	CORPUS="$(CORPUS)" bash Conformance/formats/run.sh

## Benchmarks (release build; not part of make test). See Bench/README.md.
bench: build
	Bench/run.sh

bench-large: build
	Bench/run.sh --large 500M --no-python

## Every test under AddressSanitizer; the tests of concurrent parts (the store, import's reader
## and writer threads, zones built ahead) under ThreadSanitizer.
test-asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt $(SWIFT) test --sanitize=address --scratch-path .build/asan

test-tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build/tsan \
	  --filter 'CalendarStoreTests|ZonePrebuilderTests|ZoneOfferTests|BatchQueueTests|ImportCommandTests|StreamingReadTests'

## Fuzz read → write → read with libFuzzer + AddressSanitizer for FUZZ_SECONDS (default 600).
## Seeds: Fixtures/; findings land in .build/fuzz-artifacts/ (add each one to Fixtures/fuzz/).
## FUZZ_FORMAT=vcal|jcal|json|csv|ics drives one reader only, seeded with that format's files
## (and its own corpus, .build/fuzz-corpus-FORMAT).
FUZZ_SECONDS ?= 600
FUZZ_FORMAT ?=
FUZZ_SEEDS_vcal = Fixtures/fuzz-seeds/vcal Fixtures/vcal Fixtures/fuzz
FUZZ_SEEDS_csv = Fixtures/fuzz-seeds/csv
FUZZ_SEEDS_jcal = Fixtures/formats
FUZZ_SEEDS_json = Fixtures/formats
FUZZ_SEEDS_ics = Fixtures/import Fixtures/fuzz
FUZZ_SEEDS = $(if $(FUZZ_FORMAT),$(FUZZ_SEEDS_$(FUZZ_FORMAT)),Fixtures)
FUZZ_CORPUS = .build/fuzz-corpus$(if $(FUZZ_FORMAT),-$(FUZZ_FORMAT),)
fuzz: deps
	$(SWIFT) build -c release --product icalkit-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DICALKIT_FUZZ --scratch-path .build/fuzz
	mkdir -p $(FUZZ_CORPUS) .build/fuzz-artifacts
	FUZZ_FORMAT=$(FUZZ_FORMAT) LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
	  .build/fuzz/release/icalkit-fuzz $(FUZZ_CORPUS) $(FUZZ_SEEDS) -max_total_time=$(FUZZ_SECONDS) \
	  -max_len=65536 -timeout=10 -rss_limit_mb=2048 -artifact_prefix=.build/fuzz-artifacts/ -print_final_stats=1

clean:
	rm -rf .build
