"""The type stubs (``_gridcsp.pyi``) name every function, class and
method of the compiled module, with the same parameters, and the
package is marked typed (``py.typed``)."""

import ast
import inspect
from pathlib import Path

import gridcsp
from gridcsp import _gridcsp

PACKAGE = Path(gridcsp.__file__).parent


def stubs():
    tree = ast.parse((PACKAGE / "_gridcsp.pyi").read_text())
    functions, classes = {}, {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions[node.name] = node
        elif isinstance(node, ast.ClassDef):
            classes[node.name] = {n.name: n for n in node.body if isinstance(n, ast.FunctionDef)}
    return functions, classes


def parameters(node):
    a = node.args
    return [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs if p.arg not in ("self", "cls")]


def runtime_parameters(obj):
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return [n for n in sig.parameters if n not in ("self", "cls", "$self", "$cls")]


def test_package_is_typed():
    assert (PACKAGE / "py.typed").is_file()


def test_stubs_cover_the_module():
    functions, classes = stubs()
    for name in dir(_gridcsp):
        obj = getattr(_gridcsp, name)
        if name.startswith("_"):
            continue
        if inspect.isclass(obj):
            assert name in classes, f"class {name} has no stub"
            for attr, value in vars(obj).items():
                if attr.startswith("_") and attr not in ("__getitem__", "__len__", "__iter__", "__next__", "__invert__"):
                    continue
                assert attr in classes[name], f"{name}.{attr} has no stub"
                node = classes[name][attr]
                if callable(value) and not isinstance(value, property):
                    expected = runtime_parameters(getattr(obj, attr))
                    if expected is not None and attr != "__init__":
                        assert parameters(node) == expected, f"{name}.{attr}"
        else:
            assert callable(obj) and name in functions, f"function {name} has no stub"
            assert parameters(functions[name]) == runtime_parameters(obj), name


def test_everything_has_a_docstring():
    for name in dir(_gridcsp):
        obj = getattr(_gridcsp, name)
        if name.startswith("_") or not (inspect.isclass(obj) or callable(obj)):
            continue
        assert obj.__doc__, name
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if not attr.startswith("_"):
                    assert getattr(value, "__doc__", None), f"{name}.{attr}"
