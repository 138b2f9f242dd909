"""The router proposer: a calibrated classifier over MiniLM embeddings, the table's context, and a few hard rules.

Labels are ``tool`` or ``tool:variant`` (``<system>_check:stealth``): the variant fills the one field of the
proposal whose allowed values contain it; names come from :mod:`narrator.agent.extract` — characters and zones
named on the table, and entries of the actor's own sheet for fields marked with :func:`tools.proposals.sheet_names`
(a skill, an ability, an item the words name). The examples it learns
from are files — the rulebook's own anchors (``RulesSystem.router_examples``), ``examples/router.jsonl`` and
``training/router_*.jsonl`` in the system's prompts folder, and ``prompts/common/training/router_*.jsonl`` for what
every system shares (no roll, clarify, refuse, moving, turns) — so a new system adds files, never code. The
keyword lexicon (``lexicon/router.json``) gives features whose weights are learnt (:mod:`narrator.agent.classifier`).

Decisions, in order:

1. **Out of game** (``prompts/common/out_of_game/router.json``): asking to change numbers, rules, dice or the log is
   refused with the rule or command that stands in the way. Phrasing another character as the subject ("Guard
   stabs Aria") is refused too: the player speaks for their own character; others act on their turn.
2. **Context** masks what cannot be: an attack with nobody to attack, a move with no zone named, ending a turn
   outside a fight.
3. The most probable label wins; when the runner-up is close (:data:`ASK_RATIO`) the proposal carries it as an
   alternative and the game asks ("stealth or perception? 1/2") instead of guessing.
4. The words' own shape can overrule the ranking, without a question: a blow at someone standing is an attack
   (:mod:`.blows`), a threat is the threat's reading, a line of words said is the saying and the player's own
   question no refusal (:mod:`.speech`). The classifier reads the words as :mod:`.reading` gives them (an NPC's long
   name as its head noun, without what others could do), and the sheet weighs down readings it cannot make.
"""

from __future__ import annotations

import json
import re
import threading
import typing
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from narrator.agent.extract import (
    actor_for, is_npc, mentioned, mentioned_other, other_subject, power_for, sheet_name_for, standing_npcs, target_for,
    usable_powers, zone_for,
)
from narrator.agent.blows import SPECIFIC, strikes_unnamed, struck_instead, threat_instead
from narrator.agent.reading import as_read, weigh_off_sheet
from narrator.agent.specs import spec_named
from narrator.agent.speech import asked_instead, said_instead
from narrator.prompts import (
    CIRCUMSTANCES, COMMON, OUT_OF_GAME, ROUTER_EXAMPLES, ROUTER_LEXICON, SCENE_ONSET, common_path, prompt_path,
    system_dir, training_files,
)
from narrator.tools.errors import ToolArgumentError, player_message
from narrator.tools.proposals import CLARIFY, NO_ROLL, NOT_TOOLS, REFUSE, Circumstance, Proposal, build
from narrator.tools.systems import generation, get_system
from narrator.tools.table import TableState

NO_FIGHT = "no fight is running"
"""The reason given when a turn or a fight is ended with none running (the admission check refuses it in words)."""
GENERIC_REFUSAL = ("That is not something your character can do in the story: you speak only for your own "
                   "character, and the engine decides every roll and number. Say what your character does "
                   "(\"I climb the wall\"), or /help for the commands.")
"""What a refusal the classifier chose says, when no rule names a more precise reason."""
MIN_CONFIDENCE = 0.15
"""Below this probability nothing is likely enough: ask the player to say it another way."""
ASK_RATIO = 0.6
"""Offer the runner-up when its probability is at least this share of the winner's."""
PLACEHOLDERS = {"pc": ("Kira", "Tomas", "Ysolde"), "ally": ("Brannoc", "Lia", "Odo"),
                "npc": ("the guard", "the merchant", "the old man", "the captain")}


@dataclass(frozen=True)
class Candidate:
    label: str
    score: float

    @property
    def tool(self) -> str:
        return self.label.split(":", 1)[0]

    @property
    def variant(self) -> str | None:
        return self.label.split(":", 1)[1] if ":" in self.label else None


def _read_jsonl(path) -> list[tuple[str, str]]:
    rows = []
    if path.exists():
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if line.strip():
                row = json.loads(line)
                rows.append((fill_placeholders(row["text"], i), row["label"]))
    return rows


def fill_placeholders(text: str, i: int) -> str:
    """``{pc}``, ``{ally}``, ``{npc}`` in training lines become varied names, so no name is learnt as a label."""
    for key, names in PLACEHOLDERS.items():
        text = text.replace("{" + key + "}", names[i % len(names)])
    return text


@lru_cache(maxsize=None)
def _examples(system: str, generation: int) -> tuple[tuple[str, str], ...]:
    labels = {s.tool for s in _specs(system)}
    rows = list(get_system(system).router_examples())
    own = system_dir(system)
    for path in (own / ROUTER_EXAMPLES, *training_files(own), *training_files(COMMON)):
        rows += _read_jsonl(path)
    return tuple((t, l) for t, l in rows if l.split(":", 1)[0] in labels)


def examples(system: str) -> tuple[tuple[str, str], ...]:
    """Every labelled example the router learns from for ``system`` (only labels the system can propose)."""
    from narrator.tools.systems import generation

    return _examples(system, generation())


def _specs(system: str):
    from narrator.agent.specs import specs_for

    return specs_for(system)


@lru_cache(maxsize=None)
def _lexicon_file(system: str) -> dict[str, Any]:
    path = prompt_path(system, ROUTER_LEXICON)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def lexicon(system: str) -> tuple[dict[str, Any], ...]:
    data = _lexicon_file(system)
    return tuple(data["rules"]) if data else ()


@lru_cache(maxsize=None)
def lexicon_patterns(system: str) -> tuple[re.Pattern, ...]:
    """The lexicon's patterns compiled once, as its file is read once (a turn reads all of them: ``re.compile``
    of a cached pattern still costs a lookup each, about 0.1 ms a turn)."""
    return tuple(re.compile(r["pattern"], re.IGNORECASE) for r in lexicon(system))


def priors(system: str) -> dict[str, float]:
    """How common a label is in play relative to the others (training is balanced per label): a factor on its
    probability, from the lexicon's ``priors`` (e.g. trait-only tests are rarer than skill tests)."""
    return dict(_lexicon_file(system).get("priors", {}))


def with_target(system: str) -> dict[str, str]:
    """Labels that become another when the words name someone on the table ("I slash at the guard" is an attack,
    not a fight check), from the lexicon's ``with_target``."""
    return dict(_lexicon_file(system).get("with_target", {}))


def npc_acts(system: str) -> dict[str, str]:
    """Tools an NPC's line becomes when the narrator speaks for it (5+: an NPC's attack is its action, the character
    responds — "NPCs never roll"), from the lexicon's ``npc_acts``; the label's variant carries over."""
    return dict(_lexicon_file(system).get("npc_acts", {}))


@lru_cache(maxsize=None)
def worded_values(system: str) -> tuple[tuple[re.Pattern, str, Any, tuple[tuple[str, Any], ...]], ...]:
    """Arguments the words choose where the label leaves them open, from the lexicon's ``values``: (pattern, field,
    value, the arguments it needs), in the file's order. Brew's skill rolls take the attribute that fits the
    activity — tracking is Perception + Survival — where the skill alone would give the book's example pairing."""
    return tuple((re.compile(v["pattern"], re.IGNORECASE), v["field"], v["value"], tuple(v.get("when", {}).items()))
                 for v in _lexicon_file(system).get("values", []))


def flags(system: str) -> tuple[dict[str, Any], ...]:
    """Stated intents that set a boolean argument ("I spend a faith point" → faith=true), from the lexicon."""
    return tuple(_lexicon_file(system).get("flags", []))


@lru_cache(maxsize=None)
def out_of_game(system: str | None = None) -> tuple[tuple[re.Pattern, str], ...]:
    """The system's own out-of-game patterns (``out_of_game/router.json`` in its prompts folder), then the common
    ones: a system's words are the more specific (Mastery's triumphs are refused with what the rulebook lets them
    do, where the common rule would only say that nothing buys a success)."""
    rules = _common(OUT_OF_GAME)["rules"]
    own = system_dir(system) / OUT_OF_GAME if system else None
    if own is not None and own.exists():
        rules = json.loads(own.read_text(encoding="utf-8"))["rules"] + rules
    return tuple((re.compile(r["pattern"], re.IGNORECASE), r["message"]) for r in rules)


def _common(name: str) -> dict[str, Any]:
    return json.loads(common_path(name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _onset_patterns() -> tuple[re.Pattern, ...]:
    return tuple(re.compile(p, re.IGNORECASE) for p in _common(SCENE_ONSET)["patterns"])


def hostile_onset(text: str) -> bool:
    """Whether the words tell someone turning hostile ("charges at us", "goes for Aria's throat"), from
    ``prompts/common/lexicon/scene_onset.json``."""
    return any(p.search(text) for p in _onset_patterns())


@lru_cache(maxsize=None)
def _circumstance_rules() -> tuple[tuple[re.Pattern, int], ...]:
    rules = _common(CIRCUMSTANCES)["rules"]
    return tuple((re.compile(r["pattern"], re.IGNORECASE), int(r["steps"])) for r in rules)


CIRCUMSTANCE_STEPS = dict(zip((2, 1, 0, -1, -2), typing.get_args(Circumstance)))
"""Steps to the proposals' circumstance words, which run from big advantage down to big disadvantage."""


def circumstance_for(text: str) -> str:
    """The circumstance the words tell ("from the higher ground" small advantage, "my sword tip snapped" small
    disadvantage, both: none), from ``prompts/common/lexicon/circumstances.json``; "none" when they tell none."""
    steps = sum(n for pattern, n in _circumstance_rules() if pattern.search(text))
    return CIRCUMSTANCE_STEPS[max(-2, min(2, steps))]


def out_of_game_message(text: str, system: str | None = None) -> str | None:
    for pattern, message in out_of_game(system):
        if pattern.search(text):
            return message
    return None


IMPOSSIBLE_FALLBACK = {"table_move": NO_ROLL}
"""Where the probability of a label that cannot be goes (a system's lexicon may add ``when_impossible``): moving
without naming a zone the table has is ordinary walking."""
POWER_NAMED = 4.0
"""A power of the actor named in full ("I channel my healing touch") makes using it this much likelier."""


def stated_flags(text: str, system: str) -> list[dict[str, Any]]:
    """The lexicon's flags whose stated intent the words contain ("I spend a faith point…" → faith)."""
    return [flag for flag in flags(system) if re.search(flag["pattern"], text, re.IGNORECASE)]


def strip_flags(text: str, system: str) -> str:
    """The words with stated intents removed ("I spend a faith point and pick the lock" → "pick the lock"): the
    intent sets an argument, and must not pull the choice of action towards talk about points."""
    for flag in flags(system):
        text = re.sub(flag["pattern"], " ", text, flags=re.IGNORECASE)
    return re.sub(r"\s+", " ", text).strip() or text


PREAMBLE = re.compile(
    r"^\s*(ok(ay)?|so|well|alright|hmm+|um+)?[,\s]*(can|could|may) i (please )?(try( to)?|attempt to)?\s*"
    r"|^\s*(i'?d like to|i would like to|i want to|i wanna|i will|i'll|let me|i try to|i attempt to|i'm going to"
    r"|i am going to|gonna|is it possible to)\s+", re.IGNORECASE)
"""How a player asks before saying what they do ("can I try to…", "I'd like to…"): the action is what follows. Cut
from both the training lines and the input, so a newcomer's phrasing lands where a veteran's terse one does
(measured on a cross-writer proxy — each persona training file held out in turn — not on any evaluation set)."""


def in_first_person(text: str, actor: str | None) -> str:
    """"Aria lunges at the wolf" from Aria's player reads as "I lunges at the wolf": a player writing about their
    own character in the third person acts, where the same shape with another name ("Brom shoots the guard") is
    someone else acting — the training lines teach that shape as a refusal, and they cannot tell the names apart
    (placeholders are filled with varied names). Only the actor's name at the start of a sentence changes."""
    if not actor:
        return text
    start = r"(?P<start>(?:^|(?<=[.!?;:]\s)|(?<=[.!?;:]\s\s))[\s*\"'“]*)" + re.escape(actor)
    text = re.sub(start + r"['’]s\b", r"\g<start>my", text, flags=re.IGNORECASE)
    return re.sub(start + r"\b(?!\s*[,:])", r"\g<start>I", text, flags=re.IGNORECASE)


def core_of(text: str) -> str:
    """The words of the action without the asking preamble or a closing question mark."""
    return PREAMBLE.sub("", text).rstrip("? ").strip() or text


ACTION_WORDS = 120
"""The most characters of the player's words a proposal carries (the 5+ attempt's ``purpose`` holds 120)."""


def action_words(text: str, actor: str | None) -> str:
    """The player's words of the action for a field marked :data:`tools.proposals.PLAYER_WORDS`: in the first
    person, without the asking preamble, cut at a word within :data:`ACTION_WORDS` characters. The engine compares
    them (a 5+ failure may not be repeated for the same purpose), so they stay the player's, not a paraphrase."""
    words = core_of(in_first_person(text, actor)).strip(" .!")
    if len(words) > ACTION_WORDS:
        words = words[:ACTION_WORDS].rsplit(" ", 1)[0]
    return words


SCENE_LABELS = ("start_combat", "table_next_turn", "table_end_combat")
"""Labels a sentence with someone else as its subject may still carry: the player framing the scene ("the wolves
lunge at us — it's on!") starts or ends a fight (the system's ``start_combat_tool``, whatever its name); anything
else the other character does is theirs to do."""


class RouterProposer:
    name = "router"

    def __init__(self, embedder=None, examples_for=None):
        """``examples_for(system)`` replaces the example files (the cross-writer measure trains without one file)."""
        self._examples_for = examples_for or examples
        if embedder is None:
            from narrator.memory.embedder import router_embedder

            embedder = router_embedder()
        self.embedder = embedder
        self._models: dict[tuple[str, int], Any] = {}
        self._training = threading.Lock()

    # -- the model -----------------------------------------------------------------------------------------------
    def _patterns(self, system: str) -> tuple[re.Pattern, ...]:
        return lexicon_patterns(system)

    def _features(self, texts: list[str], system: str):
        import numpy as np

        from narrator.agent.classifier import lexicon_features

        from narrator.agent.classifier import EMBEDDING_SCALE

        patterns = self._patterns(system)
        texts = [core_of(t) for t in texts]
        vectors = np.array(self.embedder.embed(texts), dtype=np.float32) * EMBEDDING_SCALE
        if not patterns:
            return vectors
        return np.hstack([vectors, np.stack([lexicon_features(t, patterns) for t in texts])])

    def model(self, system: str):
        """The system's classifier: read from the cache, or trained on first use (seconds; the game warms it on
        another thread while the player makes a character, so one lock keeps the two from training it twice)."""
        key = (system, generation())
        if key in self._models:
            return self._models[key]
        with self._training:
            return self._model(system, key)

    def _model(self, system: str, key: tuple[str, int]):
        if key not in self._models:
            from narrator.agent.classifier import fingerprint, load_or_train, train

            rows = self._examples_for(system)
            identity = getattr(self.embedder, "name", type(self.embedder).__name__)
            fp = fingerprint(system, rows, lexicon(system), identity, PREAMBLE.pattern)

            def build():
                from narrator.agent.classifier import EMBEDDING_SCALE

                labels = [label for _, label in rows]
                counts: dict[str, int] = {}
                for label in labels:
                    counts[label] = counts.get(label, 0) + 1
                weights = [1.0 / counts[label] for label in labels]  # every label counts the same, however written
                features = self._features([text for text, _ in rows], system)
                vectors = features[:, :self.embedder.dimension] / EMBEDDING_SCALE if hasattr(
                    self.embedder, "dimension") else None
                return train(features, labels, weights, vectors=vectors)

            self._models[key] = load_or_train(fp, build)
        return self._models[key]

    # -- ranking -------------------------------------------------------------------------------------------------
    def probabilities(self, texts: list[str], system: str):
        """The classifier's label probabilities for each text (flags already stripped), one row per text."""
        from narrator.agent.classifier import EMBEDDING_SCALE

        features = self._features(texts, system)
        dim = getattr(self.embedder, "dimension", None)
        return self.model(system).probabilities(features, features[:, :dim] / EMBEDDING_SCALE if dim else None)

    def rank(self, text: str, state: TableState, actor: str | None = None) -> list[Candidate]:
        """Labels by probability, after the table's context removed what cannot be (renormalised)."""
        model = self.model(state.system)
        who = actor_for(text, state, actor)
        probs = self.probabilities([strip_flags(in_first_person(as_read(text, state, who), who), state.system)],
                                   state.system)[0]
        context = {"starting": get_system(state.system).start_combat_tool if state.initiative.active else None,
                   "target": target_for(text, state, who) is not None, "zone": zone_for(text, state) is not None,
                   "power": power_for(text, state, who) is not None, "text": text, "who": who}
        weight = priors(state.system)
        scores: dict[str, float] = {}
        moved: dict[str, float] = {}
        fallback = {**IMPOSSIBLE_FALLBACK, **dict(_lexicon_file(state.system).get("when_impossible", {}))}
        for label, p in zip(model.labels, probs):
            if self._possible(label, state, context):
                scores[label] = scores.get(label, 0.0) + float(p) * weight.get(label, 1.0)
            elif label in fallback:  # "I walk over there" (no zone named) is a walk, not a stealth check
                moved[fallback[label]] = moved.get(fallback[label], 0.0) + float(p)
            elif is_attack(state.system, label.split(":", 1)[0]):  # an attack on someone the table lacks: ask whom
                scores[UNMET_ATTACK] = scores.get(UNMET_ATTACK, 0.0) + float(p) * weight.get(label, 1.0)
        for label, p in moved.items():
            if label in scores or label in NOT_TOOLS:
                scores[label] = scores.get(label, 0.0) + p
        if any(n != who for n in mentioned(text, list(state.characters))):
            for source, goal in with_target(state.system).items():
                if source in scores and goal in scores:
                    scores[goal] += scores.pop(source)
        if who is not None and is_npc(state, who):
            for source, goal in npc_acts(state.system).items():
                for label in [l for l in scores if l.partition(":")[0] == source]:
                    variant = label.partition(":")[2]
                    moved_to = f"{goal}:{variant}" if variant else goal
                    scores[moved_to] = scores.get(moved_to, 0.0) + scores.pop(label)
        if who is not None and mentioned(text, usable_powers(state, who)):  # a power named in full is used
            for label in scores:
                if self._uses_power(label, state):
                    scores[label] *= POWER_NAMED
        weigh_off_sheet(scores, _lexicon_file(state.system).get("variants_on_sheet", {}), state, who, text)
        if NO_ROLL in scores and len(scores) > 1 and stated_flags(text, state.system):
            scores.pop(NO_ROLL)  # "using a point of faith, I speak to the crowd": a stated intent asks for a roll
        total = sum(scores.values()) or 1.0
        if scores.get(UNMET_ATTACK, 0.0) < UNMET_ATTACK_SHARE * total:  # a weapon named in passing is no attack
            total -= scores.pop(UNMET_ATTACK, 0.0)
            total = total or 1.0
        return sorted((Candidate(l, s / total) for l, s in scores.items()), key=lambda c: -c.score)

    @staticmethod
    def _uses_power(label: str, state: TableState) -> bool:
        tool = label.split(":", 1)[0]
        if tool in NOT_TOOLS:
            return False
        try:
            return "power" in spec_named(state.system, tool).args_model.model_fields
        except KeyError:
            return False

    @staticmethod
    def _possible(label: str, state: TableState, context: dict[str, Any]) -> bool:
        tool = label.split(":", 1)[0]
        if tool in NOT_TOOLS:
            return True
        needs = _needs(state.system, tool, generation())
        if needs is None or tool == context["starting"]:
            return False  # a tool the system lacks; a fight's start while one runs (its attacks are what is meant)
        target, zone, power, markers, _ = needs
        if (target and not context["target"]) or (zone and not context["zone"]) or (power and not context["power"]):
            return False
        return all(sheet_name_for(context["text"], state, context["who"], path, match, only_one=True) is not None
                   for path, match in markers)

    # -- proposing -----------------------------------------------------------------------------------------------
    def propose(self, text: str, state: TableState, actor: str | None = None) -> Proposal:
        refused = out_of_game_message(text, state.system)
        if refused:
            return Proposal(tool=REFUSE, args={"reason": refused}, source=self.name)
        who = actor_for(text, state, actor)
        if strikes_unnamed(text, state, who):  # "I hit the nearest one", six rats standing: whom?
            return clarify(state, whom_to_attack(state, who), self.name)
        ranked = self.rank(text, state, actor)
        other = other_subject(text, state, actor)
        start = get_system(state.system).start_combat_tool
        starts = bool(ranked) and (ranked[0].tool.endswith("start_combat") or ranked[0].tool == start)
        # a fight starting frames the scene only when none runs (in a fight, the guard acts on its own turn)
        framing = not state.initiative.active if starts else bool(ranked) and ranked[0].tool.endswith(SCENE_LABELS)
        if other is not None and not framing:
            if is_npc(state, other) and not state.initiative.active and hostile_onset(text):
                # "the guard yells and charges at us": the player frames a fight's start
                return from_candidate(Candidate(start, 1.0), text, state, actor, self.name)
            return Proposal(tool=REFUSE, source=self.name, args={
                "reason": f"You speak for {actor}; {other} acts when the story or the turn order says so"
                          + (" (in assist mode, /actor lets the narrator speak for someone else)." if actor else ".")})
        if not ranked or ranked[0].score < MIN_CONFIDENCE:
            return clarify(state, "I'm not sure what you want to do; could you say it another way?", self.name)
        def attacks(tool: str) -> bool:
            return is_attack(state.system, tool)

        def plain(candidate: Candidate) -> bool:
            return self._plain(candidate, state)

        # the words' own shape overrules the ranking, in turn: a blow ("I smash the ghoul with the hook"), a threat
        # ("drop your gun or I'll shoot"), the player's own question ("I ask the captain who told him ..."), words
        # said ("I tell him we're just hauling turnips"); a reading so chosen is played without a question
        decided = False
        for rule in (lambda r: struck_instead(r, text, state, actor, attacks, plain),
                     lambda r: threat_instead(r, text, attacks), lambda r: asked_instead(r, text, REFUSE),
                     lambda r: said_instead(r, text, plain)):
            chosen = rule(ranked)
            if chosen is not None:
                ranked, decided = [chosen, *(c for c in ranked if c is not chosen)], True
        best = from_candidate(ranked[0], text, state, actor, self.name)
        update: dict[str, Any] = {"confidence": round(ranked[0].score, 4)}
        if len(ranked) > 1 and best.needs_roll:
            runner = from_candidate(ranked[1], text, state, actor, self.name)
            if runner.needs_roll and runner.call_args != best.call_args:
                update["alternatives"] = [runner.model_copy(update={"confidence": round(ranked[1].score, 4)})
                                          .model_dump(mode="json")]
                update["ask"] = not decided and ranked[1].score >= ASK_RATIO * ranked[0].score
        return best.model_copy(update=update)

    @staticmethod
    def _plain(candidate: Candidate, state: TableState) -> bool:
        """A plain check: a tool with none of a more specific reading's arguments (an aim, an ability...)."""
        if candidate.tool in NOT_TOOLS:
            return False
        try:
            return not SPECIFIC & set(spec_named(state.system, candidate.tool).args_model.model_fields)
        except KeyError:
            return False


NOBODY_TO_FIGHT = ("Nobody on the table is there to fight. Say whom you attack, or add them first "
                   "(/npc; in solo, /encounter brings foes); a shot or a blow at something that is no foe (a mark, a "
                   "rope, the crows in the orchard) is a check: /check SKILL.")
"""Played in 5+ teach: "I shoot at the crows in the orchard with my rifle" was asked whom to fight, and nothing
said how to take the shot."""
UNMET_ATTACK = f"{CLARIFY}:attack"
"""Where an attack's probability goes when the words name nobody on the table ("I attack the barkeep"): the player
is asked whom, instead of the mass going to whatever reading is left (a spell, a check, no roll)."""
UNMET_ATTACK_SHARE = 0.75
"""The share of the line's probability an attack on nobody must hold to be asked about; below it the attack is
dropped as before. Set on the development sets: attacks on someone absent read 0.83–0.98 ("I stab the orc"), lines
that name a weapon or a threat in passing 0.35–0.71 ("I put my knife away", "I hold my ground against his
threats")."""


def whom_to_attack(state: TableState, who: str | None) -> str:
    """The question for an attack on someone the table lacks: who is there to attack, or that nobody is."""
    foes = standing_npcs(state, who)
    if not foes:
        return NOBODY_TO_FIGHT
    return f"Whom do you attack? Here: {', '.join(foes)} (or /npc adds someone new)."


def combatants_for(text: str, state: TableState) -> list[str]:
    """Who rolls initiative: the player-characters and the others the words name ("the wolf goes for Brom's throat"
    does not draw the innkeeper into the fight), or everyone standing when nobody else is named ("Ambush!")."""
    downed = get_system(state.system).downed_condition
    standing = [n for n in state.characters if downed not in state.conditions.get(n, [])]
    named = {n for n in mentioned(text, standing) if is_npc(state, n)}
    return [n for n in standing if not is_npc(state, n) or n in named] if named else standing


def clarify(state: TableState, question: str, source: str) -> Proposal:
    return Proposal(tool=CLARIFY, args={"question": question}, source=source)


def _allowed(annotation: Any) -> set[str]:
    values: set[str] = set()
    for arg in typing.get_args(annotation) or ():
        if typing.get_origin(arg) is typing.Literal:
            values |= set(typing.get_args(arg))
        else:
            values |= _allowed(arg)
    if typing.get_origin(annotation) is typing.Literal:
        values |= set(typing.get_args(annotation))
    return values


def is_attack(system: str, tool: str) -> bool:
    """An attack tool: one whose arguments name a defender (every system's attack, and nothing else)."""
    needs = _needs(system, tool, generation())
    return needs is not None and needs[4]


@lru_cache(maxsize=2048)
def _needs(system: str, tool: str, _generation: int) -> tuple[bool, bool, bool, tuple, bool] | None:
    """What a tool's arguments need the table to name — (a target, a zone, a power, the required sheet names'
    markers, whether it names a defender: :func:`is_attack`) — or None for a tool the system lacks; read from its
    argument model once per registry generation."""
    try:
        spec = spec_named(system, tool)
    except KeyError:
        return None
    fields = spec.args_model.model_fields
    markers = tuple(marker for info in fields.values()
                    if (marker := _sheet_marker(info)) is not None and info.is_required())
    return (any(f in fields for f in ("defender", "target")), "zone" in fields, "power" in fields, markers,
            "defender" in fields)


def _extra(info: Any) -> dict[str, Any]:
    return info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}


def _sheet_marker(info: Any) -> tuple[str, dict | None] | None:
    """(path, match) of a field marked with :func:`tools.proposals.sheet_names`, else None."""
    path = _extra(info).get("x-sheet")
    return (path, _extra(info).get("x-sheet-match")) if isinstance(path, str) else None


def from_candidate(candidate: Candidate, text: str, state: TableState, actor: str | None, source: str) -> Proposal:
    """Turn a label into a validated proposal, filling names from the player's words; clarify what is missing."""
    tool = candidate.tool
    if candidate.label == UNMET_ATTACK:
        return clarify(state, whom_to_attack(state, actor_for(text, state, actor)), source)
    if tool in NOT_TOOLS:
        key = "question" if tool == CLARIFY else "reason"
        text_ = {NO_ROLL: "no roll needed", CLARIFY: "Could you say what your character does?",
                 REFUSE: GENERIC_REFUSAL}[tool]
        return Proposal(tool=tool, args={key: text_}, source=source)
    if tool in ("table_next_turn", "table_end_combat") and not state.initiative.active:
        return Proposal(tool=NO_ROLL, args={"reason": NO_FIGHT}, source=source)
    spec = spec_named(state.system, tool)
    who = actor_for(text, state, actor)
    args: dict[str, Any] = {}
    for field, info in spec.args_model.model_fields.items():
        if candidate.variant and candidate.variant in _allowed(info.annotation):
            args[field] = candidate.variant
        elif field in ("actor", "attacker"):
            args[field] = who
        elif field in ("defender", "target"):
            args[field] = target_for(text, state, who, blow=field == "defender")
        elif field == "zone":
            args[field] = zone_for(text, state)
        elif field == "power":
            args[field] = power_for(text, state, who)
        elif field == "combatants":
            args[field] = combatants_for(text, state)
        elif (marker := _sheet_marker(info)) is not None:
            found = sheet_name_for(text, state, who, marker[0], marker[1], only_one=info.is_required())
            if found is not None or info.is_required():
                args[field] = found
        elif _extra(info).get("x-player-words"):
            words = action_words(text, who)
            if words:
                args[field] = words
        elif _extra(info).get("x-names") == "actors" and typing.get_origin(info.annotation) is not list:
            other = mentioned_other(text, state, who)  # any other character field: whoever the words name
            if other is not None:
                args[field] = other
    if not state.initiative.active:  # "we rest a few minutes" with no fight on is a full rest, not a turn's breather
        args.update(_lexicon_file(state.system).get("out_of_combat", {}).get(tool, {}))
    for flag in stated_flags(text, state.system):
        if flag["field"] in spec.args_model.model_fields:
            args[flag["field"]] = True
    for pattern, field, value, when in worded_values(state.system):
        if (args.get(field) is None and field in spec.args_model.model_fields
                and all(args.get(k) == v for k, v in when) and pattern.search(text)):
            args[field] = value
    if "circumstance" in spec.args_model.model_fields and "circumstance" not in args:
        said = circumstance_for(text)
        if said != "none":
            args["circumstance"] = said
    if args.get("combatants") and not any(is_npc(state, n) for n in args["combatants"]) and (
            mentioned_other(text, state, who) is None):
        return clarify(state, NOBODY_TO_FIGHT, source)  # "I attack the innkeeper" with no innkeeper: no fight of one
    missing = [f for f, v in args.items() if v is None]
    if missing:
        what = {"actor": "who acts", "attacker": "who attacks", "defender": "whom you attack",
                "target": "whom you target", "zone": "where to", "power": "which power"}
        question = "Please say " + " and ".join(what.get(f, f) for f in missing) + "."
        return clarify(state, question, source)
    try:
        return build(spec, args, state, source)
    except ToolArgumentError as e:  # the words do not fit the sheet or the table: say why in plain words
        return clarify(state, player_message(e, who), source)
