#!/usr/bin/env python3
"""Greedy set cover with a budget over a libFuzzer merge control file.

Reads the control file a `-merge=1 -set_cover_merge=1` run wrote with
`-merge_control_file=FILE` (each input's features on its `FT` line) and
prints, one a line, the inputs that cover the most features: the input
that adds the most first, until `--files` inputs are chosen or no input
adds anything. Used by fuzz/minimize.

    pick.py CONTROL_FILE --files N
"""
import argparse
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("control")
    ap.add_argument("--files", type=int, required=True)
    args = ap.parse_args()
    with open(args.control) as f:
        lines = f.read().splitlines()
    n = int(lines[0])
    names = lines[2 : 2 + n]
    features = {}
    for line in lines[2 + n :]:
        parts = line.split()
        if parts and parts[0] == "FT":
            features[int(parts[1])] = set(map(int, parts[2:]))
    total = set().union(*features.values()) if features else set()
    covered = set()
    chosen = []
    while len(chosen) < args.files:
        best = max(features, key=lambda i: (len(features[i] - covered), -i), default=None)
        if best is None or not features[best] - covered:
            break
        covered |= features.pop(best)
        chosen.append(names[best])
    print("\n".join(chosen))
    print(f"pick: {len(chosen)} inputs cover {len(covered)} of {len(total)} features", file=sys.stderr)


if __name__ == "__main__":
    main()
