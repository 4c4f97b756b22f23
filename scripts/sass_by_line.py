#!/usr/bin/env python3
"""Sums ncu's SASS-page counters by the CUDA source line of each instruction.

Usage: sass_by_line.py COUNTERS.csv[.gz] LISTING [TOP]

COUNTERS is `ncu -i REPORT --page source --csv --print-source sass` of one kernel; LISTING is
`nvdisasm -g` of the same kernel's code (one function, cut from the cubin's listing), whose
`//## File ..., line ...` comments name each instruction offset's source line (not `-gi`: it
prints each inlining chain innermost first, and the last comment before an instruction would
be its outermost caller). The offsets of
the two are matched from the first instruction on, and every opcode is checked: a mismatch
means the listing is of other code. Prints the instructions executed and the stall samples by
file, then the TOP source lines by instructions executed.
"""
import collections
import csv
import gzip
import re
import sys


def listing_lines(path):
    """Offset -> (file:line, opcode) of every instruction in an nvdisasm -g listing."""
    lines, current = {}, None
    for text in open(path):
        m = re.match(r'\s*//## File "([^"]+)", line (\d+)', text)
        if m:
            current = f"{m[1].split('/')[-1]}:{m[2]}"
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(?:@!?U?P\w+\s+)?([A-Z0-9_.]+)", text)
        if m:
            lines[int(m[1], 16)] = (current or "?", m[2].split(".")[0])
    return lines


def main():
    path, listing = sys.argv[1], sys.argv[2]
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    where = listing_lines(listing)
    rows = list(csv.reader((gzip.open if path.endswith(".gz") else open)(path, "rt")))
    head_at = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
    head = rows[head_at]
    address, source = head.index("Address"), head.index("Source")
    executed = head.index("Instructions Executed")
    samples = head.index("Warp Stall Sampling (All Samples)")
    data = [r for r in rows[head_at + 1:] if len(r) > executed and r[address].startswith("0x")]
    base = int(data[0][address], 16)
    by_line = collections.defaultdict(lambda: [0, 0, 0])
    by_file = collections.defaultdict(lambda: [0, 0])
    mismatches, total = 0, [0, 0]
    for r in data:
        line, opcode = where.get(int(r[address], 16) - base, ("?", ""))
        words = r[source].split()
        op = words[1] if words and words[0].startswith("@") else (words[0] if words else "")
        mismatches += op.split(".")[0] != opcode
        ex, s = int(r[executed] or 0), int(r[samples] or 0)
        for sums in (by_line[line], by_file[line.split(":")[0]]):
            sums[0] += ex
            sums[1] += s
        by_line[line][2] += 1
        total[0] += ex
        total[1] += s
    print(f"instructions executed {total[0] / 1e6:.2f} M, stall samples {total[1]}, "
          f"opcode mismatches {mismatches} of {len(data)}")
    for name, (ex, s) in sorted(by_file.items(), key=lambda kv: -kv[1][0]):
        print(f"  {name:28} {ex / 1e6:7.2f} M {100 * ex / total[0]:5.1f}%  "
              f"samples {100 * s / max(total[1], 1):5.1f}%")
    for line, (ex, s, n) in sorted(by_line.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{ex / 1e6:8.3f} M {100 * ex / total[0]:5.1f}%  samples "
              f"{100 * s / max(total[1], 1):5.1f}%  sass {n:4d}  {line}")


if __name__ == "__main__":
    main()
