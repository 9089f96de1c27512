"""Python client for Ordo, the JSON-RPC ordering engine for UI layers and alerts.

>>> from ordo import Engine
>>> with Engine(clock="manual") as engine:
...     engine.layers.add("screen", frame=(0, 0, 390, 844))
...     engine.alerts.enqueue("redPacket", priority=30)
...     show = engine.wait_for("alert.show")
"""

from __future__ import annotations

from ._call import UNSET, Call, Pending, Unset
from .aio import AsyncBatch, AsyncEngine
from .batch import Batch
from .discovery import find_engine
from .engine import Engine, SyncBatch
from .errors import (
    AlreadyExists,
    BatchNotSent,
    EngineExited,
    EngineForked,
    EngineNotFound,
    EngineStartFailed,
    InternalError,
    InvalidParams,
    InvalidRequest,
    InvalidState,
    LimitExceeded,
    MethodNotFound,
    NotFound,
    OrdoError,
    OrdoException,
    OrdoTimeout,
    ParseError,
    ProtocolViolation,
    StorageError,
)
from .events import (
    AlertChanged,
    AlertHide,
    AlertIdle,
    AlertShow,
    AlertUpdate,
    Event,
    UnknownEvent,
)
from .models import (
    Alert,
    AlertCounts,
    ClientInfo,
    ClockNow,
    EnqueueResult,
    Frame,
    FrequencyLimit,
    HitTestResult,
    InitializeResult,
    Layer,
    LayerPage,
    Mount,
    NavState,
    PauseState,
    Ping,
    QueueSettings,
    ServerInfo,
    ShowRecord,
    SortRange,
    StateInfo,
    Stats,
    TreeNode,
    TreeRoot,
    TypeDefaults,
)
from .timed import Timed

__version__ = "0.2.38"

__all__ = [
    "UNSET",
    "Alert",
    "AlertChanged",
    "AlertCounts",
    "AlertHide",
    "AlertIdle",
    "AlertShow",
    "AlertUpdate",
    "AlreadyExists",
    "AsyncBatch",
    "AsyncEngine",
    "Batch",
    "BatchNotSent",
    "Call",
    "ClientInfo",
    "ClockNow",
    "Engine",
    "EngineExited",
    "EngineForked",
    "EngineNotFound",
    "EngineStartFailed",
    "EnqueueResult",
    "Event",
    "Frame",
    "FrequencyLimit",
    "HitTestResult",
    "InitializeResult",
    "InternalError",
    "InvalidParams",
    "InvalidRequest",
    "InvalidState",
    "Layer",
    "LayerPage",
    "LimitExceeded",
    "MethodNotFound",
    "Mount",
    "NavState",
    "NotFound",
    "OrdoError",
    "OrdoException",
    "OrdoTimeout",
    "ParseError",
    "PauseState",
    "Pending",
    "Ping",
    "ProtocolViolation",
    "QueueSettings",
    "ServerInfo",
    "ShowRecord",
    "SortRange",
    "StateInfo",
    "Stats",
    "StorageError",
    "SyncBatch",
    "Timed",
    "TreeNode",
    "TreeRoot",
    "TypeDefaults",
    "UnknownEvent",
    "Unset",
    "__version__",
    "find_engine",
]
