import sys
from pathlib import Path

# bench.py is a script, not a package: import it from its directory.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
