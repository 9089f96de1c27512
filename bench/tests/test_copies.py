"""The whole-state copy check (`bench/copies.py`) on disassembly written here: which callers
it reports, and that it refuses to pass when it finds nothing at all."""

import copies

# `objdump -d --no-show-raw-insn` lines: a function's header, then its instructions.
DISASSEMBLY = """\
00000000000db530 <$s10OrdoServer6EngineC5reset13emptyingStateySb_t0A3RPC13ResponseErrorVYKF>:
   db530:	push   %rbp
   db53a:	call   db540 <$s8OrdoCore6ScreenVWOc>

0000000000068700 <$s8OrdoCore9LayerTreeV4move2id6parent9placementAA0C0VSS_AA0C6ParentOSgtF>:
   68700:	push   %rbp
   6886d:	call   66b10 <$s8OrdoCore9LayerTreeVWOc>
   68889:	call   66b10 <$s8OrdoCore9LayerTreeVWOc>
   68890:	call   66b40 <$s8OrdoCore9LayerTreeVWOh>

0000000000069000 <$s8OrdoCore9LayerTreeV3add2idF>:
   69000:	call   66b40 <$s8OrdoCore9LayerTreeVWOh>
   69008:	call   4b130 <$s8OrdoCore5AlertVWOc>
   69010:	jmp    69000 <$s8OrdoCore9LayerTreeV3add2idF+0x20>
"""

# A tail call of a copy, and a call of the screen's getter (a copy too).
INDIRECT = """\
0000000000070000 <$s8OrdoCore6ScreenV6layersAA9LayerTreeVvg>:
   70000:	jmp    66b10 <$s8OrdoCore9LayerTreeVWOc>

0000000000071000 <$s10OrdoServer6EngineC5statsyyF>:
   71008:	call   70000 <$s8OrdoCore6ScreenV6layersAA9LayerTreeVvg>
"""


def test_state_copies_lists_each_caller_of_an_outlined_state_copy() -> None:
    callers = copies.state_copies(DISASSEMBLY.splitlines())
    assert callers == {
        "$s10OrdoServer6EngineC5reset13emptyingStateySb_t0A3RPC13ResponseErrorVYKF": {
            "$s8OrdoCore6ScreenVWOc"
        },
        "$s8OrdoCore9LayerTreeV4move2id6parent9placementAA0C0VSS_AA0C6ParentOSgtF": {
            "$s8OrdoCore9LayerTreeVWOc"
        },
    }


def test_problems_names_callers_outside_the_allowed_places() -> None:
    found = copies.problems(copies.state_copies(DISASSEMBLY.splitlines()))
    assert len(found) == 1
    assert "LayerTreeV4move" in found[0] and "LayerTreeVWOc" in found[0]


def test_only_allowed_copies_pass() -> None:
    allowed_only = DISASSEMBLY.split("\n\n")[0].splitlines()
    assert copies.problems(copies.state_copies(allowed_only)) == []


def test_finding_no_copy_at_all_fails() -> None:
    found = copies.problems(copies.state_copies(["0000 <main>:", "  0:	ret"]))
    assert len(found) == 1 and "no longer matches" in found[0]


def test_tail_calls_and_getter_calls_count_and_only_the_getter_is_allowed() -> None:
    callers = copies.state_copies(INDIRECT.splitlines())
    assert callers == {
        "$s8OrdoCore6ScreenV6layersAA9LayerTreeVvg": {"$s8OrdoCore9LayerTreeVWOc"},
        "$s10OrdoServer6EngineC5statsyyF": {"$s8OrdoCore6ScreenV6layersAA9LayerTreeVvg"},
    }
    found = copies.problems(callers)
    assert any("EngineC5stats" in problem for problem in found)
    assert not any(problem.startswith("$s8OrdoCore6ScreenV6layers") for problem in found)
