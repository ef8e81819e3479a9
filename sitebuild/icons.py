"""The web app's icons (PNG) drawn from ``web/favicon.svg`` at build time.

Chrome wants 192 and 512 px icons for installing a web app, and ``maskable``
ones that stay inside the launcher's mask. They are drawn here from the
favicon's own shapes (its card ``<rect>`` and suit ``<path>``) by a small
anti-aliased polygon filler, so they need no image tool and come out
byte-for-byte the same on every build: same input, same PNG.
"""

from __future__ import annotations

import itertools
import math
import re
import struct
import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sitebuild.paths import CACHE, WEB, sha256_of

Point = tuple[float, float]
Color = tuple[int, int, int]
#: The felt behind the card (the site's theme colour, --felt-dark).
FELT: Color = (0x17, 0x4A, 0x2E)
#: (file name, size in px, purpose) of every icon the manifest lists.
ICONS = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("maskable-192.png", 192, "maskable"),
    ("maskable-512.png", 512, "maskable"),
    ("apple-touch-icon.png", 180, "maskable"),
)
SUBROWS = 4  # vertical samples per pixel; horizontal coverage is exact
CURVE_STEPS = 16


def _color(text: str) -> Color:
    value = text.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def _attrs(tag: str) -> dict[str, str]:
    return dict(re.findall(r'([\w-]+)="([^"]*)"', tag))


# ----------------------------------------------------------------- geometry
def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[Point]:
    points: list[Point] = []
    corners = ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90))
    for cx, cy, start in (*corners, (x + r, y + r, 180)):
        for step in range(CURVE_STEPS + 1):
            angle = math.radians(start + 90 * step / CURVE_STEPS)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def _arc(start: Point, rx: float, ry: float, large: bool, sweep: bool, end: Point) -> list[Point]:
    """An SVG elliptical arc (no rotation) as points (SVG 1.1, appendix F.6.5)."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    scale = max(1.0, math.sqrt((dx / rx) ** 2 + (dy / ry) ** 2))
    rx, ry = rx * scale, ry * scale
    num = rx * rx * ry * ry - rx * rx * dy * dy - ry * ry * dx * dx
    factor = math.sqrt(max(0.0, num / (rx * rx * dy * dy + ry * ry * dx * dx)))
    if large == sweep:
        factor = -factor
    cx = factor * rx * dy / ry + (x1 + x2) / 2
    cy = -factor * ry * dx / rx + (y1 + y2) / 2
    a1 = math.atan2((y1 - cy) / ry, (x1 - cx) / rx)
    a2 = math.atan2((y2 - cy) / ry, (x2 - cx) / rx)
    delta = a2 - a1
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    return [
        (
            cx + rx * math.cos(a1 + delta * i / CURVE_STEPS),
            cy + ry * math.sin(a1 + delta * i / CURVE_STEPS),
        )
        for i in range(1, CURVE_STEPS + 1)
    ]


def path_polygons(d: str) -> list[list[Point]]:
    """The subpaths of an SVG path (M L H V C A Z, absolute or relative) as polygons."""
    tokens = re.findall(r"[MLHVCAZmlhvcaz]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?", d)
    polygons: list[list[Point]] = []
    current: list[Point] = []
    x = y = 0.0
    i = 0
    command = "M"

    def number() -> float:
        nonlocal i
        value = float(tokens[i])
        i += 1
        return value

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                if current:
                    polygons.append(current)
                current = []
                continue
        relative = command.islower()
        ox, oy = (x, y) if relative else (0.0, 0.0)
        kind = command.upper()
        if kind == "M":
            if current:
                polygons.append(current)
            x, y = ox + number(), oy + number()
            current = [(x, y)]
            command = "l" if relative else "L"
        elif kind == "L":
            x, y = ox + number(), oy + number()
            current.append((x, y))
        elif kind == "H":
            x = ox + number()
            current.append((x, y))
        elif kind == "V":
            y = oy + number()
            current.append((x, y))
        elif kind == "C":
            c1 = (ox + number(), oy + number())
            c2 = (ox + number(), oy + number())
            end = (ox + number(), oy + number())
            p0 = (x, y)
            for step in range(1, CURVE_STEPS + 1):
                t = step / CURVE_STEPS
                u = 1 - t
                current.append(
                    (
                        u**3 * p0[0]
                        + 3 * u * u * t * c1[0]
                        + 3 * u * t * t * c2[0]
                        + t**3 * end[0],
                        u**3 * p0[1]
                        + 3 * u * u * t * c1[1]
                        + 3 * u * t * t * c2[1]
                        + t**3 * end[1],
                    )
                )
            x, y = end
        elif kind == "A":
            rx, ry, _rotation, large, sweep = (number() for _ in range(5))
            end = (ox + number(), oy + number())
            current.extend(_arc((x, y), rx, ry, bool(large), bool(sweep), end))
            x, y = end
        else:
            raise ValueError(f"unsupported path command {command!r}")
    if current:
        polygons.append(current)
    return polygons


# ---------------------------------------------------------------- raster
@dataclass
class Canvas:
    size: int

    def __post_init__(self) -> None:
        self.pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(self.size * self.size)]

    def fill(self, polygons: Iterable[list[Point]], color: Color) -> None:
        """Fill (non-zero winding), anti-aliased, source-over."""
        edges = []
        for polygon in polygons:
            for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
                if y0 != y1:
                    edges.append((x0, y0, x1, y1, 1 if y1 > y0 else -1))
        size = self.size
        for row in range(size):
            coverage = [0.0] * (size + 2)
            for sub in range(SUBROWS):
                sy = row + (sub + 0.5) / SUBROWS
                crossings = sorted(
                    (x0 + (sy - y0) * (x1 - x0) / (y1 - y0), winding)
                    for x0, y0, x1, y1, winding in edges
                    if min(y0, y1) <= sy < max(y0, y1)
                )
                inside = 0
                for (xa, wa), (xb, _) in itertools.pairwise(crossings):
                    inside += wa
                    if inside:
                        self._span(coverage, max(0.0, xa), min(float(size), xb), 1 / SUBROWS)
            running = 0.0
            for col in range(size):
                running += coverage[col]
                alpha = min(1.0, max(0.0, running))
                if alpha:
                    self._blend(row * size + col, color, alpha)

    @staticmethod
    def _span(coverage: list[float], xa: float, xb: float, weight: float) -> None:
        """Add ``weight`` over [xa, xb) into a difference array of pixel coverage."""
        if xb <= xa:
            return
        first, last = int(xa), int(xb)
        if first == last:
            coverage[first] += weight * (xb - xa)
            coverage[first + 1] -= weight * (xb - xa)
            return
        head = weight * (first + 1 - xa)
        coverage[first] += head
        coverage[first + 1] += weight - head
        coverage[last] -= weight
        tail = weight * (xb - last)
        coverage[last] += tail
        coverage[last + 1] -= tail

    def _blend(self, index: int, color: Color, alpha: float) -> None:
        pixel = self.pixels[index]
        keep = 1 - alpha
        out_alpha = alpha + pixel[3] * keep
        for channel in range(3):
            premultiplied = color[channel] / 255 * alpha + pixel[channel] * pixel[3] * keep
            pixel[channel] = premultiplied / out_alpha
        pixel[3] = out_alpha

    def png(self) -> bytes:
        rows = bytearray()
        for row in range(self.size):
            rows.append(0)  # filter: none
            for pixel in self.pixels[row * self.size : (row + 1) * self.size]:
                rows.extend(round(min(1.0, max(0.0, v)) * 255) for v in pixel)

        def chunk(kind: bytes, data: bytes) -> bytes:
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        header = struct.pack(">IIBBBBB", self.size, self.size, 8, 6, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b"")
        )


# ------------------------------------------------------------------ icons
def draw_icon(size: int, purpose: str, svg: str) -> bytes:
    """One icon: the favicon's card on the felt (a rounded square for ``any``,
    full bleed with the card inside the safe zone for ``maskable``)."""
    rect = _attrs(re.search(r"<rect[^>]*>", svg).group(0))  # type: ignore[union-attr]
    path = _attrs(re.search(r"<path[^>]*>", svg).group(0))  # type: ignore[union-attr]
    canvas = Canvas(size)
    content = 0.78 if purpose == "any" else 0.6  # share of the icon the 32-unit favicon takes
    scale = size * content / 32
    offset = size * (1 - content) / 2

    def place(points: list[Point]) -> list[Point]:
        return [(offset + px * scale, offset + py * scale) for px, py in points]

    if purpose == "any":
        canvas.fill([rounded_rect(0, 0, size, size, size * 0.18)], FELT)
    else:
        canvas.fill([rounded_rect(0, 0, size, size, 0.001)], FELT)
    x, y, w, h, r = (float(rect[k]) for k in ("x", "y", "width", "height", "rx"))
    half = float(rect.get("stroke-width", "0")) / 2
    canvas.fill(
        [place(rounded_rect(x - half, y - half, w + 2 * half, h + 2 * half, r + half))],
        _color(rect["stroke"]),
    )
    canvas.fill(
        [place(rounded_rect(x + half, y + half, w - 2 * half, h - 2 * half, max(0.0, r - half)))],
        _color(rect["fill"]),
    )
    canvas.fill([place(p) for p in path_polygons(path["d"])], _color(path["fill"]))
    return canvas.png()


def write_icons(out: Path, svg_path: Path = WEB / "favicon.svg") -> list[Path]:
    """Write every icon of :data:`ICONS` into ``out`` (drawn once per favicon
    and drawing code, then taken from ``.cache/icons/``)."""
    out.mkdir(parents=True, exist_ok=True)
    svg = svg_path.read_text("utf-8")
    key = (sha256_of(svg_path) + sha256_of(Path(__file__)))[::4]
    written = []
    for name, size, purpose in ICONS:
        cached = CACHE / "icons" / key / name
        if not cached.exists():
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(draw_icon(size, purpose, svg))
        target = out / name
        target.write_bytes(cached.read_bytes())
        written.append(target)
    return written
