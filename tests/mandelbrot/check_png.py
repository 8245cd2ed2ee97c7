#!/usr/bin/python3
"""check_png.py FILE WIDTH HEIGHT: the file is a PNG (signature, IHDR of the
given size, 8-bit RGB) whose IDAT data inflates to exactly one filter byte
plus WIDTH * 3 bytes per row. Standard library only."""
import struct
import sys
import zlib

path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"{path}: no PNG signature")
pos, idat, ihdr = 8, b"", None
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
    if zlib.crc32(kind + body) != crc:
        sys.exit(f"{path}: bad CRC in chunk {kind!r}")
    if kind == b"IHDR":
        ihdr = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
if ihdr is None:
    sys.exit(f"{path}: no IHDR chunk")
w, h, depth, colour = ihdr[:4]
if (w, h, depth, colour) != (width, height, 8, 2):
    sys.exit(f"{path}: IHDR says {w}x{h}, depth {depth}, colour type {colour}")
pixels = zlib.decompress(idat)
if len(pixels) != height * (1 + 3 * width):
    sys.exit(f"{path}: {len(pixels)} bytes of pixels, expected {height * (1 + 3 * width)}")
print(f"PNG {w}x{h} RGB ok")
