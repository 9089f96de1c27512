"""The benchmark's own logic that does not need a machine to measure on: reading
callgrind's report and rendering the table. (The measurements themselves run in
`make bench`.)"""

import bench

# The tail of `valgrind --tool=callgrind --cache-sim=yes` on stderr (valgrind 3.24).
CACHE_REPORT = """\
==31993== Events    : Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
==31993== Collected : 632063996 166467014 136178765 15984702 861529 549040 11460 222716 274496
==31993==
==31993== I   refs:      632,063,996
"""


def test_callgrind_events_pairs_every_name_with_its_total() -> None:
    events = bench.callgrind_events(
        "==7== Callgrind, a call-graph generating cache profiler\n" + CACHE_REPORT
    )
    assert events == {
        "Ir": 632063996,
        "Dr": 166467014,
        "Dw": 136178765,
        "I1mr": 15984702,
        "D1mr": 861529,
        "D1mw": 549040,
        "ILmr": 11460,
        "DLmr": 222716,
        "DLmw": 274496,
    }


def test_callgrind_events_without_cache_simulation_is_instructions_only() -> None:
    report = "==8== Events    : Ir\n==8== Collected : 146348\n"
    assert bench.callgrind_events(report) == {"Ir": 146348}


def test_callgrind_events_of_a_run_that_failed_is_empty() -> None:
    assert bench.callgrind_events("==9== Events    : Ir\n==9== Killed\n") == {}
    assert bench.callgrind_events("valgrind: command not found\n") == {}


def method_entry(misses: bool) -> dict[str, object]:
    entry: dict[str, object] = {
        "ratio": 0.72,
        "ratio_cpu": 0.7,
        "target": ">= 1.0",
        "ok": False,
        "ordo_instructions": 26_515.0,
        "floor_instructions": 29_612.0,
    }
    if misses:
        entry.update(
            ordo_l1i_misses=689.84,
            ordo_l1d_misses=45.8,
            ordo_l2_misses=21.6,
            floor_l1i_misses=42.5,
            floor_l1d_misses=0.84,
            floor_l2_misses=0.06,
        )
    return entry


def test_table_shows_the_misses_of_both_programs_under_their_method() -> None:
    results = {"methods_vs_floor": {"methods": {"alert.cancel": method_entry(True)}}}
    lines = bench.table(results).splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("alert.cancel / C floor"))
    assert "0.72x" in lines[row] and "26.5k vs 29.6k instr/line" in lines[row]
    assert "MISSED" in lines[row]
    misses = lines[row + 1]
    assert misses.lstrip().startswith("misses/line: L1i / L1d / beyond L2")
    assert "689.8 / 45.8 / 21.6 vs 42.5 / 0.8 / 0.1" in misses


def test_table_has_no_misses_row_when_they_were_not_counted() -> None:
    results = {"methods_vs_floor": {"methods": {"alert.cancel": method_entry(False)}}}
    assert "misses/line" not in bench.table(results)
