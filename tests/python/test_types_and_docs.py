"""Every public function and class says what it does in help(), and the type stubs name every public name."""

import ast
import inspect
import pathlib

import dlx
import dlx.analysis
import dlx.sudoku
import dlx.xcover

PACKAGE = pathlib.Path(dlx.__file__).resolve().parent
MODULES = [dlx, dlx.sudoku, dlx.xcover, dlx.analysis]


def described(obj):
    """The docstring without the signature line pybind11 puts first."""
    doc = inspect.getdoc(obj) or ""
    lines = [line for line in doc.splitlines() if line.strip()]
    if lines and lines[0].startswith(getattr(obj, "__name__", "?") + "("):
        lines = lines[1:]
    return " ".join(lines)


def test_every_public_function_class_method_and_property_has_a_docstring():
    missing = []
    for module in MODULES:
        assert described(module), module.__name__
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj):
                continue
            if not described(obj):
                missing.append(f"{module.__name__}.{name}")
            if isinstance(obj, type):
                for attribute, value in vars(obj).items():
                    if attribute.startswith("_") and attribute not in ("__iter__", "__next__", "__getitem__",
                                                                       "__int__"):
                        continue
                    if callable(value) or isinstance(value, property) or type(value).__name__ == "property":
                        if not described(value if not isinstance(value, property) else value):
                            missing.append(f"{module.__name__}.{name}.{attribute}")
    assert missing == []


def stub_names(path):
    """The names a .pyi file defines or re-exports."""
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def test_the_stubs_name_every_public_name_and_the_package_is_typed():
    assert (PACKAGE / "py.typed").exists()
    for module, stub in [(dlx, "__init__.pyi"), (dlx.sudoku, "sudoku.pyi"), (dlx.xcover, "xcover.pyi"),
                         (dlx.analysis, "analysis.pyi")]:
        assert set(module.__all__) <= stub_names(PACKAGE / stub), stub
    compiled = {name for name in dir(dlx._dlx) if not name.startswith("__")}
    assert compiled <= stub_names(PACKAGE / "_dlx.pyi")
