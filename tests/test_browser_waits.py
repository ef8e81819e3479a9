"""Browser tests wait in ways that work under the site's CSP and on a busy machine.

Playwright evaluates a ``wait_for_function`` *expression* string with ``eval``
on every poll after the first, which the site's CSP (no ``'unsafe-eval'``)
refuses; a *function* string is evaluated once and then called. Sleeps make
tests flaky on a loaded machine. So in tests/web/: every string literal
given to ``wait_for_function`` is a function, and nothing sleeps.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parent / "web"
#: The start of a JS function: ``() =>``, ``(a, b) =>``, ``([x]) =>``, ``x =>``,
#: ``async ...`` or ``function``.
FUNCTION_START = re.compile(r"\s*(async\b|function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")
SLEEPS = {"wait_for_timeout", "sleep"}


def _string_value(node: ast.expr, constants: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.JoinedStr | ast.BinOp):
        return None  # built at run time: checked where its parts are defined
    return None


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = {
        target.id: node.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        name = node.func.attr
        where = f"{path.name}:{node.lineno}"
        if name in SLEEPS:
            found.append(f"{where}: {name}() sleeps; wait for a condition instead")
        if name == "wait_for_function" and node.args:
            text = _string_value(node.args[0], constants)
            if text is None and isinstance(node.args[0], ast.JoinedStr | ast.BinOp):
                found.append(f"{where}: wait_for_function needs a literal function string")
            elif text is not None and not FUNCTION_START.match(text):
                found.append(f"{where}: wait_for_function gets an expression, not a function")
    return found


def test_browser_tests_wait_with_functions_and_never_sleep() -> None:
    problems = [p for path in sorted(BROWSER_TESTS.glob("*.py")) for p in _problems(path)]
    assert not problems, "\n".join(problems)


def test_the_check_catches_an_expression_and_a_sleep(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        'page.wait_for_function("document.title.length > 0")\n'
        "page.wait_for_timeout(20)\n"
        'OK = "() => true"\n'
        "page.wait_for_function(OK)\n"
    )
    assert len(_problems(bad)) == 2
