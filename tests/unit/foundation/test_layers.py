"""Import contracts (DESIGN.md, Layout): the core never depends on the UI or on its plugins, and the
plugins (commands/, providers/) depend only on the SDK of the project.

Two checks, because each catches what the other cannot:
- a fresh interpreter imports every module of a core package and then looks at sys.modules (catches
  imports made at import time, however indirect);
- the source of every module is read with `ast` (catches imports inside functions, which run only
  when called)."""
from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CORE = ("jarvis_tui.sdk", "jarvis_tui.assistant", "jarvis_tui.audio", "jarvis_tui.llm", "jarvis_tui.store")
FORBIDDEN_FOR_CORE = ("textual", "jarvis_tui.app", "providers", "commands")
PLUGINS = ("commands", "providers")


def _modules(package: str) -> list[str]:
    path = ROOT / package.replace(".", "/")
    names = [package]
    for info in pkgutil.walk_packages([str(path)], prefix=package + "."):
        names.append(info.name)
    return names


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module name a source file imports (absolute imports; relative ones stay in the package)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def _hits(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


@pytest.mark.parametrize("package", CORE)
def test_core_imports_no_ui_and_no_plugins_at_import_time(package: str) -> None:
    code = (
        "import importlib, json, sys\n"
        f"names = {_modules(package)!r}\n"
        "for n in names:\n"
        "    importlib.import_module(n)\n"
        f"bad = sorted(m for m in sys.modules if any(m == p or m.startswith(p + '.') for p in {FORBIDDEN_FOR_CORE!r}))\n"
        "print(json.dumps(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert loaded == [], f"importing {package} loads {loaded}"


@pytest.mark.parametrize("package", CORE)
def test_core_source_never_imports_ui_or_plugins(package: str) -> None:
    bad = []
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        for line, name in _imports(path):
            if _hits(name, FORBIDDEN_FOR_CORE):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert bad == []


@pytest.mark.parametrize("package", PLUGINS)
def test_plugins_import_only_the_sdk_of_the_project(package: str) -> None:
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for line, name in _imports(path):
            if _hits(name, ("jarvis_tui",)) and not _hits(name, ("jarvis_tui.sdk",)):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
            other = "providers" if package == "commands" else "commands"
            if _hits(name, (other,)):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert bad == []


def test_the_contract_test_sees_a_violation(tmp_path: Path) -> None:
    """The AST reader finds an import inside a function (so the checks above can fail)."""
    src = tmp_path / "m.py"
    src.write_text("def f():\n    from providers.shared.base import X\n    import textual.app\n", encoding="utf-8")
    names = [n for _, n in _imports(src)]
    assert names == ["providers.shared.base", "textual.app"]
    assert _hits("providers.shared.base", FORBIDDEN_FOR_CORE) and _hits("textual.app", FORBIDDEN_FOR_CORE)
