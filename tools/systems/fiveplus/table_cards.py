"""GM-less play on the table (``five-plus.md#5) Game Master options``): the deck, the hands and the cards played
live in the table's system state (``cards``), so a scene survives between calls and replays exactly.

``fiveplus_scene_deal`` deals the next scene; ``fiveplus_scene_play`` plays a card, sets the scene and opens the
challenge the card defines. Readings chosen (besides those of :mod:`.cards`):

* A card's challenge is a table challenge (:mod:`.table_challenges`) named after the card, of the suit's type
  (hearts social, diamonds achievement, spades exploration, clubs combat; a joker general), with the default
  challenge as its target. The escalation the book describes is its rank: number cards 0, royals and aces 1,
  jokers 2.
* A royal brings its important NPC onto the table (jack power level 3, queen 4, king 5) with a concept from the
  suit; under clubs that NPC is the challenge's opposition (defeat it to win). Any other clubs card brings a foe
  (a d6 picks who; power level 1 for 2-4, 2 for 5-7, 3 for 8-10, 4 for an ace) as the opposition: "Clubs are for
  killers: should be filled with combat and fights".
* Without a player named, the lowest card anyone can play is played: the scene escalates as gently as the hands
  allow (a solo player plays their cards in rising order).
* "Once that challenge is complete, all players may play another card": a card cannot be played while the
  previous card's challenge is open; a new scene cannot be dealt while a card can still be played or the last
  challenge is open (end it with ``fiveplus_end_challenge`` to move on).
"""

from __future__ import annotations

from pydantic import Field

from narrator.tools.binding import run_pure
from narrator.tools.contract import ToolArgs
from narrator.tools.dice import Roller
from narrator.tools.systems.fiveplus.cards import Aces, Deck, DeckResult, PlayResult, fiveplus_deck_deal, fiveplus_deck_play
from narrator.tools.systems.fiveplus.challenges import Challenge
from narrator.tools.systems.fiveplus.rules import GM_OPTIONS, OBJECTIVES, ROYALS
from narrator.tools.systems.fiveplus.table_challenges import StartChallengeArgs, start
from narrator.tools.systems.fiveplus.table_characters import NpcArgs, fiveplus_add_npc
from narrator.tools.systems.fiveplus.table_common import SystemEdits, fail
from narrator.tools.steps import step
from narrator.tools.table import BoundResult, SetScene, TableState, apply_all
from narrator.tools.tool import table_tool

ROYAL_LEVEL = {"J": 3, "Q": 4, "K": 5}
ROYAL_CONCEPT = {"H": "a silver-tongued noble with a secret", "D": "a wealthy rival who wants the same prize",
                 "S": "a keeper of forgotten secrets", "C": "a champion warrior spoiling for a fight"}
FOES = ("band of bandits", "hungry wolf", "hired thug", "cultist fanatic", "orc raider", "giant spider")
"""Who a clubs card that is not a royal sets against the players (a d6 picks)."""
FOE_LEVEL = {"2": 1, "3": 1, "4": 1, "5": 2, "6": 2, "7": 2, "8": 3, "9": 3, "10": 3, "A": 4}
"""The foe's power level by the card's face: the scene's intensity rises with the cards."""
CARD_KIND = {"social": "social", "achievement": "achievement", "exploration": "exploration", "combat": "combat",
             "free": "general"}


def deck_of(state: TableState) -> Deck | None:
    raw = state.system_state.get("cards")
    return None if raw is None else Deck.model_validate(raw)


def open_card_challenge(state: TableState) -> Challenge | None:
    deck = deck_of(state)
    if deck is None or deck.top is None:
        return None
    for raw in (state.system_state.get("challenges") or {}).values():
        ch = Challenge.model_validate(raw)
        if ch.card == deck.top and ch.status == "open":
            return ch
    return None


class SceneDealArgs(ToolArgs):
    players: list[str] | None = Field(None, min_length=1, max_length=8, description="Who gets a hand; default: every "
                                      "player-character.")
    hand_size: int | None = Field(None, ge=3, le=4, description="3 or 4; default: the campaign's (4).")
    aces: Aces | None = Field(None, description="high or low; default: the campaign's (high).")


class SceneDealResult(DeckResult, BoundResult):
    pass


@table_tool("fiveplus")
def fiveplus_scene_deal(args: SceneDealArgs, roller: Roller, state: TableState) -> SceneDealResult:
    """Deal a GM-less 5+ scene from the table's deck: each player's hand is topped up to 3 or 4 cards; the lowest card
    may open the scene."""
    if args.players is None:
        players = [n for n, s in state.characters.items() if not s.get("npc")]
        if not players:
            fail("players", "there is no player-character to deal to; create one first")
    else:
        players = [state.find(p, f"players.{i}") for i, p in enumerate(args.players)]
        if len(set(players)) != len(players):
            fail("players", "each player once", ", ".join(players))
    pending = open_card_challenge(state)
    if pending is not None:
        fail("(state)", f"the challenge of the card on the table is still open ({pending.name}: "
                        f"{pending.progress()}); complete it, or end it with fiveplus_end_challenge")
    deck = deck_of(state)
    hand = args.hand_size or int(state.options.get("hand_size", 4))
    aces = args.aces or state.options.get("aces", "high")
    r = run_pure(fiveplus_deck_deal, roller, state=deck, players=players, hand_size=hand if hand in (3, 4) else 4,
                 aces=aces if aces in ("high", "low") else "high")
    sys = SystemEdits(state)
    sys.set("cards", r.state.model_dump(mode="json"))
    return SceneDealResult(**dict(r), changes=sys.ops())


class ScenePlayArgs(ToolArgs):
    player: str | None = Field(None, min_length=1, max_length=60, description="Who plays; default: whoever holds "
                               "the lowest card that can be played.")
    card: str | None = Field(None, min_length=1, max_length=20, description="The card ('7H', 'QS', 'RJ'); default: "
                             "the player's lowest playable card.")


class ScenePlayResult(PlayResult, BoundResult):
    challenge: Challenge
    npc: str | None = Field(None, description="The important NPC a royal brought.")


@table_tool("fiveplus")
def fiveplus_scene_play(args: ScenePlayArgs, roller: Roller, state: TableState) -> ScenePlayResult:
    """Play a card in a GM-less 5+ scene: it must beat the card on the table (the lowest card opens); its suit sets the
    challenge type, royals bring an important NPC, aces local events, jokers world-changing events; the challenge
    opens on the table."""
    deck = deck_of(state)
    if deck is None or not deck.dealt:
        fail("(state)", "no scene is dealt: deal one first (fiveplus_scene_deal)")
    pending = open_card_challenge(state)
    if pending is not None:
        fail("card", f"the challenge of the card on the table is not complete ({pending.name}: "
                     f"{pending.progress()}); complete it first, or end it with fiveplus_end_challenge")
    player = args.player
    if player is None:
        can = deck.who_can_play()
        if not can:
            fail("player", "nobody can play a card: the scene is over; deal the next one (fiveplus_scene_deal)")
        player = min(can, key=lambda p: (deck.order(can[p][0]), deck.seats.index(p)))  # the gentlest escalation
    else:
        player = state.find(player, "player")
    r = run_pure(fiveplus_deck_play, roller, state=deck, player=player, card=args.card)
    sys = SystemEdits(state)
    sys.set("cards", r.state.model_dump(mode="json"))
    ch_card = r.card
    steps = list(r.steps)
    changes: list = []
    npc = None
    foe_dice: list = []
    rank = 2 if ch_card.kind == "world-changing event" else 1 if ch_card.kind != "challenge" else 0
    opposition: list[str] = []
    royal = ch_card.card[:-1] if ch_card.suit else ""
    if royal in ROYALS:
        made = fiveplus_add_npc.fn(NpcArgs(concept=ROYAL_CONCEPT[ch_card.card[-1]], level=ROYAL_LEVEL[royal]),
                                   roller, state)
        npc = made.actor
        changes += made.changes
        foe_dice = list(made.dice)
        steps.append(step("fiveplus.royal_npc", card=ch_card.card, made=made.summary))
        if ch_card.type == "combat":
            opposition = [npc]
    elif ch_card.type == "combat":
        level = FOE_LEVEL.get(royal, 2)
        pick = roller.roll(len(FOES), "foe")
        made = fiveplus_add_npc.fn(NpcArgs(concept=FOES[pick.face - 1], level=level), roller, state)
        npc = made.actor
        changes += made.changes
        opposition = [npc]
        foe_dice = [pick, *made.dice]
        steps.append(step("fiveplus.clubs_fight", sides=len(FOES), face=pick.face, made=made.summary))
    working = apply_all(state, changes)
    challenge_args = StartChallengeArgs(name=f"Scene {r.state.scene}: {ch_card.name}"[:80],
                                        kind=CARD_KIND[ch_card.type], rank=rank, opposition=opposition)
    ch = start(working, sys, challenge_args, card=ch_card.card, steps=steps)
    steps.append(step("fiveplus.scene_rank", rank=rank))
    scene_text = f"Scene {r.state.scene} — {ch_card.name}: {ch_card.type} {ch_card.kind}. {ch_card.meaning}"
    changes = [*changes, SetScene(text=scene_text[:2000]), *sys.ops()]
    summary = step("fiveplus.scene_played", played=r.summary, opposition=list(ch.opposition), target=ch.target)
    return ScenePlayResult(**{**dict(r), "summary": summary, "steps": steps,
                              "rule_refs": [GM_OPTIONS, OBJECTIVES], "dice": foe_dice}, challenge=ch, npc=npc,
                           changes=changes)
