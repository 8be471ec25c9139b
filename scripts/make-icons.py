#!/usr/bin/env python3
"""Draws Catapult Table's app icons (a little catapult lobbing a ball) into web/icons/.

Pure Python (zlib + struct): signed-distance shapes, 3x3 supersampled. Run from the repo root:
    python3 scripts/make-icons.py
"""
import math
import os
import struct
import zlib

BG = (28, 33, 43)
TABLE = (92, 70, 48)
WOOD = (178, 122, 64)
DARK = (96, 62, 34)
BALL = (242, 173, 56)
TRAIL = (242, 173, 56)


def seg(px, py, ax, ay, bx, by):
    vx, vy = bx - ax, by - ay
    wx, wy = px - ax, py - ay
    t = max(0.0, min(1.0, (wx * vx + wy * vy) / (vx * vx + vy * vy)))
    dx, dy = px - (ax + t * vx), py - (ay + t * vy)
    return math.hypot(dx, dy)


def box(px, py, x0, y0, x1, y1):
    dx = max(x0 - px, 0.0, px - x1)
    dy = max(y0 - py, 0.0, py - y1)
    inside = x0 <= px <= x1 and y0 <= py <= y1
    return -min(px - x0, x1 - px, py - y0, y1 - py) if inside else math.hypot(dx, dy)


def rounded_square(px, py, r):
    # Square 0..1 with corner radius r.
    qx = abs(px - 0.5) - (0.5 - r)
    qy = abs(py - 0.5) - (0.5 - r)
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def shapes():
    """(distance function, colour) in painting order, in a 0..1 square, y down."""
    out = [
        (lambda x, y: box(x, y, 0.06, 0.76, 0.94, 0.83), TABLE),
        (lambda x, y: box(x, y, 0.16, 0.63, 0.58, 0.69), WOOD),
        (lambda x, y: seg(x, y, 0.37, 0.66, 0.42, 0.45) - 0.03, WOOD),
        (lambda x, y: seg(x, y, 0.22, 0.60, 0.68, 0.30) - 0.028, DARK),
        (lambda x, y: math.hypot(x - 0.69, y - 0.29) - 0.055, DARK),
        (lambda x, y: math.hypot(x - 0.25, y - 0.71) - 0.06, DARK),
        (lambda x, y: math.hypot(x - 0.50, y - 0.71) - 0.06, DARK),
    ]
    # The ball's arc: a few fading dots, then the ball.
    for i, t in enumerate((0.2, 0.4, 0.6)):
        cx = 0.69 + (0.83 - 0.69) * t
        cy = 0.29 - 0.16 * math.sin(t * 1.6)
        out.append((lambda x, y, cx=cx, cy=cy, r=0.012 + 0.006 * i: math.hypot(x - cx, y - cy) - r, TRAIL))
    out.append((lambda x, y: math.hypot(x - 0.84, y - 0.16) - 0.06, BALL))
    return out


def render(size, maskable):
    ss = 3
    shp = shapes()
    rows = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sj in range(ss):
                for si in range(ss):
                    u = (i + (si + 0.5) / ss) / size
                    v = (j + (sj + 0.5) / ss) / size
                    if maskable:
                        col, alpha = BG, 1.0
                        # Keep the drawing inside the 80% safe zone.
                        x, y = 0.5 + (u - 0.5) / 0.72, 0.5 + (v - 0.5) / 0.72
                    else:
                        inside = rounded_square(u, v, 0.2) <= 0.0
                        col, alpha = BG, 1.0 if inside else 0.0
                        x, y = 0.5 + (u - 0.5) / 0.9, 0.5 + (v - 0.5) / 0.9
                    if alpha > 0.0:
                        for f, c in shp:
                            if f(x, y) <= 0.0:
                                col = c
                    acc[0] += col[0] * alpha
                    acc[1] += col[1] * alpha
                    acc[2] += col[2] * alpha
                    acc[3] += alpha
            n = ss * ss
            a = acc[3] / n
            if a > 0:
                row += bytes((int(acc[0] / acc[3]), int(acc[1] / acc[3]), int(acc[2] / acc[3]), int(a * 255 + 0.5)))
            else:
                row += bytes((0, 0, 0, 0))
        rows.append(bytes(row))
    return rows


def png(path, size, rows):
    raw = b"".join(b"\x00" + r for r in rows)

    def chunk(tag, data):
        c = struct.pack(">I", len(data)) + tag + data
        return c + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n"
    data += chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9))
    data += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(data)


def main():
    out = os.path.join(os.path.dirname(__file__), "..", "web", "icons")
    os.makedirs(out, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
    ):
        png(os.path.join(out, name), size, render(size, maskable))
        print("wrote", name)


if __name__ == "__main__":
    main()
