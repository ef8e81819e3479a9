"""What the pages' first paint waits for, in as few round trips as the build can make it.

**Stylesheets.** A page paints only once all its stylesheets are there, and a
browser opens at most six connections to a site that speaks HTTP/1.x. The
source keeps one stylesheet per concern (``web/css/``); the built pages link
one file, ``css/site.css``: index.html's stylesheets joined in its order. The
rooms' page (``room.html``) links it too: its own stylesheets are a part of
index.html's, in the same order, and the others style only classes of their
own (the coach, the update banner), so its cascade is unchanged.

**Modules.** A module's imports are found only once it has arrived, so the
first paint (today's hand, drawn by ``js/main.js`` and the table's modules)
waited for its module graph level by level: four round trips deep. The built
``index.html`` asks for all of them at once (``<link rel="modulepreload">``):
first what ``js/main.js`` imports statically, at any depth, breadth first,
then the table's modules, which it imports dynamically so that it can ask for
the texts and today's opening before they have arrived. The list is read from
the imports at every build, so it never drifts. The app controller (menus,
dialogs), imported after the first paint, is left out on purpose.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

#: The pages whose stylesheets are joined; the first links them all, in cascade order.
PAGES = ("index.html", "room.html")
#: The joined stylesheet, as the pages link it.
STYLESHEET = "css/site.css"
STYLESHEET_LINK = re.compile(r'  <link rel="stylesheet" href="(css/[^"]+)">\n')
#: The first paint's modules: the page entry, then what it imports dynamically
#: for the first paint (each with its static imports).
ENTRIES = ("js/main.js", "js/game.js", "js/table/messages.js")
#: Where in web/index.html the links go (the line is replaced by them).
MARKER = "  <!-- [instant] modulepreload: the build lists the first paint's modules here -->\n"
#: `import ... from "./x.js"`, `export ... from "./x.js"`, `import "./x.js"` (relative only).
STATIC_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b(?:[^;"'`]*?\bfrom)?\s*["'](\.{1,2}/[^"']+)["']""", re.MULTILINE
)


def static_imports(site: Path, module: str) -> list[str]:
    """The site paths `module` (a site path) imports statically, in source order."""
    text = (site / module).read_text(encoding="utf-8")
    found = []
    for specifier in STATIC_IMPORT.findall(text):
        target = posixpath.normpath(posixpath.join(posixpath.dirname(module), specifier))
        if not (site / target).is_file():
            raise FileNotFoundError(f"{module} imports {specifier}: no {target} in the site")
        found.append(target)
    return found


def module_graph(site: Path, entries: tuple[str, ...] = ENTRIES) -> list[str]:
    """Every module each entry needs before it runs, breadth first (entries in order)."""
    order: list[str] = []
    for entry in entries:
        if entry in order:
            continue
        order.append(entry)
        queue = [entry]
        while queue:
            for target in static_imports(site, queue.pop(0)):
                if target not in order:
                    order.append(target)
                    queue.append(target)
    return order


def write_module_preloads(site: Path) -> list[str]:
    """Put the preload links into ``site/index.html``; returns the preloaded paths."""
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(MARKER) != 1:
        raise ValueError(f"index.html must hold the modulepreload marker once: {MARKER.strip()}")
    already = set(re.findall(r'<script type="module" src="([^"]+)"', html))
    wanted = [path for path in module_graph(site) if path not in already or path == ENTRIES[0]]
    links = "".join(f'  <link rel="modulepreload" href="{path}">\n' for path in wanted)
    page.write_text(html.replace(MARKER, links), encoding="utf-8")
    return wanted


def join_stylesheets(site: Path) -> list[str]:
    """Write ``css/site.css`` and link it from every page instead of its own
    stylesheets (then left out of the site); returns the joined files."""
    pages = {name: (site / name).read_text(encoding="utf-8") for name in PAGES}
    order = STYLESHEET_LINK.findall(pages[PAGES[0]])
    for name, html in pages.items():
        linked = STYLESHEET_LINK.findall(html)
        if not linked or linked != [path for path in order if path in linked]:
            raise ValueError(f"{name}'s stylesheets must be {PAGES[0]}'s, in its order: {linked}")
        first = STYLESHEET_LINK.search(html)
        assert first is not None
        rest = STYLESHEET_LINK.sub("", html[first.end() :])
        joined_link = f'  <link rel="stylesheet" href="{STYLESHEET}">\n'
        (site / name).write_text(html[: first.start()] + joined_link + rest, encoding="utf-8")
    parts = [f"/* {path} */\n{(site / path).read_text(encoding='utf-8')}" for path in order]
    (site / STYLESHEET).write_text("\n".join(parts), encoding="utf-8")
    for path in order:
        (site / path).unlink()
    return order
