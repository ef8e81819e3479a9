"""The built pages' first paint: one joined stylesheet, and every module of the
first paint preloaded (sitebuild/first_paint.py). The browser side (no module
found level by level before the hand is drawn) is in tests/web/test_first_paint.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitebuild.first_paint import (
    MARKER,
    PAGES,
    STYLESHEET,
    join_stylesheets,
    module_graph,
    write_module_preloads,
)

ROOT = Path(__file__).resolve().parents[2]


def write(site: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")


def test_the_graph_follows_static_imports_breadth_first_and_not_dynamic_ones(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        {
            "js/main.js": 'import { a } from "./a.js";\nimport {\n  b,\n} from "./b.js";\n'
            'export { c } from "./c.js";\nimport "./side.js";\n'
            'const later = import("./late.js");\n// import { x } from "./comment.js" is not code\n',
            "js/a.js": 'import { deep } from "./table/deep.js";\n',
            "js/b.js": 'import { a } from "./a.js";\n',
            "js/c.js": "export const c = 1;\n",
            "js/side.js": "",
            "js/late.js": 'import { gone } from "./gone.js";\n',
            "js/gone.js": "",
            "js/table/deep.js": 'import { c } from "../c.js";\n',
        },
    )
    graph = module_graph(tmp_path, ("js/main.js",))
    assert graph == [
        "js/main.js",
        "js/a.js",
        "js/b.js",
        "js/c.js",
        "js/side.js",
        "js/table/deep.js",
    ]  # no late.js (dynamic), no comment.js (a comment)
    # A second entry adds its own graph after the first's.
    later = module_graph(tmp_path, ("js/main.js", "js/late.js", "js/a.js"))
    assert later == [*graph, "js/late.js", "js/gone.js"]


def test_an_import_of_a_missing_module_fails_the_build(tmp_path: Path) -> None:
    write(tmp_path, {"js/main.js": 'import { a } from "./missing.js";\n'})
    with pytest.raises(FileNotFoundError, match=r"missing\.js"):
        module_graph(tmp_path, ("js/main.js",))


def test_the_built_page_preloads_every_module_of_the_first_paint(tmp_path: Path) -> None:
    # The real sources: web/ as the build copies it, plus the two modules it writes.
    site = tmp_path / "site"
    for source in (ROOT / "web").rglob("*"):
        if source.is_file():
            write(site, {str(source.relative_to(ROOT / "web")): source.read_text("utf-8")})
    write(site, {"js/build-info.js": "", "js/param-kinds.js": ""})
    preloaded = write_module_preloads(site)
    html = (site / "index.html").read_text(encoding="utf-8")
    assert MARKER not in html
    assert preloaded[0] == "js/main.js" and {"js/game.js", "js/table/karnoffel.js"} <= set(
        preloaded
    )
    assert "js/app.js" not in preloaded  # loaded after the first paint
    for path in preloaded:
        assert f'<link rel="modulepreload" href="{path}">' in html
    # main.js asks for the texts before the table's modules: its own graph comes first.
    assert preloaded.index("js/texts.js") < preloaded.index("js/game.js")
    with pytest.raises(ValueError, match="marker"):
        write_module_preloads(site)  # written once: a second run finds no marker


def test_the_pages_link_one_stylesheet_joined_in_cascade_order(tmp_path: Path) -> None:
    link = '  <link rel="stylesheet" href="css/{}.css">\n'
    write(
        tmp_path,
        {
            PAGES[0]: "<head>\n" + "".join(link.format(n) for n in "abc") + "</head>\n",
            PAGES[1]: "<head>\n" + "".join(link.format(n) for n in "ac") + "<x>\n</head>\n",
            "css/a.css": ".a {}\n",
            "css/b.css": ".b {}\n",
            "css/c.css": ".c {}\n",
        },
    )
    assert join_stylesheets(tmp_path) == ["css/a.css", "css/b.css", "css/c.css"]
    joined = f'<head>\n  <link rel="stylesheet" href="{STYLESHEET}">\n'
    assert (tmp_path / PAGES[0]).read_text() == joined + "</head>\n"
    assert (tmp_path / PAGES[1]).read_text() == joined + "<x>\n</head>\n"
    text = (tmp_path / STYLESHEET).read_text()
    assert text.index(".a {}") < text.index(".b {}") < text.index(".c {}")
    assert not (tmp_path / "css" / "a.css").exists()


def test_a_page_whose_stylesheets_are_out_of_order_fails_the_build(tmp_path: Path) -> None:
    link = '  <link rel="stylesheet" href="css/{}.css">\n'
    write(
        tmp_path,
        {
            PAGES[0]: "".join(link.format(n) for n in "ab"),
            PAGES[1]: "".join(link.format(n) for n in "ba"),
            "css/a.css": "",
            "css/b.css": "",
        },
    )
    with pytest.raises(ValueError, match="order"):
        join_stylesheets(tmp_path)
    assert (tmp_path / "css" / "a.css").exists()  # nothing written
