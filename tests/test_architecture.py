"""The shape docs/architecture.md draws, checked: packages depend one way (no cycle through
several packages either), no two modules import each other (not even for type hints), and the
pure packages import no Django.

Imports are read from the source with `ast` (every `import` and `from ... import`, at any
depth, including those under `if TYPE_CHECKING:`), so nothing has to be imported to check."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "sessions_app"
PURE = ("scoring", "movements", "interchange")
# Pure modules inside the feature folders, named by their path under sessions_app.
PURE_MODULES = (
    "session_choices",
    "session_rules",
    "core/json_shapes",
    "players/name_lines",
    "players/name_matching",
    "table_scoring/views/shapes",
    "bridgemates/event",
    "bridgemates/results",
)
# The rows build what pages and PDFs show from scored results: text helpers of Django, but
# no queries: of sessions_app they import only the pure code and other rows.
ROWS = ("rows", "competitions/rows", "hands/analysis_rows", "players/trend")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The modules `path` imports, as absolute names (a package's own __init__ excluded when
    a name is imported from it: `from .x import y` may name the module x.y)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[: len(parent) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    modules = {name: path for name, path in modules.items() if ".migrations" not in name}
    return {
        name: {other for other in imports(path) if other in modules and other != name}
        for name, path in modules.items()
    }


def test_no_two_modules_import_each_other(graph):
    pairs = sorted(
        (a, b)
        for a, imported in graph.items()
        for b in imported
        if a < b and a in graph.get(b, ()) and not (a.endswith(b) or b.endswith(a))
    )
    # A package's __init__ re-exporting its modules is not a cycle of two modules.
    pairs = [(a, b) for a, b in pairs if not (b.startswith(a + ".") or a.startswith(b + "."))]
    assert not pairs, f"modules importing each other: {pairs}"


def package_of(module: str) -> str:
    """The package (or the loose module) under sessions_app that `module` belongs to:
    "sessions_app.review.checks" -> "services", "sessions_app.entry.rows" -> "entry_rows"."""
    return module.split(".")[1] if "." in module else module


def test_no_packages_import_each_other_even_through_others(graph):
    """A cycle of packages (entry -> review -> entry, or through a third) hides behind
    imports inside functions as well as at the top: every import counts."""
    packages: dict[str, set[str]] = {}
    for module, imported in graph.items():
        packages.setdefault(package_of(module), set()).update(
            package_of(other) for other in imported if package_of(other) != package_of(module)
        )
    try:
        TopologicalSorter(packages).prepare()
    except CycleError as error:
        pytest.fail(f"packages importing each other: {' -> '.join(error.args[1])}")


@pytest.mark.parametrize("package", PURE + PURE_MODULES)
def test_the_pure_code_imports_no_django(package):
    paths = (
        [PACKAGE / f"{package}.py"]
        if package in PURE_MODULES
        else (list((PACKAGE / package).rglob("*.py")))
    )
    django = sorted(
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in paths
        for name in imports(path)
        if name == "django" or name.startswith("django.")
    )
    assert not django, django


def test_the_rows_make_no_queries():
    paths = [
        path
        for rows in ROWS
        for path in (
            sorted((PACKAGE / rows).rglob("*.py"))
            if (PACKAGE / rows).is_dir()
            else [PACKAGE / f"{rows}.py"]
        )
    ]
    allowed = tuple(f"sessions_app.{name.replace('/', '.')}" for name in PURE + PURE_MODULES + ROWS)
    queries = sorted(
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in paths
        for name in imports(path)
        if name.startswith("django.db")
        or (name.startswith("sessions_app.") and not name.startswith(allowed))
    )
    assert len(paths) > 6 and not queries, queries


# What only a developer's machine has (pyproject.toml's dev extra): the app may name it for
# the type checker, never import it when it runs (`dev.py setup --production` leaves it out).
DEV_ONLY = ("django_stubs_ext", "mypy", "pytest", "polib")


def run_time_imports(path: Path) -> set[str]:
    """The modules `path` imports when it runs: every import but those under
    `if TYPE_CHECKING:`."""
    tree = ast.parse(path.read_text(), str(path))
    checked = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for branch in node.body
        for inner in ast.walk(branch)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in checked:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module)
    return found


def test_the_app_imports_no_development_package_when_it_runs():
    found = sorted(
        f"{path.relative_to(PACKAGE.parent)}: {name}"
        for path in [*PACKAGE.rglob("*.py"), *(PACKAGE.parent / "clubscorer").rglob("*.py")]
        for name in run_time_imports(path)
        if name.split(".")[0] in DEV_ONLY
    )
    assert found == []
