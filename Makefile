# make run    set up if needed, then start the assistant
# make test   set up if needed, then run the tests
# make setup  the set-up alone (system packages, .venv, llama-cpp-python for this CPU, models)
SHELL := /bin/bash
VENV := .venv
PYTEST_ARGS ?=

.PHONY: setup run test test-fast clean-venv

setup:
	@bash scripts/setup.sh

run: setup
	@$(VENV)/bin/jarvis-tui

test: setup
	@bash scripts/run_tests.sh $(PYTEST_ARGS)

test-fast: setup
	@bash scripts/run_tests.sh -m "not model and not audio" $(PYTEST_ARGS)

clean-venv:
	rm -rf $(VENV)
