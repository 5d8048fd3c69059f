# The two commands of the README: `make kit` and `make test`. Both set up everything they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.kitpress-installed
# WeasyPrint needs Pango; harfbuzz-subset makes its PDFs much faster to write.
RUNTIME_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig
# The tests render PDF pages to PNG with pdftoppm, as a reader's eye would see them, and open the
# preview gallery in a real headless Chromium.
TEST_PACKAGES := poppler-utils chromium

# Install missing Debian packages when we are root, otherwise stop with one line naming them.
define ensure_packages
	@missing=""; \
	for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "kitpress: installing system packages:$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing) >/dev/null \
	      || { echo "kitpress: could not install the system packages:$$missing"; exit 1; }; \
	  else echo "kitpress: needs the system packages:$$missing (run: apt-get install$$missing)"; exit 1; fi; \
	fi
endef

.PHONY: kit test lint sysdeps sysdeps-test clean

kit: $(STAMP)
	$(BIN)/kitpress build --out output

test: $(STAMP) sysdeps-test
	$(BIN)/ruff check generator tests
	$(BIN)/kitpress check --all-variants --junit build/check-junit.xml  # every worked example, base and variants, as CI reads them
	$(BIN)/python -m pytest -q -p no:cacheprovider -n 2 --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check generator tests

sysdeps:
	$(call ensure_packages,$(RUNTIME_PACKAGES))
	@$(PYTHON) -c "import ensurepip" 2>/dev/null || { \
	  pkg="python3-venv"; \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    (apt-get update -qq && apt-get install -y -qq --no-install-recommends $$pkg) >/dev/null || { echo "kitpress: could not install $$pkg"; exit 1; }; \
	  else echo "kitpress: needs the system package $$pkg (run: apt-get install $$pkg)"; exit 1; fi; }

sysdeps-test:
	$(call ensure_packages,$(TEST_PACKAGES))

$(STAMP): pyproject.toml | sysdeps
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev,cluster,fast]'
	$(BIN)/python -m kitpress.simulate.kernels  # compile the simulation ports once (numba caches them)
	@touch $@

clean:
	rm -rf output $(VENV) *.egg-info generator/*.egg-info
