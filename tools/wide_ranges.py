"""Prints OneShotCall.wideRanges: the code points a terminal draws two columns wide.

Those are East Asian Wide (W) and Fullwidth (F) in Unicode's EastAsianWidth.txt,
including the unassigned code points that file gives W by default (the CJK blocks and
planes 2 and 3). Read from the `unicodedata2` package (PyPI), which follows the newest
Unicode; `make test` checks the table against it (integration/cli/test_call.py).

    .venv/bin/python tools/wide_ranges.py
"""

import unicodedata2


def wide_ranges() -> list[tuple[int, int]]:
    ranges: list[tuple[int, int]] = []
    for code_point in range(0x110000):
        if unicodedata2.east_asian_width(chr(code_point)) not in ("W", "F"):
            continue
        if ranges and ranges[-1][1] == code_point - 1:
            ranges[-1] = (ranges[-1][0], code_point)
        else:
            ranges.append((code_point, code_point))
    return ranges


def main() -> None:
    print(
        f"  // Unicode {unicodedata2.unidata_version}: tools/wide_ranges.py prints it."
    )
    print("  static let wideRanges: [ClosedRange<UInt32>] = [")
    line = "   "
    for low, high in wide_ranges():
        item = f" 0x{low:X}...0x{high:X},"
        if len(line) + len(item) > 100:
            print(line)
            line = "   "
        line += item
    print(line)
    print("  ]")


if __name__ == "__main__":
    main()
