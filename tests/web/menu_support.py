"""The app's menu as a person uses it: most entries sit in a list ("Learn", "Menu")
that opens from the bar (web/js/app.js); a test opens that list and then taps or
clicks the entry, as a person would."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect


def show_menu_item(page: Any, item: str) -> Any:
    """Open the list holding the entry ``.app-menu-<item>`` (unless open) and return the entry."""
    entry = page.locator(f".app-menu-{item}")
    group = page.locator(f"details.app-menu-group:has(.app-menu-{item})")
    if group.count() and group.get_attribute("open") is None:
        group.locator("summary").click()
    expect(entry).to_be_visible()
    return entry


def choose_menu(page: Any, item: str) -> None:
    """Click the menu entry ``item`` ("stats", "archive", "new", "learn", "hints", ...)."""
    show_menu_item(page, item).click()
