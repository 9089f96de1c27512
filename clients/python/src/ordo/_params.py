"""Conversions of friendly Python parameter values to their JSON form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._call import UNSET, Unset
from .models import ClientInfo, FrameLike, Mount, frame_to_json


def frame_json(frame: FrameLike | Unset | None) -> Any:
    return frame if frame is None or frame is UNSET else frame_to_json(frame)


def mount_json(mount: Mount | Mapping[str, Any] | Unset) -> Any:
    if isinstance(mount, Mount):
        return mount.to_json()
    return mount if mount is UNSET else dict(mount)


def client_info_json(info: ClientInfo | Mapping[str, str] | Unset) -> Any:
    if isinstance(info, ClientInfo):
        return info.to_json()
    return info if info is UNSET else dict(info)


def strings_json(values: Sequence[str] | Unset) -> Any:
    if isinstance(values, str):
        raise TypeError("expected a sequence of strings, not a string")
    return values if values is UNSET else [*values]
