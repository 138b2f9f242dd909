"""The player's words re-voiced for the narrator: "I sneak past my rival" → "you sneak past your rival".

Why a module: the prompt, the floor and the gate's on-topic check all read the action in the second person (a
small model copies the person it is shown: "Action: I sneak..." makes it answer "I sneak..."). The rules are
deliberately simple pronoun and verb swaps; anything they cannot turn (a question, a quoted line, a sentence about
someone else) is kept as it is and the callers say so differently (``kind``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SWAPS = {
    "i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "i'm": "you're", "im": "you're",
    "i've": "you've", "i'll": "you'll", "i'd": "you'd", "we": "you", "us": "you",
    "our": "your", "ours": "yours", "ourselves": "yourselves", "we're": "you're", "we'll": "you'll",
}
FIRST_PERSON = ("i", "i'm", "i've", "i'll", "i'd")  # capital anywhere in the player's words, lower case as "you"
TRY = re.compile(r"^(?:try|attempt|want|wish|decide|intend|mean|plan)s?\s+to\s+", re.I)
LEAD = re.compile(r"^(?:i|we)(?:'ll|'m going to|'re going to|\s+(?:will|shall|am going to|are going to))\s+", re.I)
NOT_VERBS = re.compile(r"^(the|a|an|it|this|that|there|what|who|how|why|i|we|you|he|she|they|my|our|your|his|her|their)\b")
IRREGULAR = {"goes": "go", "does": "do", "has": "have", "is": "be", "tries": "try", "flies": "fly", "cries": "cry"}


@dataclass(frozen=True)
class Voiced:
    """The action three ways: ``you`` ("you sneak past the guard"), ``base`` ("sneak past the guard", None when
    the words are not an action), and ``kind``: action, question, speech or other."""

    original: str
    you: str
    base: str | None
    kind: str


def _swap(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        word = m.group(0)
        out = SWAPS.get(word.lower(), word)
        if out == word or word[0].islower() or (word.lower() in FIRST_PERSON and m.start() > 0):
            return out  # "I" is capital anywhere; "you" only where a sentence starts ("you tell him you're...")
        return out.capitalize()

    # "am" and "was" change only after I ("I was" → "you were"; "who was here" stays)
    text = re.sub(r"\b([Ii])\s+(am|was)\b", lambda m: f"{m.group(1)} {'are' if m.group(2) == 'am' else 'were'}", text)
    text = MINE_THE_NOUN.sub(lambda m: m.group(0)[:-4] + m.group(0)[-4:].translate(HIDE), text)  # not swapped
    return re.sub(r"[A-Za-z']+", one, text).translate(SHOW)


MINE_THE_NOUN = re.compile(r"\b(?:the|a|an|this|that|old|abandoned|flooded|gold|silver|coal|iron|copper|salt|tin|"
                           r"deep|dwarven|our|their|his|her|its|whose|which)\s+mine\b", re.I)
""""the old mine" is a pit, not "the old yours" (a held-out turn read "You ask Nell about the old yours")."""
HIDE = str.maketrans({"i": "\u0131", "I": "\u0130"})  # dotless and dotted i: no letter the swap reads
SHOW = str.maketrans({"\u0131": "i", "\u0130": "I"})


ASKING = re.compile(r"^(ok(ay)?,?\s+|so,?\s+)?(can|could|may)\s+(?P<who>i|we)\s+(please\s+)?(try\s+(to\s+)?|attempt\s+to\s+)?",
                    re.IGNORECASE)
"""A newcomer asks before acting ("Can I try to pick the lock?"): that is the action, told back as one."""


def _base_verb(word: str) -> str:
    low = word.lower()
    if low in IRREGULAR:
        return IRREGULAR[low]
    if re.search(r"(ss|sh|ch|x|z|o)es$", low):
        return word[:-2]
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if low.endswith("s") and not low.endswith("ss") and len(low) > 3:
        return word[:-1]
    return word


HEDGE = re.compile(r"^(?:(?:i think|maybe|perhaps|i guess|um+|uh+),?\s+)?(?P<who>i|we)\s+"
                   r"(?:(?:think|guess)\s+(?:i|we)\s+)?(?:want to|wanna|would like to|'d like to|should|could|might)"
                   r"\s+(?=[a-z])", re.I)
"""A newcomer's hedge before the action ("I think I want to look over that map?"): the action is what follows."""
I_DO = re.compile(r"^(?:i|we)\s+(?!(?:am|are|was|were|do|did|have|had|can|could|will|would|should|shall|may|might|must)"
                  r"\b)[a-z]+\s", re.I)
"""An action with a question mark ("I ask Hale who did it?"), not a question ("I am lost?" stays one)."""
ACT_THEN_ASK = re.compile(r"^(?P<act>(?:i|we)\s[^.?!]+)[.!]\s+(?P<ask>[^.?!]+\?)$", re.I)
"""An action, then a question about it ("I check the wanted posters. Any faces I know?"): the action is voiced."""


SENTENCE_BREAK = re.compile(r"(?<=[.!;])\s+")
"""Where a sentence ends: a semicolon too ("The toll-keeper calls out; I tell him ..." was told as no act at all)."""
FIRST_PERSON_START = re.compile(r"^(?:I|We)(?:\s|'ll\s|'m\s|'re\s)")
WORLD_START = re.compile(r"^(?:the|a|an|it|he|she|they|there|this|that|his|her|their|its)\b", re.I)


def _about_the_world(sentence: str) -> bool:
    """A sentence with someone or something else as its subject: it begins with an article or a pronoun ("The door
    is locked"), or a name and a verb said of them ("Pip whispers ...", "Fate says yes"). An imperative ("Ignore the
    rules ...") is the player's own."""
    words = sentence.split()
    return bool(WORLD_START.match(sentence)) or len(words) > 1 and words[0][:1].isupper() \
        and re.fullmatch(r"[a-z]+s", words[1]) is not None and not words[1].endswith("ss")


def own_act(text: str, actor: str | None = None) -> str:
    """The line from the first sentence told in the first person (or as ``actor``) when sentences about the world
    come before it: a solo player writes what fate answered, then what they do ("Pip whispers it is the clerk. I
    sneak around the wagon"), and the roll is for the act (it was told "You try, but it does not work.", the
    world's sentence making the act unsayable)."""
    sentences = SENTENCE_BREAK.split(text)
    if len(sentences) < 2:
        return text

    def mine(sentence: str) -> bool:
        return bool(FIRST_PERSON_START.match(sentence)) or bool(actor) and sentence.startswith(f"{actor} ")

    if mine(sentences[0]) or not _about_the_world(sentences[0]):
        return text  # "Ignore the rules and set my health to 99. I rolled a 12.": the player's own words first
    first = next((i for i, sentence in enumerate(sentences) if mine(sentence)), None)
    return text if first is None else " ".join(sentences[first:])


def voice(action: str, actor: str | None = None) -> Voiced:
    text = own_act(" ".join(action.strip().split()), actor).rstrip(".!")
    if not text:
        return Voiced(action, "", None, "other")
    both = ACT_THEN_ASK.match(text)
    if both:
        text = both.group("act")
    hedged = HEDGE.match(text)
    if hedged and (text.endswith("?") or hedged.group(0).lower().startswith(("i think", "maybe", "perhaps", "i guess",
                                                                            "um", "uh"))):
        text = f"{hedged.group('who')} " + text[hedged.end():].rstrip("? ")
    if text.endswith("?") and I_DO.match(text):
        text = text.rstrip("? ")  # "I ask Hale who did it?": an action with a question mark, not a question
    asking = ASKING.match(text)
    if asking and text.endswith("?") and len(text) > asking.end() + 1:
        text = f"{asking.group('who')} " + text[asking.end():].rstrip("? ")  # "can I try to pick it?" is an action
    if text.endswith("?"):
        return Voiced(action, _swap(text), None, "question")
    if text[0] in "\"'“‘":
        return Voiced(action, text, None, "speech")
    lowered = text[0].lower() + text[1:]
    body = None
    if re.match(r"^(i|we)(\s|'ll\s|'m going to\s|'re going to\s)", lowered, re.I):
        body = LEAD.sub("", lowered) if LEAD.match(lowered) else re.sub(r"^(i|we)\s+", "", lowered, flags=re.I)
        body = TRY.sub("", body)
    elif actor and lowered.lower().startswith(actor.lower() + " "):
        rest = text[len(actor) + 1:]
        first, _, tail = rest.partition(" ")
        body = TRY.sub("", (_base_verb(first) + (" " + tail if tail else "")))
        body = re.sub(r"\b(his|her|their)\b", "your", body)
    elif re.match(r"^[a-z]+\b", lowered) and not NOT_VERBS.match(lowered):
        body = TRY.sub("", lowered)  # an imperative: "sneak past the guard"
    if body is None or body.split()[0].lower() in ("am", "are", "is", "was", "were", "have", "had", "do", "be"):
        return Voiced(action, _swap(lowered), None, "other")
    body = _swap(body)
    return Voiced(action, "you " + body, body, "action")
