#!/usr/bin/env python3
"""Writes the hand-made gzip seeds in Seeds/gzip/ (deterministic: mtime 0)."""
import os
import struct
import zlib

TEXT = b"NAME: g3\nTYPE: TSP\nDIMENSION: 3\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n1 0 0\n2 3 4\n3 6 8\nEOF\n"


def member(data, flags=0, extra=b"", name=b"", level=9):
    """One gzip member: FHCRC (2), FEXTRA (4) and FNAME (8) as flagged."""
    header = b"\x1f\x8b\x08" + bytes([flags]) + b"\x00\x00\x00\x00\x02\x03"
    if flags & 4:
        header += struct.pack("<H", len(extra)) + extra
    if flags & 8:
        header += name + b"\x00"
    if flags & 2:
        header += struct.pack("<H", zlib.crc32(header) & 0xFFFF)
    deflate = zlib.compressobj(level, zlib.DEFLATED, -15)
    body = deflate.compress(data) + deflate.flush()
    return header + body + struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)


folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gzip")
seeds = {
    "two-members.tsp.gz": member(TEXT[:40]) + member(TEXT[40:]),
    "header-fields.tsp.gz": member(TEXT, flags=2 | 4 | 8, extra=b"RP\x02\x00ok", name=b"g3.tsp"),
    "stored.tsp.gz": member(TEXT, level=0),
    "empty.gz": member(b""),
}
for file, data in seeds.items():
    with open(os.path.join(folder, file), "wb") as out:
        out.write(data)
