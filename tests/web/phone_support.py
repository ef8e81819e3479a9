"""A phone as the browser tests hold it: a touch screen that lays the page out at its
own width (Playwright ``is_mobile``, ``has_touch``). A desktop context with a narrow
viewport would not do: there a wide header just scrolls, while a phone browser lays
the whole page out at the widest element's width (issue 43).

``phone_context`` records console errors and requests like conftest's ``site_page``;
``tap`` is a real tap that first checks the control is on the screen and is the
element at the point tapped; ``page_fits`` checks that nothing widens the page."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from conftest import SERVICE_WORKERS, SitePage
from daily_support import seed_local_storage, watched_page

#: The phones of the issue: (width, height, device pixel ratio).
PHONES = {"360x740": (360, 740, 2), "390x844": (390, 844, 3)}
#: Each language and the browser locale that asks for it.
LOCALES = {"en": "en-US", "de": "de-DE", "es": "es-ES", "zh": "zh-CN"}
#: Screenshots of every state checked, for a person to look at: taken only when
#: STICHTAG_SCREENSHOTS names a folder (some 110 screenshots at 3x scale would
#: add minutes to every run, and no assertion reads them).
SHOTS_FOLDER = os.environ.get("STICHTAG_SCREENSHOTS")


@contextmanager
def phone_context(
    browser: Any,
    site_url: str,
    *,
    locale: str = "en-US",
    phone: str = "390x844",
    today: str = "2026-12-03",
    storage: dict[str, str] | None = None,
    mobile: bool = True,
    first_visit: bool = False,
) -> Iterator[SitePage]:
    """A fresh phone (``mobile=False``: a desktop browser of that size) on ``today``,
    with ``storage`` in localStorage before the first visit; the engine's memory
    snapshot is already kept unless ``first_visit`` (see daily_support.site_context)."""
    width, height, scale = PHONES[phone] if phone in PHONES else (*map(int, phone.split("x")), 1)
    options: dict[str, Any] = {
        "locale": locale,
        "viewport": {"width": width, "height": height},
        "service_workers": SERVICE_WORKERS,
    }
    if mobile:
        options.update(is_mobile=True, has_touch=True, device_scale_factor=scale)
    context = browser.new_context(**options)
    sp = watched_page(context, site_url, browser=None if first_visit else browser)
    page = sp.page
    y, m, d = (int(part) for part in today.split("-"))
    page.clock.set_fixed_time(datetime(y, m, d, 10, 0, 0))
    seed_local_storage(page, storage)
    try:
        yield sp
    finally:
        context.close()


#: How wide the page is laid out, and the viewport's size.
WIDTHS_JS = """() => ({scroll: document.documentElement.scrollWidth, inner: innerWidth,
  body: document.body.scrollWidth, height: innerHeight})"""

#: Every control shown in ``root`` (a selector) that lies partly outside the
#: viewport's width, with its box: nothing may be off the screen sideways.
OFF_SCREEN_JS = """(root) => {
  const scope = document.querySelector(root);
  if (!scope) return ["no " + root];
  const wide = innerWidth;
  const out = [];
  for (const el of scope.querySelectorAll("button, a[href], select, input, summary, .card-mine")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest("[hidden], details:not([open]) > :not(summary)")) continue;
    if (r.left < -0.5 || r.right > wide + 0.5) out.push(`${el.className || el.tagName} ${el.textContent.trim().slice(0, 30)} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
  }
  return out;
}"""


def page_fits(page: Any, root: str = "body") -> dict[str, int]:
    """The page never scrolls sideways and every control in ``root`` lies within its width."""
    widths = page.evaluate(WIDTHS_JS)
    assert widths["scroll"] <= widths["inner"], widths
    assert widths["body"] <= widths["inner"], widths
    off = page.evaluate(OFF_SCREEN_JS, root)
    assert not off, off
    return dict(widths)


#: Whether the element at viewport point (x, y) is ``el`` or inside it.
HIT_JS = """(el, [x, y]) => {
  const hit = document.elementFromPoint(x, y);
  return {hit: !!hit && el.contains(hit), what: hit ? `${hit.tagName}.${hit.className}` : "nothing"};
}"""


def tap(page: Any, locator: Any) -> None:
    """A real tap on ``locator`` once it is on the screen, and the element a finger
    meets at its centre is the control itself (not a panel or a neighbour above it)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box, "not on show"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    size = page.evaluate("() => [innerWidth, innerHeight]")
    assert 0 <= x <= size[0] and 0 <= y <= size[1], (box, size)
    hit = locator.evaluate(HIT_JS, [x, y])
    assert hit["hit"], f"a tap at its centre meets {hit['what']}"
    locator.tap()


def shot(page: Any, name: str) -> None:
    """Keep a screenshot of the state checked (<STICHTAG_SCREENSHOTS>/<name>.png)."""
    if not SHOTS_FOLDER:
        return
    folder = Path(SHOTS_FOLDER)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))
