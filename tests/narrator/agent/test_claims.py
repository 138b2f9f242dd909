"""What a sentence claims: numbers in a role, changes of state, outcomes — in any system's words."""

from __future__ import annotations

import pytest

from narrator.agent.claims import number_claims, outcome_claim, outcome_claims, state_claims
from narrator.tools.systems import get_system
from narrator.tools.systems.contract import Resource, Vocabulary

MINIM = get_system("minim").vocabulary()
# A book that is not Minim: the guard must take its words from the vocabulary, never assume Minim's.
OTHER = Vocabulary(resources=(Resource(field="wounds", word="wound level", kind="injury"),
                              Resource(field="stun", word="stun", kind="pool"),
                              Resource(field="credits", word="credits", kind="money")),
                   mechanics=("wild die", "soak"), outcomes={"raise": 1, "hit": 1, "miss": -1, "botch": -1},
                   stats=("agility", "smarts"))


def roles(sentence: str, vocabulary=MINIM) -> list[tuple[str, frozenset | None]]:
    return [(c.number.text, c.roles) for c in number_claims(sentence, vocabulary)]


def role(sentence: str, vocabulary=MINIM) -> frozenset | None:
    [(_, r)] = roles(sentence, vocabulary)
    return r


# --- numbers in a role -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("sentence, expected", [
    ("The guard takes 3 damage.", {"damage"}),
    ("You have IV hit points left.", {"health", "damage"}),
    ("You find forty gold crowns.", {"price", "resource"}),
    ("You suffer a dozen wounds.", {"damage"}),
    ("You earn a hundred experience.", {"level"}),
    ("Three more points of fatigue.", {"damage"}),
    ("You rolled a 17.", {"die", "total"}),
    ("Your roll of 9 is more than enough.", {"die", "total"}),
    ("A natural twenty!", {"die"}),
    ("You need a seven.", {"target"}),
    ("You beat the DC 15.", {"target"}),
    ("The difficulty is 4.", {"target"}),
    ("A 6 or better.", {"target"}),
    ("The dice total twelve.", {"total"}),
    ("Your strength rises to eighteen.", {"score"}),
    ("Your brawl goes up by one.", {"score"}),
    ("Brom's brain of 3 carries the day.", {"score"}),
    ("You gain a bonus of two.", {"modifier"}),
    ("+3 to your next attack.", {"modifier"}),
    ("A +1 success.", {"degree"}),
    ("Brom succeeds by two.", {"degree"}),
    ("The guard is level 5.", {"level"}),
    ("You hit him for 3.", {"damage"}),
    ("You roll three dice.", {"count"}),
    ("It costs 2 wealth.", {"price", "resource"}),
    ("You spend 2 faith points.", {"resource"}),
])
def test_the_words_around_a_number_give_its_role(sentence, expected):
    assert role(sentence) == frozenset(expected)


@pytest.mark.parametrize("sentence", [
    "The two of you slip into the shadows.", "One of the guards yawns.", "You need two hands for this.",
    "The clock strikes twelve.", "The bell tolls three times.", "You take two steps back.",
    "Level three of the old mine is flooded.", "You fight two guards at once.", "He has seen a hundred winters.",
    "The 3 of you exchange a look.", "Twice as fast as anyone expected.",
])
def test_numbers_that_count_the_story_are_not_claims(sentence):
    assert all(r is None for _, r in roles(sentence))


def test_joined_numbers_share_a_role():
    assert roles("You rolled a 2 and a 5.") == [("2", frozenset({"die", "total"})), ("5", frozenset({"die", "total"}))]
    assert roles("A 2, a 5 on the dice.")[0][1] == frozenset({"die", "total"})


def test_digits_with_no_role_are_held_to_any_fact_and_words_are_fiction():
    [digits] = number_claims("The 12 looks promising.", MINIM)
    assert digits.roles == frozenset({"any"}) and digits.loose
    assert number_claims("Twelve crows watch.", MINIM)[0].roles is None


def test_before_after_and_change():
    when = {c.number.text: c.when for c in number_claims(
        "The guard loses 2 health, down to 1, with 5 left, and heals 3 of 4.", MINIM)}
    assert when["2"] == "change" and when["1"] == "after" and when["5"] == "after" and when["3"] == "change"


def test_odds_and_multipliers():
    assert role("A 22% chance of success.") == frozenset({"percent"})
    assert role("Odds of 13/36 were against you.") == frozenset({"percent"})
    assert role("One in six guards sleeps.") == frozenset({"percent"})
    assert role("Ninety percent of the town sleeps.") is None
    assert role("Double damage!") == frozenset({"multiplier"})


def test_dice_words_and_notation():
    [faces] = number_claims("You roll double sixes.", MINIM)
    [notation] = number_claims("Roll a d20.", MINIM)
    assert faces.roles == frozenset({"faces"}) and faces.number.faces == (6, 6)
    assert notation.roles == frozenset({"sides"}) and notation.number.sides == 20


def test_the_vocabulary_gives_its_own_words():
    assert role("Her wound level rises to 3.", OTHER) == frozenset({"damage", "health"})
    assert role("You spend 2 stun.", OTHER) == frozenset({"resource"})
    assert role("You pocket 40 credits.", OTHER) == frozenset({"price", "resource"})
    assert role("His agility of 4 decides it.", OTHER) == frozenset({"score"})
    assert role("Your soak of 2 holds.", OTHER) == frozenset({"any"})
    assert role("His smarts of 4 is enough.", MINIM) == frozenset({"any"})  # not a Minim stat: digits, loosely


# --- changes of state ---------------------------------------------------------------------------------------------


def kinds(sentence: str, vocabulary=MINIM) -> set[str]:
    return {c.kind for c in state_claims(sentence, vocabulary)}


@pytest.mark.parametrize("sentence, kind", [
    ("You take damage from the brambles.", "harmed"), ("A thrown bottle wounds you.", "harmed"),
    ("The guard is bleeding.", "harmed"), ("You lose health as the cold sets in.", "harmed"),
    ("Aria is hurt by the beam.", "harmed"),
    ("Your wounds heal completely.", "healed"), ("You are fully restored.", "healed"),
    ("The draught restores your health.", "healed"),
    ("The guard dies instantly.", "died"), ("You knock the guard out cold.", "downed"),
    ("The guard falls unconscious.", "downed"), ("The innkeeper keels over dead.", "died"), ("You kill him.", "died"),
    ("Brom regains consciousness.", "revived"),
    ("You find a dagger hidden in the straw.", "item_gained"), ("You pocket the guard's key.", "item_gained"),
    ("You take the guard's sword.", "item_gained"), ("You also buy a lantern.", "item_gained"),
    ("Your sword shatters against the stone.", "item_lost"), ("The guard drops his sword.", "item_lost"),
    ("You pay the guard to look away.", "money"), ("You pocket a handful of silver coins.", "money"),
    ("Your purse feels lighter.", "money"),
    ("You spend a faith point to press on.", "spent"), ("Your faith is restored.", "gained"),
    ("You level up!", "stat"), ("Your stealth skill improves.", "stat"), ("Your charisma increases.", "stat"),
    ("You roll the dice and grin.", "roll"), ("Your roll is a good one.", "roll"),
    ("You gain advantage on your next roll.", "modifier"),
    ("The guard is stunned.", "condition"), ("You knock him prone.", "condition"), ("You pin the guard.", "condition"),
])
def test_changes_of_state_are_found(sentence, kind):
    assert kind in kinds(sentence)


@pytest.mark.parametrize("sentence", [
    "You take a deep breath.", "The old wound in your side aches.", "The torch gutters and dies.",
    "The murmur of the crowd dies down.", "The air is knocked out of you.", "The night is dead quiet.",
    "A dead rat lies in the gutter.", "The bard sings of heroes long dead.", "You takes no damage.",
    "The blade does not wound you.", "If you fall, you will die.", "Will the guard die?", "You try to heal him.",
    "Brom finds a silver key.", "Nobody pays you any mind.", "You lose faith in the plan.",
    "You buy yourself a moment.", "The stall sells spices.", "Thunder rolls over the rooftops.",
    "The dice of fate are cast.", "You grab the rope and climb.", "You spend a long moment listening.",
    "The guard looks shaken.", "The guard is surprised to see you.", "Fallen leaves cover the road.",
])
def test_ordinary_english_claims_nothing(sentence):
    allowed = {"item_gained"} if "silver key" in sentence else set()
    assert kinds(sentence) <= allowed


def test_items_carry_their_noun():
    [claim] = state_claims("Brom also finds a dagger in the drawer.", MINIM)
    assert (claim.kind, claim.what) == ("item_gained", "dagger")


def test_other_books_resources():
    assert "harmed" in kinds("Her wound level drops badly.", OTHER) or "harmed" in kinds("She loses wound level.", OTHER)
    assert "spent" in kinds("You spend stun to shrug it off.", OTHER)
    assert "money" in kinds("You earn credits for the job.", OTHER)


# --- outcomes -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("sentence, polarity", [
    ("Critical hit!", 1), ("A perfect success!", 1), ("You succeed.", 1), ("You pass the stealth check.", 1),
    ("Your strike lands true.", 1), ("You hit the guard.", 1), ("You manage to slip by.", 1),
    ("You fail.", -1), ("Critical failure!", -1), ("You miss.", -1), ("Your swing goes wide.", -1),
    ("You do not succeed.", -1), ("You never miss.", 1),
    ("The guard fails to notice you.", 1), ("The sentry fails to notice anything.", 1),
    ("The lock fails to open.", -1), ("You slip past, unseen.", None), ("You hit the ground rolling.", None),
    ("Words without fail.", None), ("Neither a success nor a failure.", None), ("Did you succeed?", None),
    ("A partial success.", None),
    ("The lock clicks open.", 1), ("It works like a charm.", 1), ("You draw blood.", 1),
    ("Your blade finds only air.", -1), ("Your mind goes blank.", -1), ("The plan falls apart.", -1),
    ("It doesn't work.", -1), ("The door is locked.", None), ("Three guards stand watch at the gate.", None),
])
def test_outcome_claim(sentence, polarity):
    assert outcome_claim(sentence, MINIM) == polarity


def test_another_characters_outcome_is_turned_around():
    assert outcome_claim("Name fails to notice you.", MINIM, ("Name",)) == 1
    assert outcome_claim("He fails to notice you.", MINIM) == 1
    [claim] = outcome_claims("Name succeeds in spotting you.", MINIM, ("Name",))
    assert claim.polarity == -1 and claim.other


def test_critical_plain_and_strength():
    crit, = outcome_claims("Critical hit!", MINIM)
    plain, = outcome_claims("A plain success, nothing more.", MINIM)
    weak, = outcome_claims("You manage to slip by.", MINIM)
    assert crit.critical and plain.plain and not plain.critical and not weak.strong


@pytest.mark.parametrize("system, said", [
    ("minim", "Your Fight test comes up neutral: the bandit isn't hit."),
    ("minim", "You get the gate open, but it's only a neutral result."),
    ("mastery", "The contest ends in a tie."),
    ("mastery", "It's a tie: neither of you gives ground."),
    ("fiveplus", "The roll comes up nothing."),
])
def test_a_books_middling_label_stated_as_a_result_is_a_partial_claim(system, said):
    [claim] = outcome_claims(said, get_system(system).vocabulary())
    assert claim.polarity == 0 and claim.strong


@pytest.mark.parametrize("system, story", [
    ("minim", "The storm falls on friend, foe or neutral alike."),
    ("minim", "The envoy stays neutral in the quarrel."),
    ("mastery", "You tie the rope to the post."),
    ("fiveplus", "The map shows nothing past the river."),
    ("fiveplus", "Her face stays unchanged."),
])
def test_the_middling_label_as_a_story_word_claims_nothing(system, story):
    assert outcome_claims(story, get_system(system).vocabulary()) == []


def test_middling_labels_come_from_the_vocabulary():
    assert outcome_claims("It comes up neutral.", OTHER) == []  # OTHER's book has no middling label


def test_outcome_labels_come_from_the_vocabulary():
    assert outcome_claim("A raise!", OTHER) == 1 and outcome_claim("A raise!", MINIM) is None
    assert outcome_claim("What a botch.", OTHER) == -1
