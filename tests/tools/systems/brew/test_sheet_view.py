"""The sheet as people read it: a weapon shows its attack type in the book's words."""

from narrator.tools.systems.brew.sheet_view import gear_line


def test_a_weapon_reads_as_its_attack_type():
    assert gear_line({"name": "knife", "kind": "weapon", "weapon": "knife"}) == "knife (simple bladed)"
    assert gear_line({"name": "belt knife", "kind": "weapon", "attack_type": "simple_bladed"}) == \
        "belt knife (simple bladed)"
    assert gear_line({"name": "old revolver", "kind": "weapon", "weapon": "handgun"}) == \
        "old revolver (complex ranged, the book's handgun)"
    assert gear_line({"name": "leather armor", "kind": "armor", "soak": 1}) == "leather armor (armor, soak 1)"


def test_injuries_read_apart_lasting_from_permanent():
    from narrator.tools.systems.brew.examples import SHANIA
    from narrator.tools.systems.brew.sheet_view import sheet_text

    text = sheet_text({**SHANIA, "lasting_injuries": [{"name": "broken arm", "healing_left": 24}],
                       "permanent_injuries": ["lost left eye"]})
    assert "Lasting injuries: broken arm (24 to heal)" in text
    assert "Permanent injuries (never heal): lost left eye" in text
