"""The type of a parsed JSON value.

A value typed ``JSON`` rather than ``Any`` narrows by ``isinstance`` (or ``type(...) is``)
to ``dict[str, Any]`` or ``list[Any]``, not to a dict of unknowns, so the code that reads
the engine's messages type-checks strict without a cast at run time.
"""

from __future__ import annotations

from typing import Any, Union

JSON = Union[dict[str, Any], list[Any], str, int, float, bool, None]
