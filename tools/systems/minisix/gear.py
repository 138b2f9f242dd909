"""A small gear list for generated characters and NPCs.

"See the sample gear list for ranges" — the book refers to a gear list this patchwork does not include. The only
gear it prices is the sword (+2D to Might's damage) and the leather cuirass (armor 3), both kept as written; the
rest is a setting-neutral list in the same terms (melee and thrown weapons add to Might, missile weapons have a
whole code, armor has its value). Ranges are read from the table's zones instead (see :mod:`.table_combat`).
"""

from __future__ import annotations

from narrator.tools.systems.minisix.sheet import GearItem

MELEE: tuple[GearItem, ...] = (
    GearItem(name="knife", kind="melee", damage="+1D"),
    GearItem(name="club", kind="melee", damage="+1D+1"),
    GearItem(name="sword", kind="melee", damage="+2D"),
    GearItem(name="axe", kind="melee", damage="+2D+1"),
    GearItem(name="spear", kind="melee", damage="+2D"),
)
MISSILE: tuple[GearItem, ...] = (
    GearItem(name="sling", kind="missile", damage="2D+2"),
    GearItem(name="bow", kind="missile", damage="3D+1"),
    GearItem(name="crossbow", kind="missile", damage="4D"),
)
THROWN: tuple[GearItem, ...] = (
    GearItem(name="throwing knives", kind="thrown", damage="+1D"),
    GearItem(name="javelins", kind="thrown", damage="+1D+2"),
)
GUNS: tuple[GearItem, ...] = (
    GearItem(name="pistol", kind="missile", damage="4D"),
    GearItem(name="rifle", kind="missile", damage="5D"),
    GearItem(name="blaster", kind="missile", damage="5D"),
)
"""Fire-arms, for a concept that names one (a gunslinger, a spacer): Missile covers "shooting a bow, crossbow,
sling, pistol or rifle". Not in the book's patchwork; read on the missile weapons' scale (a crossbow 4D), so a
pistol is a crossbow's equal and a rifle or a sci-fi blaster one die more. Never rolled for a concept that names
no gun: a fantasy bandit does not draw a pistol."""
ARMOR: tuple[GearItem, ...] = (
    GearItem(name="leather cuirass", kind="armor", armor=3),
    GearItem(name="chain shirt", kind="armor", armor=6),
    GearItem(name="plate armor", kind="armor", armor=9),
)
SHIELD = GearItem(name="shield", kind="shield")
BUCKLER = GearItem(name="buckler", kind="buckler")
