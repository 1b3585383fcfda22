"""Find plugins by walking packages: concrete subclasses of a base class, no registration.

Used for commands/ and providers/ (built-in packages) and for the user's <config dir>/commands/ and
<config dir>/providers/. A module that fails to import is reported and skipped, never fatal.
"""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class DiscoveryError:
    module: str
    error: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.module}: {self.error}"


@dataclass
class Discovered(Generic[T]):
    classes: list[tuple[type[T], str]] = field(default_factory=list)   # (class, module name)
    errors: list[DiscoveryError] = field(default_factory=list)


def _classes_in(module: ModuleType, base: type[T]) -> list[type[T]]:
    found = []
    for _, obj in inspect.getmembers(module, inspect.isclass):
        if obj.__module__ != module.__name__:
            continue  # imported, not defined here
        if issubclass(obj, base) and obj is not base and not inspect.isabstract(obj):
            if getattr(obj, "__jarvis_abstract__", False) and "__jarvis_abstract__" in obj.__dict__:
                continue
            found.append(obj)
    return found


def _error(name: str, exc: BaseException) -> DiscoveryError:
    return DiscoveryError(name, f"{type(exc).__name__}: {exc}",
                          "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))


def walk_package(package_name: str, base: type[T]) -> Discovered[T]:
    """Import every module under a package (recursively) and collect concrete subclasses of base."""
    out: Discovered[T] = Discovered()
    try:
        package = importlib.import_module(package_name)
    except Exception as exc:  # noqa: BLE001 - a plugin package that fails to import is reported
        out.errors.append(_error(package_name, exc))
        return out
    modules = [package]
    errors: list[str] = []
    for info in pkgutil.walk_packages(package.__path__, prefix=package_name + ".",
                                      onerror=errors.append):
        try:
            modules.append(importlib.import_module(info.name))
        except Exception as exc:  # noqa: BLE001 - a plugin module that fails to import is reported
            out.errors.append(_error(info.name, exc))
    for name in errors:
        out.errors.append(DiscoveryError(name, "package failed to import"))
    for module in modules:
        out.classes.extend((cls, module.__name__) for cls in _classes_in(module, base))
    return out


def walk_directory(directory: Path, base: type[T], namespace: str) -> Discovered[T]:
    """Load every .py file under a user directory (not a package on sys.path) as `namespace.<rel>`."""
    out: Discovered[T] = Discovered()
    directory = Path(directory)
    if not directory.is_dir():
        return out
    if namespace not in sys.modules:
        ns = ModuleType(namespace)
        ns.__path__ = [str(directory)]  # type: ignore[attr-defined]
        sys.modules[namespace] = ns
    for path in sorted(directory.rglob("*.py")):
        if path.name.startswith("_") and path.name != "__init__.py":
            continue
        if path.name == "__init__.py":
            continue
        rel = path.relative_to(directory).with_suffix("")
        name = ".".join([namespace, *rel.parts])
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot load {path}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        except Exception as exc:  # noqa: BLE001 - a plugin file that fails to import is reported
            sys.modules.pop(name, None)
            out.errors.append(_error(f"{name} ({path})", exc))
            continue
        out.classes.extend((cls, name) for cls in _classes_in(module, base))
    return out
