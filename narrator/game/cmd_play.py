"""Commands that make things happen: the oracle, scenes, encounters, rulings, NPCs, rolls and checks.

Every die goes through a logged ``campaign.call`` (via :meth:`GameSession.call`), so teach mode can show the odds
first and the export lists every roll.
"""

from __future__ import annotations

import re
import zlib
from typing import TYPE_CHECKING

from narrator.game.blocks import Block
from narrator.game.cast import scene_people
from narrator.game.commands import CommandTable, find_name, usage_error
from narrator.game.encounters import DIFFICULTIES, encounter_builder
from narrator.game.scenes import scene_generators
from narrator.tools.errors import UserError
from narrator.tools.oracle import LIKELIHOODS, SYNONYMS
from narrator.tools.story_meaning import open_question
from narrator.tools.systems import get_system

if TYPE_CHECKING:
    from narrator.game.context import Play as GameSession


TABLE = CommandTable()
"""The play commands (registered in pyproject.toml under the hook ``narrator.commands``)."""
command = TABLE.command


def split_likelihood(text: str) -> tuple[str, str]:
    """'Is the door locked? likely' -> ('Is the door locked?', 'likely'); no level named -> 'even'."""
    words = text.split()
    for n in (2, 1):
        if len(words) > n:
            tail = " ".join(words[-n:]).lower().strip("()[].,!")
            if tail in LIKELIHOODS or tail in SYNONYMS:
                return " ".join(words[:-n]), tail
    return text, "even"


@command("oracle", "/oracle QUESTION [certain|likely|even|unlikely|impossible]",
         "ask fate a yes/no question (2d6, exact odds shown); a what/who/where/why question gets two words to read "
         "in", "solo", complete=lambda s, a: LIKELIHOODS)
def oracle(s: "GameSession", arg: str) -> None:
    if not arg:
        raise usage_error("oracle")
    question, likelihood = split_likelihood(arg)
    if open_question(question):  # "what does the letter say?": a yes would say nothing
        if question != arg:
            s.info(f"An open question is answered in two words, not yes or no: '{likelihood}' is not used.")
        s.call("story_meaning", {"question": question}, explain=True)
        return
    s.call("story_oracle", {"question": question, "likelihood": likelihood}, explain=True)


@command("scene", "/scene [show | GENERATOR | set TEXT]", "frame a new scene from the oracle tables (place, "
         "situation, someone present, a hook); show it; one of the system's generators; or set it by hand",
         "solo", complete=lambda s, a: ("show", "set", *scene_generators(s.system)) if s.has_campaign else ())
def scene(s: "GameSession", arg: str) -> None:
    generators = scene_generators(s.system)
    word, _, rest = arg.partition(" ")
    fight = s.state.initiative
    if fight.active and word.lower() != "show":  # a new scene while a fight runs would carry the fight into it
        raise UserError(f"A fight is running (round {fight.round}: {', '.join(fight.order)}). End it first with "
                        "/initiative end, then frame the next scene.")
    if not arg:
        s.frame_scene("next")
        return
    if word.lower() == "show":
        now = s.state.scene or "not set"
        listing = "; ".join(f"{n} — {g.description}" for n, g in generators.items()) or "none for this system yet"
        s.info(f"Scene: {now}\nGenerators: {listing}. Or /scene to frame a new one, /scene set TEXT.")
        return
    if word.lower() == "set":
        if not rest:
            raise usage_error("scene")
        s.call("table_set_scene", {"text": rest}, preview=False)
        for name in scene_people(rest, s.state):  # people the scene names become people the player can act on
            s.call("story_update", {"add_person": name}, preview=False)
        return
    generator = generators.get(word.lower())
    if generator is None:
        raise UserError(f"No scene generator {word[:30]!r}; choose one of: {', '.join(generators) or 'none yet'}.")
    outcome = generator.generate(s.engine)
    for tool, result in outcome.results:
        s.show_result(tool, result)
    if outcome.view is not None:
        s.emit(Block.of("view", outcome.view))
    if outcome.scene_text and not any(tool == "table_set_scene" for tool, _ in outcome.results):
        s.info(f"Scene: {outcome.scene_text}")  # 5+'s dealt card set the scene in silence: what to do was unsaid


@command("encounter", "/encounter [easy|moderate|deadly] [CONCEPT]",
         "add foes sized by the system's challenge rules", "assist", complete=lambda s, a: DIFFICULTIES)
def encounter(s: "GameSession", arg: str) -> None:
    builder = encounter_builder(s.system)
    if builder is None:
        raise UserError(f"There are no encounter rules for {get_system(s.system).title} yet.")
    word, _, rest = arg.partition(" ")
    matches = [d for d in DIFFICULTIES if word and d.startswith(word.lower())]
    difficulty = matches[0] if len(matches) == 1 else "moderate"
    concept = (rest if matches else arg).strip() or None
    present = set(s.state.characters)
    outcome = builder.build(s.engine, difficulty, concept)
    npc_tool = get_system(s.system).npc_tool
    for tool, result in outcome.results:
        if tool != npc_tool or s.play_mode.explains:
            s.show_result(tool, result)
    if outcome.view is not None:
        s.emit(Block.of("view", outcome.view))
    if outcome.note:
        s.info(outcome.note)
    s.play_mode.foes_arrived(s, [n for n in s.state.characters if n not in present])


RULING_SENTENCES = 2
"""Sentences quoted from each section found: enough to answer, short enough to read at the table."""
RULING_CHARS = 400
MARKUP = re.compile(r"<[^>]+>|\*|__|`|\[([^\]]*)\]\([^)]*\)")
SENTENCE = re.compile(r"[^.!?]*[.!?]+[\"'”’)]*(?=\s|$)")
WORD = re.compile(r"[a-z]{3,}")
COMMON = frozenset("the and for are was you your can how what when does with that this from have any".split())


def _prose(text: str) -> list[str]:
    """The sentences of a rulebook section, without its markup and without form or table fragments: a character
    sheet's "Current: Total:", a table row, a bare heading or bullet carry no rule, and quoted first they read as
    gibberish."""
    out = []
    for line in text.splitlines():  # a paragraph a line: a form's lines never run into the prose after them
        line = MARKUP.sub(lambda m: m.group(1) or "", line).strip().lstrip("#>-•* ").strip()
        line = re.split(r"[|\t]", line, maxsplit=1)[0].strip()  # a table row is no prose; the sentences before a
        if not line:  # table the index ran into one line are ("...consult this table instead: | Roll | Effect |"
            continue  # left out Minim's whole rule on fumbles)
        for m in SENTENCE.finditer(line):  # whole sentences only: an excerpt's cut ends are left out
            sentence = re.sub(r"^[•\-–*]+\s+", "", m.group(0).strip()).strip()  # a bullet, not "-1, failure"
            if not sentence.startswith("…") and len(re.findall(r"[A-Za-z']+", sentence)) >= 3:
                out.append(sentence)  # fewer words is a form field ("Current: Total:") or a stub
    return out


def _stems(text: str) -> set[str]:
    return {w[:5] for w in WORD.findall(text.lower()) if w not in COMMON}


def _best_sentences(question: str, sentences: list[str]) -> list[str]:
    """The sentences sharing most words with the question (ties: the earlier), in the book's order."""
    wanted = _stems(question)
    ranked = sorted(range(len(sentences)), key=lambda i: (-len(wanted & _stems(sentences[i])), i))
    chosen: list[int] = []
    for i in ranked:
        if len(chosen) == RULING_SENTENCES or sum(len(sentences[j]) for j in chosen) + len(sentences[i]) > \
                RULING_CHARS and chosen:
            break
        chosen.append(i)
    return [sentences[i] for i in sorted(chosen)]


def plain_ruling(question: str, answer: object) -> tuple[list[str], list[str]]:
    """(lines, citations) of a ruling that reads as an answer: from each rulebook section found, the sentences
    that best answer the question, each line ending with its section's citation; the worked case as one line.
    Sections with no prose (a character sheet's form, a table) are left out of the text but still cited."""
    from narrator.game.memory_bridge import ruling_lines

    passages = getattr(answer, "passages", None)
    if not isinstance(passages, list):
        raw, refs = ruling_lines(answer)
        lines = [" ".join(_best_sentences(question, _prose(t) or [t.strip()])) for t in raw]
        return [ln for ln in lines if ln], refs
    lines: list[str] = []
    for p in passages:
        said = _best_sentences(question, _prose(str(getattr(p, "text", ""))))
        if said:
            lines.append(f"{' '.join(said)} ({getattr(p, 'citation', '?')})")
    worked = getattr(answer, "worked", None)
    if worked is not None and lines:
        first = str(getattr(worked, "explanation", "")).splitlines()[:1]
        if first:
            lines.append(f"Worked example — {first[0]}")
    refs = [str(c) for c in getattr(answer, "citations", [])]
    return lines, refs


@command("rule", "/rule QUESTION", "a ruling with citations from the rulebook (needs the campaign memory)",
         "assist")
def rule(s: "GameSession", arg: str) -> None:
    if not arg:
        raise usage_error("rule")
    fn, why = s.rulings()
    if fn is None:
        s.info(f"{why} Meanwhile /learn shows worked examples, and {get_system(s.system).rulebook} has "
               "the rules.")
        return
    from narrator.game.memory_bridge import indexing_notice

    notice = indexing_notice()
    if notice:  # played in Brew assist: the first /rule on a new machine showed a spinner for two minutes
        s.info(notice)
    try:
        answer = fn(arg, s.system)
    except Exception as e:  # noqa: BLE001 - a failing memory must not end the session
        raise UserError(f"The rulings search failed: {e}") from None
    lines, refs = plain_ruling(arg, answer)
    if not lines:
        s.info("No ruling found for that; try other words." + (f" (Nearest sections: {', '.join(refs)}.)"
                                                               if refs else ""))
        return
    text = "\n".join(lines) + (f"\nRules: {', '.join(refs)}" if refs else "")
    s.emit(Block("explain", text))
    s.say("note", f"Ruling asked: {arg}" + (f" ({', '.join(refs)})" if refs else ""))


CANNED_VOICES = (
    "State your business, and be quick about it.",
    "I've seen your kind before. What do you want?",
    "Not another step until you tell me who sent you.",
    "Coin first, questions after.",
    "You look lost. That can be dangerous around here.",
    "I'd help you, truly, but it will cost you.",
)


BEASTS = re.compile(r"\b(?:wolf|wolves|dogs?|hounds?|bears?|boars?|rats?|spiders?|snakes?|serpents?|bats?|crows?|"
                    r"ravens?|hawks?|horses?|mules?|cats?|lions?|tigers?|panthers?|sharks?|beasts?|animals?|"
                    r"creatures?|oozes?|slimes?|swarms?|scorpions?|crocodiles?|apes?|jackals?|hyenas?|bulls?|"
                    r"stags?|toads?|leech(?:es)?|worms?|vermin|wolfhounds?|warg|wargs)\b", re.IGNORECASE)
"""Concepts that do not talk: a wolf's "line" is what it does, never dialogue."""
CANNED_BEHAVIOUR = (
    "{name} growls low, hackles raised, and does not take its eyes off you.",
    "{name} circles at the edge of reach, sniffing the air.",
    "{name} bares its teeth and holds its ground.",
    "{name} goes still, watching you, ready to spring or to bolt.",
)


def by_name(lines: tuple[str, ...], name: str) -> str:
    """One of ``lines``, the same one for the same name in every session (no roller: nothing is decided by it)."""
    return lines[zlib.crc32(name.encode()) % len(lines)]


def npc_line(s: "GameSession", name: str, concept: str) -> str:
    """What a new NPC's arrival shows: a line of voice in quotes, or what a beast does (never a speaking wolf)."""
    if BEASTS.search(concept):
        return by_name(CANNED_BEHAVIOUR, name).format(name=name)
    return f'{name}: "{voice_line(s, name, concept)}"'


VOICE_TOKENS = 80
"""Room for a line of two or three sentences; whatever the model leaves unfinished is cut off by
:func:`whole_sentences`, never shown."""
VOICE_CHARS = 200
SENTENCE_END = re.compile(r"[.!?…]+[\"'”’)]*(?=\s|$)")


def whole_sentences(text: str, limit: int = VOICE_CHARS) -> str | None:
    """``text`` up to the end of its last whole sentence within ``limit`` characters; None when no sentence ends
    there. Why: a generation stopped by its token budget (or a character cap) ends mid-sentence — "You're not
    supposed to" — which a player reads as a broken game, not as a voice."""
    ends = [m.end() for m in SENTENCE_END.finditer(text) if m.end() <= limit]
    return text[:ends[-1]].strip() if ends else None


def voice_line(s: "GameSession", name: str, concept: str) -> str:
    """One line the NPC says: from the model when it writes the story, else a canned line chosen by the name. The
    model's line is cut to its last whole sentence; a line with no whole sentence (or with a number) gives the
    canned one. A small model's narration is the engine's sentence alone unless asked for
    (:func:`~narrator.narration.candidates.profile_for`), and its voice lines are no better: the embedded SmolLM2
    gave a corp enforcer "You've managed to outshine the whole party tonight." — so it voices NPCs only when it
    narrates."""
    from narrator.narration.candidates import profile_for

    backend = s.resources.backend if s.resources.ready() else None
    canned = by_name(CANNED_VOICES, name)
    if backend is None or profile_for(backend, s.config.narration).style == "engine":
        return canned
    from narrator.models.base import BackendError, GenerationSettings, Message

    messages = [Message("system", "You voice characters in a tabletop role-playing game. Answer with one short "
                                  "line of dialogue only, one or two whole sentences: no narration, no quotes, "
                                  "no numbers."),
                Message("user", f"{name}, {concept}. Scene: {s.state.scene or 'unknown'}. "
                                f"What does {name} say to the party?")]
    try:
        text = backend.complete(messages, GenerationSettings(max_tokens=VOICE_TOKENS, temperature=0.8, seed=0))
    except BackendError:
        return canned
    paragraph = text.strip().split("\n\n")[0]  # a line the model wrapped is still one line
    line = " ".join(ln.strip() for ln in paragraph.splitlines() if ln.strip())
    line = re.sub(rf"^\W*{re.escape(name)}\W*(says|said)?\W*", "", line, flags=re.I)  # "Name: ..." -> "..."
    quoted = re.match(r"^[\"“](.+?)[\"”]", line)
    line = quoted.group(1) if quoted else line  # '"Halt!" the guard growls.' says "Halt!"
    line = re.sub(r"^[\"“”']+|[\"“”']+$", "", (whole_sentences(line) or "").strip()).strip()
    return line if line and not re.search(r"\d", line) else canned


@command("npc", "/npc CONCEPT [LEVEL]", "make an NPC from a concept (power level 1 weak … 5 legendary): stat "
         "block and a line of voice", "assist")
def npc(s: "GameSession", arg: str) -> None:
    words = arg.split()
    level = None
    if len(words) > 1 and re.fullmatch(r"[+-]?\d+", words[-1]):
        level = int(words.pop())
        if not 1 <= level <= 5:
            raise UserError(f"Power levels run from 1 (weak) to 5 (legendary), not {level}.")
    concept = " ".join(words)
    if not concept:
        raise usage_error("npc")
    system = get_system(s.system)
    result = s.call(system.npc_tool, system.npc_args(concept, level), preview=False)
    name = getattr(result, "actor", None)
    if name in s.state.characters:
        s.show_sheet(name)
        line = npc_line(s, name, concept)
        s.emit(Block("narration", line))
        s.say("narration", line, npc=name)


@command("roll", "/roll EXPR", "roll dice notation openly, e.g. /roll 2d6+1 (logged)", "assist")
def roll(s: "GameSession", arg: str) -> None:
    if not arg:
        raise usage_error("roll")
    s.call("table_roll", {"expression": arg})


@command("check", "/check [ACTOR] SKILL [MODIFIER]", "a check from the sheet, e.g. /check Aria stealth +1",
         "assist", complete=lambda s, a: s.names() + (s.rules.skills() if s.has_campaign else []))
def check(s: "GameSession", arg: str) -> None:
    words = arg.split()
    modifier = 0
    if words and re.fullmatch(r"[+-]?\d+", words[-1]):
        modifier = int(words.pop())
    if not words:
        raise usage_error("check")
    what = words.pop()
    who = find_name(s, " ".join(words)) if words else s.actor
    if who is None:
        raise UserError("Name who makes the check: /check NAME SKILL.")
    tool, args = s.rules.check_call(who, what, modifier)
    s.call(tool, args)

