"""The 5+ system's scene generators, encounter builder and ``/learn`` lessons.

GM-less scenes (``/scene cards``; ``five-plus.md#5) Game Master options``): the first call deals the scene
(``fiveplus_scene_deal``) and plays the lowest card; each later call plays the next card (the lowest one any player
can play) once the card's challenge is complete; when nobody can play, the next call deals the next scene.
``/scene abandon`` ends the open card challenge as lost, so the story can move on. A clubs card brings a foe and
starts the fight (solo: the foes then act on their turns). Every card, hand and challenge
is table state, logged and replayed.

Encounters (``/encounter``; ``#NPCs``, ``#4.2) Objectives``): the party's default challenge (the sum of its key
combat levels) is the budget of successes the foes take — about half of it for an easy encounter, all of it for a
moderate one, one and a half for a deadly one; the foes' power level follows the difficulty (1-2, 2-3, 4-5) and a
logged die picks it, then the count of foes whose successes come closest to the budget (1-4). The foes join the
table and a combat challenge opposes them to the party.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from narrator.memory.campaign import Campaign
from narrator.game.encounters import EncounterOutcome, add_foes, player_characters, roll_choice
from narrator.game.rules import Lesson
from narrator.game.scenes import SceneOutcome, scene
from narrator.game.views import rows_table
from narrator.tools.errors import UserError
from narrator.tools.phrases import counted
from narrator.tools.systems.fiveplus.cards import Deck, card_name
from narrator.tools.systems.fiveplus.challenges import Challenge
from narrator.tools.systems.fiveplus.examples import SNEAK, WORKED_EXAMPLES
from narrator.tools.systems.fiveplus.npcs import defeat_successes
from narrator.tools.systems.fiveplus.table_characters import party_default_challenge

LEVELS = {"easy": (1, 2), "moderate": (2, 3), "deadly": (4, 5)}
SHARE = {"easy": Fraction(1, 2), "moderate": Fraction(1), "deadly": Fraction(3, 2)}


def _deck(campaign: Campaign) -> Deck | None:
    raw = campaign.state.system_state.get("cards")
    return None if raw is None else Deck.model_validate(raw)


def _open_card_challenge(campaign: Campaign, deck: Deck | None) -> Challenge | None:
    if deck is None or deck.top is None:
        return None
    for raw in (campaign.state.system_state.get("challenges") or {}).values():
        ch = Challenge.model_validate(raw)
        if ch.card == deck.top and ch.status == "open":
            return ch
    return None


def deck_view(deck: Deck) -> Any:
    rows = [[p, ", ".join(card_name(c) for c in deck.hands.get(p, [])) or "—"] for p in deck.seats]
    rows.append(["on the table", ", ".join(card_name(c) for c in deck.table) or "—"])
    return rows_table(f"Scene {deck.scene}: {len(deck.deck)} cards in the deck", ["", "cards"], rows)


@scene("cards", "fiveplus",
       "GM-less play: deal a hand and play the next card (suit: the challenge's type; royals, aces, "
       "jokers: bigger events)")
def card_scene(campaign: Campaign) -> SceneOutcome:
    results: list[tuple[str, Any]] = []
    deck = _deck(campaign)
    pending = _open_card_challenge(campaign, deck)
    if pending is not None:
        raise UserError(f"The challenge of {card_name(pending.card or '')} is still open ({pending.name}: "
                        f"{pending.progress()}). Play it out, or /scene abandon to give it up.")
    if deck is None or not deck.dealt or not deck.who_can_play():
        dealt = campaign.call("fiveplus_scene_deal", {})
        results.append(("fiveplus_scene_deal", dealt))
    played = campaign.call("fiveplus_scene_play", {})
    results.append(("fiveplus_scene_play", played))
    if played.challenge.opposition and not campaign.state.initiative.active and played.card.type == "combat":
        results.append(("fiveplus_start_conflict", campaign.call("fiveplus_start_conflict", {})))
    now = _deck(campaign)
    text = campaign.state.scene
    if played.scene_over:
        text += " (The last card of this scene.)"
    return SceneOutcome(f"Scene {now.scene if now else '?'}", text, results, deck_view(now) if now else None)


@scene("abandon", "fiveplus",
       "give up the open card challenge (it counts as lost), so the next card can be played")
def abandon_challenge(campaign: Campaign) -> SceneOutcome:
    pending = _open_card_challenge(campaign, _deck(campaign))
    if pending is None:
        raise UserError("No card challenge is open.")
    result = campaign.call("fiveplus_end_challenge", {"name": pending.name, "outcome": "abandoned"})
    return SceneOutcome("Challenge abandoned", campaign.state.scene, [("fiveplus_end_challenge", result)])


class FivePlusEncounters:
    system = "fiveplus"

    def build(self, campaign: Campaign, difficulty: str, concept: str | None) -> EncounterOutcome:
        player_characters(campaign)  # refused before anything is rolled when there is no party yet
        default, parts = party_default_challenge(campaign.state)
        budget = max(1, round(default * SHARE[difficulty]))
        level, results = roll_choice(campaign, list(LEVELS[difficulty]), "foe level",
                                     lambda lv: f"level {lv}")
        per = defeat_successes(level, default)
        count = min(range(1, 5), key=lambda n: (abs(n * per - budget), n))
        concept, added, more = add_foes(campaign, "fiveplus", count, concept, level)
        results += more
        challenge = campaign.call("fiveplus_start_challenge", {"name": f"Fight: {count} × {concept}"[:80],
                                                               "kind": "combat", "opposition": added})
        results.append(("fiveplus_start_challenge", challenge))
        total = sum(campaign.state.characters[n].get("successes_to_defeat", 0) for n in added)
        rank = campaign.state.characters[added[0]].get("rank", 0)
        rows = [[n, str(campaign.state.characters[n].get("rank", 0)),
                 str(campaign.state.characters[n].get("successes_to_defeat")),
                 ", ".join(campaign.state.characters[n].get("actions", []))] for n in added]
        rating = (f"{counted(total, 'success', 'successes')} to defeat (party's default challenge {default}), "
                  f"rank {rank}")
        view = rows_table(f"Encounter ({difficulty}): {count} × {concept} — {rating}",
                          ["foe", "rank", "successes", "actions"], rows)
        return EncounterOutcome(difficulty, rating, added, results, view,
                                f"Budget: {'; '.join(parts)} → {default}; ×{SHARE[difficulty]} = {budget}.")


LESSONS: dict[str, Lesson] = {
    "checks": Lesson("checks", "Every uncertain action is a check: 2d6 must fall inside the success range, from 5 + "
                     "rank up to 5 + level − damage + modifiers (here the book's sneak past the castle guard: sneak "
                     "4, ninja training +1, guards on alert −1, rank 2).", "fiveplus_check", SNEAK),
    "levels": Lesson("levels", "Levels 0-6 run from incompetent to expert; each one widens the range by one value.",
                     "fiveplus_level_table", {}),
    "improvement": Lesson("improvement", "Any double is worth noticing: at least level + tier, the descriptor gains "
                          "a level; lower, it is marked. The book's shield (3/2) on a double 5.", "fiveplus_check",
                          {"level": 3, "tier": 2, "modifier": 1, "descriptor": "shield"}, seed=74),
    "tiers": Lesson("tiers", "A double 6 that levels up also opens the tier above; once the base tier is full, the "
                    "tier above becomes the base: Fire magic (5:1+2) on a double 6.", "fiveplus_check",
                    {"level": 5, "tier": 1, "next_level": 2, "descriptor": "Fire magic"}, seed=20),
    "turns": Lesson("turns", "Each turn starts at +2 and every action costs 1, on all rolls: one action is +1 focus; "
                    "a full move is −2; resisting rolls are free.", "fiveplus_turn", WORKED_EXAMPLES["fiveplus_turn"]),
    "help": Lesson("help", "Helping the same action is +1 with no roll; a different help action must succeed; "
                   "helping everyone costs −1.", "fiveplus_help_bonus", WORKED_EXAMPLES["fiveplus_help_bonus"]),
    "failure": Lesson("failure", "A failure keeps the story moving: interrupted, partial, reduced or negative — and "
                      "the same action is not simply repeated.", "fiveplus_failure",
                      WORKED_EXAMPLES["fiveplus_failure"]),
    "wounds": Lesson("wounds", "Damage fills a resistance's counter; above its level, a wound whose level is a "
                     "penalty to everything; above the tier, incapacitated. The book's dragon burn.",
                     "fiveplus_resistance_damage", WORKED_EXAMPLES["fiveplus_resistance_damage"]),
    "conditions": Lesson("conditions", "Conditions have a level and a tier: treatment lowers them, a rolled 1 may "
                         "worsen them. The book's snakebite, Poisoned (3:2).", "fiveplus_condition",
                         WORKED_EXAMPLES["fiveplus_condition"]),
    "recovery": Lesson("recovery", "Rest allows only so many recovery actions: automatic, an item, or a healer's "
                       "check (its successes).", "fiveplus_recovery", WORKED_EXAMPLES["fiveplus_recovery"]),
    "practice": Lesson("practice", "During rest, two marked descriptors lose their marks for one free level-up roll.",
                       "fiveplus_practice_roll", WORKED_EXAMPLES["fiveplus_practice_roll"]),
    "stakes": Lesson("stakes", "Raising the stakes: 1 fatigue to re-roll; the new roll stands.", "fiveplus_stakes",
                     WORKED_EXAMPLES["fiveplus_stakes"]),
    "abilities": Lesson("abilities", "Abilities push further at a cost, sometimes only on a 6.", "fiveplus_ability",
                        WORKED_EXAMPLES["fiveplus_ability"]),
    "challenges": Lesson("challenges", "A challenge is won by accumulated successes and lost by turns, failures or "
                         "an arm-wrestling track.", "fiveplus_challenge", WORKED_EXAMPLES["fiveplus_challenge"]),
    "npcs": Lesson("npcs", "NPCs never roll: the character defends or resists; a failure takes 1 + rank damage.",
                   "fiveplus_npc_action", WORKED_EXAMPLES["fiveplus_npc_action"]),
    "cards": Lesson("cards", "GM-less play: hands of 3 or 4; the lowest card opens a scene, later cards beat the one "
                    "on the table; the suit is the challenge's type.", "fiveplus_deck_deal",
                    WORKED_EXAMPLES["fiveplus_deck_deal"]),
    "creation": Lesson("creation", "A character is the scaffold plus descriptors, levels fixed, rolled or bought.",
                       "fiveplus_character_create", WORKED_EXAMPLES["fiveplus_character_create"]),
    "descriptors": Lesson("descriptors", "Descriptors are written name (counter/level:tier) – effect.",
                          "fiveplus_descriptor", WORKED_EXAMPLES["fiveplus_descriptor"]),
}
