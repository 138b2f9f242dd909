"""GM-less play with a card deck: the single-player option (``five-plus.md#5) Game Master options``).

"This option uses only a regular deck of cards, from which each player draws a hand of cards … 3 or 4 would give
each player a good starting choice. The player with the lowest value card may play it, starting a scene and
defining the next challenge. Once that challenge is complete, all players may play another card with a face value
above the one on the table … Once no player can play more cards, the scene ends … royals as important NPC
encounters (maybe boss encounters!), aces special local events and joker far reaching, world changing events …
the suits on the card determine the type of challenge."

The pure tools take the deck state and return the new one, so a scene can be played and tested without a table;
the table tools keep it in the table's system state (``SetSystemState``), replayed like every other op.

Readings chosen:

* The deck is the standard French-suited 54: 2-10, J, Q, K, A of four suits and two jokers. It is shuffled by the
  roller (Fisher–Yates, one die per position, every die recorded), so a seed gives the same deck.
* Face values: 2-10 as printed, J 11, Q 12, K 13, aces high 14 (special local events above the royals; "face
  values may differ … as long as all players involved agree": the campaign may set aces low, 1), jokers 15 — the
  escalation the book describes. A card must be strictly above the one on the table, so a joker ends the scene.
* The opening card is a card of the lowest value in anyone's hand; any player holding that value may open (the
  default: the first such player in seat order). Later, any player may play any card above the table's card.
* Hands are dealt at the start of each scene, topped back up to the hand size from the deck (cards not played are
  kept); the previous scene's table goes to the discard pile; an empty deck is refilled by shuffling the discard.
* A joker has no suit: its challenge type is free (the player who plays it chooses, as the book lets the player
  introduce the challenge).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from narrator.tools.contract import CheckResult, ToolArgs
from narrator.tools.dice import Die, Roller
from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.frozen import Frozen
from narrator.tools.name_lists import names_once
from narrator.tools.phrases import said
from narrator.tools.steps import Step, step
from narrator.tools.systems.fiveplus.rules import GM_OPTIONS, JOKERS, RANK_NAMES, RANKS, ROYALS, SUIT_CHALLENGE, SUIT_SYMBOLS, SUITS
from narrator.tools.tool import tool

FULL_DECK: tuple[str, ...] = tuple(f"{r}{s}" for s in SUITS for r in RANKS) + JOKERS
Aces = Literal["high", "low"]
NUMBER_WORDS = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
                "9": "nine", "10": "ten"}


def rank_of(card: str) -> str:
    return card if card in JOKERS else card[:-1]


def suit_of(card: str) -> str | None:
    return None if card in JOKERS else card[-1]


def value(card: str, aces: str = "high") -> int:
    if card in JOKERS:
        return 15
    r = rank_of(card)
    if r == "A":
        return 14 if aces == "high" else 1
    return {"J": 11, "Q": 12, "K": 13}.get(r) or int(r)


def card_name(card: str) -> str:
    if card == "RJ":
        return "the red joker"
    if card == "BJ":
        return "the black joker"
    r, s = rank_of(card), suit_of(card)
    return f"{card[:-1]}{SUIT_SYMBOLS[s]} ({RANK_NAMES.get(r) or NUMBER_WORDS[r]} of {SUITS[s]})"


def normalize(card: str) -> str:
    """'10h', 'qs', '7♥', 'red joker' -> the deck's code ('10H', 'QS', '7H', 'RJ')."""
    text = card.strip().upper().replace(" ", "")
    for code, words in (("RJ", ("REDJOKER", "RJ", "JOKERRED")), ("BJ", ("BLACKJOKER", "BJ", "JOKERBLACK"))):
        if text in words:
            return code
    for symbol, letter in (("♥", "H"), ("♦", "D"), ("♠", "S"), ("♣", "C")):
        text = text.replace(symbol, letter)
    if len(text) == 2 and text[0] == "T":
        text = "10" + text[1]
    return text


def kind_of(card: str) -> str:
    if card in JOKERS:
        return "world-changing event"
    r = rank_of(card)
    return "important NPC encounter" if r in ROYALS else "special local event" if r == "A" else "challenge"


class Deck(BaseModel):
    """The deck state: the draw pile (top first), the discard, hands by player, the table of this scene."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    deck: list[str] = Field(default_factory=list, max_length=54)
    discard: list[str] = Field(default_factory=list, max_length=54)
    hands: dict[str, list[str]] = Field(default_factory=dict, max_length=8)
    seats: list[str] = Field(default_factory=list, max_length=8)
    table: list[str] = Field(default_factory=list, max_length=54, description="Cards played this scene; the last "
                             "is the card on the table.")
    hand_size: int = Field(4, ge=3, le=4)
    aces: Aces = "high"
    scene: int = Field(0, ge=0, le=10_000)
    dealt: bool = Field(False, description="A scene has been dealt (its cards may be played).")

    @field_validator("deck", "discard", "table")
    @classmethod
    def _cards(cls, v: list[str]) -> list[str]:
        bad = [c for c in v if c not in FULL_DECK]
        if bad:
            raise ValueError(f"not cards of the deck: {', '.join(map(str, bad[:5]))}")
        return v

    @field_validator("hands")
    @classmethod
    def _hands(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for player, cards in v.items():
            if not 0 < len(player) <= 60 or len(cards) > 54 or any(c not in FULL_DECK for c in cards):
                raise ValueError(f"the hand of {player[:20]!r} holds something that is not a card")
        return v

    def all_cards(self) -> list[str]:
        return [*self.deck, *self.discard, *self.table, *(c for h in self.hands.values() for c in h)]

    @property
    def top(self) -> str | None:
        return self.table[-1] if self.table else None

    def playable(self, player: str) -> list[str]:
        """The cards ``player`` may play now, lowest first."""
        hand = self.hands.get(player, [])
        if not self.dealt:
            return []
        if self.top is None:
            lowest = self.lowest()
            return sorted([c for c in hand if value(c, self.aces) == lowest], key=self.order)
        return sorted([c for c in hand if value(c, self.aces) > value(self.top, self.aces)], key=self.order)

    def lowest(self) -> int | None:
        cards = [c for p in self.seats for c in self.hands.get(p, [])]
        return min((value(c, self.aces) for c in cards), default=None)

    def order(self, card: str) -> tuple[int, int]:
        return value(card, self.aces), FULL_DECK.index(card)

    def who_can_play(self) -> dict[str, list[str]]:
        return {p: self.playable(p) for p in self.seats if self.playable(p)}


def consistent(deck: Deck) -> list[str]:
    """Problems with a deck state: every card exactly once."""
    cards = deck.all_cards()
    problems = []
    missing = sorted(set(FULL_DECK) - set(cards), key=FULL_DECK.index)
    twice = sorted({c for c in cards if cards.count(c) > 1}, key=FULL_DECK.index)
    if missing:
        problems.append(f"cards missing: {', '.join(missing[:8])}")
    if twice:
        problems.append(f"cards held twice: {', '.join(twice[:8])}")
    extra = [p for p in deck.hands if p not in deck.seats]
    if extra:
        problems.append(f"hands of players without a seat: {', '.join(extra)}")
    return problems


def shuffle(cards: list[str], roller: Roller, dice: list[Die], purpose: str = "shuffle") -> list[str]:
    """Fisher–Yates with the roller: position i swaps with a d(i+1) pick."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        die = roller.roll(i + 1, f"{purpose} {len(out) - i}")
        dice.append(die)
        j = die.face - 1
        out[i], out[j] = out[j], out[i]
    return out


class DeckResult(CheckResult):
    state: Deck = Field(description="The deck state to keep and pass back in.")
    can_play: dict[str, list[str]] = Field(description="Who may play which cards now.")
    scene_over: bool = Field(description="A scene is dealt and nobody can play: it ends.")


def _refuse(field: str, problem: str, given: str | None = None) -> None:
    raise ToolArgumentError("?", [FieldProblem(field, problem, given)])


def _check_state(state: Deck) -> None:
    problems = consistent(state)
    if problems:
        _refuse("state", "; ".join(problems))


class DealArgs(ToolArgs):
    state: Deck | None = Field(None, description="The deck state from the last call; null: a new shuffled deck.")
    players: list[str] = Field(min_length=1, max_length=8, description="The players, in seat order.")
    hand_size: int = Field(4, ge=3, le=4, description="Cards per hand: 3 or 4.")
    aces: Aces = Field("high", description="Aces above the royals (high) or below the 2 (low).")

    _players = names_once("players", refusal="players are 1-60 characters, each once")


def scene_lines(state: Deck) -> list[Step]:
    can = state.who_can_play()
    if not can:
        return [step("fiveplus.scene_ends")]
    return [step("fiveplus.may_play", player=p, cards=list(cards)) for p, cards in can.items()]


def names_of(cards: list[str]) -> str:
    """'7♥ (seven of hearts), Q♠ (queen of spades)': the cards by name."""
    return ", ".join(card_name(c) for c in cards)


@tool("fiveplus")
def fiveplus_deck_deal(args: DealArgs, roller: Roller) -> DeckResult:
    """Deal a 5+ GM-less scene: shuffle a 54-card deck (jokers included) if needed and deal each player a hand of 3 or
    4; the lowest card will open the scene."""
    dice: list[Die] = []
    steps: list[Step] = []
    if args.state is None:
        deck = shuffle(list(FULL_DECK), roller, dice)
        state = Deck(deck=deck, hand_size=args.hand_size, aces=args.aces)
        steps.append(step("fiveplus.shuffled", cards=len(FULL_DECK), dice=len(dice)))
    else:
        state = args.state
        _check_state(state)
        if state.dealt and state.who_can_play():
            _refuse("state", "the scene is still running: a card can still be played "
                             f"({'; '.join(said(scene_lines(state)))})")
    deck, discard = list(state.deck), [*state.discard, *state.table]
    if state.table:
        steps.append(step("fiveplus.table_discarded", cards=len(state.table)))
    hands = {p: list(state.hands.get(p, [])) for p in args.players}
    leftover = [c for p in sorted(state.hands) if p not in hands for c in state.hands[p]]
    if leftover:
        discard += leftover
        steps.append(step("fiveplus.leftover_discarded", cards=len(leftover)))
    for p in args.players:
        while len(hands[p]) < args.hand_size:
            if not deck and discard:
                deck = shuffle(discard, roller, dice, "reshuffle")
                discard = []
                steps.append(step("fiveplus.reshuffled"))
            if not deck:
                steps.append(step("fiveplus.no_cards_left"))
                break
            hands[p].append(deck.pop(0))
    for p in args.players:
        hands[p].sort(key=lambda c: (value(c, args.aces), FULL_DECK.index(c)))
    new = Deck(deck=deck, discard=discard, hands=hands, seats=list(args.players), table=[], hand_size=args.hand_size,
               aces=args.aces, scene=state.scene + 1, dealt=True)
    steps += [step("fiveplus.hand", player=p, cards=list(h)) for p, h in hands.items()]
    lowest = new.lowest()
    if lowest is not None:
        opener = next(p for p in new.seats if new.playable(p))
        steps.append(step("fiveplus.opener", lowest=lowest, player=opener, scene=new.scene,
                          card=new.playable(opener)[0]))
    return DeckResult(summary=step("fiveplus.dealt", scene=new.scene, hands={p: len(h) for p, h in hands.items()}),
                      steps=steps, rule_refs=[GM_OPTIONS], dice=dice, outcome="dealt", success=None, odds=None,
                      state=new, can_play=new.who_can_play(), scene_over=not new.who_can_play())


class PlayArgs(ToolArgs):
    state: Deck = Field(description="The deck state from the last call.")
    player: str = Field(min_length=1, max_length=60)
    card: str | None = Field(None, min_length=1, max_length=20, description="The card to play ('7H', 'QS', '10D', "
                             "'RJ'); default: the player's lowest playable card.")


class CardChallenge(Frozen):
    card: str
    name: str
    value: int
    suit: str | None
    type: str = Field(description="social, achievement, exploration, combat — or free for a joker.")
    kind: str = Field(description="challenge, important NPC encounter, special local event, world-changing event.")
    meaning: str


def type_and_meaning(card: str) -> tuple[str, str]:
    """The challenge type a card's suit sets, and what it means (a joker: free)."""
    s = suit_of(card)
    return SUIT_CHALLENGE[s] if s else ("free", "A joker: a far reaching, world changing event; its challenge type "
                                                "is the player's choice.")


def challenge_of(card: str, aces: str) -> CardChallenge:
    s = suit_of(card)
    ctype, meaning = type_and_meaning(card)
    return CardChallenge(card=card, name=card_name(card), value=value(card, aces), suit=SUITS.get(s or ""),
                         type=ctype, kind=kind_of(card), meaning=meaning)


class PlayResult(DeckResult):
    player: str
    card: CardChallenge
    opening: bool = Field(description="This card opened the scene.")


@tool("fiveplus")
def fiveplus_deck_play(args: PlayArgs, roller: Roller) -> PlayResult:
    """Play a card in 5+ GM-less play: the lowest card opens a scene, later cards must beat the one on the table; the
    suit sets the challenge type, royals bring important NPCs, aces local events, jokers world-changing events."""
    state = args.state
    _check_state(state)
    seat = next((p for p in state.seats if p.casefold() == args.player.strip().casefold()), None)
    if seat is None:
        _refuse("player", f"no hand for {args.player}; players: {', '.join(state.seats) or 'none (deal first)'}",
                args.player)
    if not state.dealt:
        _refuse("state", "no scene is dealt: deal first")
    legal = state.playable(seat)
    if args.card is None:
        if not legal:
            _refuse("player", f"{seat} has no card that can be played now" + (
                f" (the table shows {card_name(state.top)})" if state.top else ""), seat)
        card = legal[0]
    else:
        card = normalize(args.card)
        if card not in FULL_DECK:
            _refuse("card", "not a card: write it like 7H, 10D, QS, AC or RJ/BJ for the jokers", args.card)
        if card not in state.hands.get(seat, []):
            _refuse("card", f"{seat} does not hold {card_name(card)}; the hand: "
                            f"{', '.join(state.hands.get(seat, [])) or 'empty'}", args.card)
        if card not in legal:
            if state.top is None:
                _refuse("card", f"the scene opens with the lowest card held (value {state.lowest()}); "
                                f"{card_name(card)} is value {value(card, state.aces)}", args.card)
            _refuse("card", f"{card_name(card)} (value {value(card, state.aces)}) does not beat "
                            f"{card_name(state.top)} (value {value(state.top, state.aces)})", args.card)
    opening = state.top is None
    hands = {p: [c for c in h if c != card] if p == seat else list(h) for p, h in state.hands.items()}
    new = state.model_copy(update={"hands": hands, "table": [*state.table, card]})
    ch = challenge_of(card, state.aces)
    steps = [step("fiveplus.plays", player=seat, card=card, value=ch.value, above=None if opening else state.top)]
    steps.append(step("fiveplus.card_meaning", card=card))
    if ch.kind != "challenge":
        steps.append(step("fiveplus.card_kind", what=ch.kind))
    steps.append(step("fiveplus.introduces", player=seat))
    can = new.who_can_play()
    steps += scene_lines(new)
    return PlayResult(summary=step("fiveplus.played", player=seat, card=card, type=ch.type, what=ch.kind,
                                   last=not can),
                      steps=steps, rule_refs=[GM_OPTIONS], dice=[], outcome=ch.kind, success=None, odds=None,
                      state=new, can_play=can, scene_over=not can, player=seat, card=ch, opening=opening)
