#!/usr/bin/env python3
"""Write import/invalid/binary-junk.ics: 4096 pseudo-random bytes from a fixed seed.

Deterministic: running it again gives the same bytes (Python's random.Random(seed).randbytes).
Run: python3 Fixtures/tools/make-binary-junk.py
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "import", "invalid", "binary-junk.ics")
SEED = 20260301

data = random.Random(SEED).randbytes(4096)
with open(OUT, "wb") as f:
    f.write(data)
print(f"wrote {OUT}: {len(data)} bytes, seed {SEED}")
