"""Long projects on the table: five workers, progress kept between periods, the strict reading as an option."""

from __future__ import annotations

import pytest

from narrator.tools.errors import ToolArgumentError
from narrator.tools.table import SetField, SetSystemState
from narrator.tools.phrases import steps_of

CREW = ["Ada", "Bo", "Cy", "Di", "Ed"]


@pytest.fixture
def crew(table):
    for name in CREW:
        table.put(name, brain=5, brawl=2, brass=3, skills=["art"])  # brain 5 + art: target 6
    return table


def work(threshold=None):
    args = {"project": "The Space-Ship", "workers": [{"actor": n, "skill": "art"} for n in CREW]}
    return {**args, "threshold": threshold} if threshold else args


def test_a_long_project_of_five_workers(crew):
    """"For very long-term projects like building and launching a space-ship the narrator may define a threshold
    like +100, with characters slowly-working to that goal over-time": five workers rolling +8 add 8."""
    faces = [1, 1, 1, 1, 1, 1, 1, 1, 6, 3]  # +2 +2 +2 +2 and 6, 3 -> -1 + 1 = 0: +8
    r = crew.call("minim_work_project", work(100), faces=faces)
    assert (r.raw_total, r.outcome, r.added, r.progress_before, r.progress_after) == (8, 2, 8, 0, 8)
    assert r.project == "The Space-Ship" and r.workers == CREW and not r.bound
    assert r.changes == [SetSystemState(key="projects", value={"The Space-Ship": {"threshold": 100, "progress": 8}})]
    assert [p.target for p in r.participants] == [6] * 5
    r = crew.call("minim_work_project", {**work(), "project": "the space-ship"}, faces=[1] * 10)
    assert (r.progress_before, r.progress_after, r.remaining) == (8, 18, 82)
    assert crew.state.system_state["projects"] == {"The Space-Ship": {"threshold": 100, "progress": 18}}


def test_the_strict_reading_is_a_campaign_option(crew):
    crew.set(options={"long_projects": "strict"})
    r = crew.call("minim_work_project", work(100), faces=[1] * 10)
    assert (r.raw_total, r.added, r.progress_after, r.bound) == (10, 2, 2, True)
    assert any("long_projects=strict" in s for s in steps_of(r))
    crew.set(options={"long_projects": "sometimes"})
    with pytest.raises(ToolArgumentError) as e:
        crew.call("minim_work_project", work(), faces=[])
    assert "long_projects='sometimes' is not one of accumulate, strict" in str(e.value)


def test_threshold_rules_and_completion(crew):
    with pytest.raises(ToolArgumentError) as e:
        crew.call("minim_work_project", work(), faces=[])
    assert "is a new project: give its threshold" in str(e.value)
    r = crew.call("minim_work_project", work(10), faces=[1] * 10)
    assert r.complete and r.progress_after == 10 and r.success
    with pytest.raises(ToolArgumentError) as e:
        crew.call("minim_work_project", work(), faces=[])
    assert "already complete (10 of 10)" in str(e.value)
    with pytest.raises(ToolArgumentError) as e:
        crew.call("minim_work_project", work(50), faces=[])
    assert "already has the threshold 10" in str(e.value)


def test_workers_read_off_their_sheets(crew):
    crew.call("minim_damage", {"target": "Ed", "amount": 3, "reason": "a fall"})
    with pytest.raises(ToolArgumentError) as e:
        crew.call("minim_work_project", work(100), faces=[])
    assert "Ed is unconscious" in str(e.value)
    with pytest.raises(ToolArgumentError) as e:
        crew.call("minim_work_project", {"project": "x", "threshold": 5, "workers": [
            {"actor": "Ada", "skill": "art"}, {"actor": "ada", "skill": "art"}]})
    assert "each worker once" in str(e.value)
    r = crew.call("minim_work_project", {"project": "Kite", "threshold": 5, "workers": [
        {"actor": "Ada", "trait": "brawl", "faith": True}, {"actor": "Bo", "skill": "art", "modifier": -2}]},
        faces=[1, 1, 1, 1])
    assert [p.target for p in r.participants] == [3, 4]  # brawl 2 + faith 1; brain 5 + art 1 - 2
    assert SetField(name="Ada", field="faith", value=4, was=5) in r.changes
