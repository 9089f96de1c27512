"""The README's pictures: screenshots of the demo's report and layer picture (``make pictures``).

    python tools/pictures.py REPORT.html LAYERS.svg FOLDER

writes FOLDER/report.png (the top of the report with its timeline, 1200 x 400, drawn at
90 % so the whole time axis fits) and FOLDER/layers.png (the layer picture at its own
size), with headless Chromium.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPORT_SIZE = (1200, 400)
REPORT_SCALE = 0.9


def screenshot(page: Path, target: Path, size: tuple[int, int], scale: float = 1.0) -> None:
    """Saves what Chromium shows of `page` in a window of `size` pixels at zoom `scale`."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("pictures: Chromium is not installed (make browser-deps installs it)")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--force-color-profile=srgb",
                "--no-first-run",
                f"--user-data-dir={profile}",
                f"--force-device-scale-factor={scale}",
                f"--window-size={round(size[0] / scale)},{round(size[1] / scale)}",
                f"--screenshot={target.resolve()}",
                page.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    print(target)


def svg_size(svg: Path) -> tuple[int, int]:
    """The width and height of the document's root element, rounded up."""
    found = re.match(r'<svg [^>]*width="([\d.]+)" height="([\d.]+)"', svg.read_text())
    if found is None:
        sys.exit(f"pictures: {svg} does not start with an <svg> of a given size")
    return (int(float(found[1]) + 0.999), int(float(found[2]) + 0.999))


def main(argv: list[str]) -> None:
    if len(argv) != 3:
        sys.exit(__doc__)
    report, layers, folder = (Path(argument) for argument in argv)
    folder.mkdir(parents=True, exist_ok=True)
    screenshot(report, folder / "report.png", REPORT_SIZE, REPORT_SCALE)
    screenshot(layers, folder / "layers.png", svg_size(layers))


if __name__ == "__main__":
    main(sys.argv[1:])
