"""The GM's campaign choices (``TableState.options``): what the rulebook leaves to the GM, chosen once per campaign.

"The GM is always right", and Mastery leaves the GM a great deal: the kind of die ("pick a kind of dice to use ...
and stick with that for the rest of the game", ``mastery.md#Challenges``), the trait list ("the GM must provide a
list of traits", ``#Character Creation and Advancement``), how many health boxes a character has (a base of 10,
"gritty games may go for 5 or even 3", or tied to a trait, minimum 1, ``#Combat``), how combat runs (one of the
three ways the book suggests) and how many triumphs a starting hero gets. The game adapter's wizard asks for them;
table tools read them here; pure tools take them as explicit arguments. Nothing below is a hidden constant: each
field's default is what the book suggests, or (marked *reading*) the choice this engine makes where the book
leaves it open.

Readings chosen for the options the book does not number:

* ``wound_dice`` — "A character's health should always be taken into account when determining the circumstances
  of a challenge": by default a character with half or fewer of their boxes left rolls 1 die less.
* ``average_rounding`` — "their degree of success = half their dice pool": an odd pool rounds *down* by default.
* ``last_box`` — "the character typically goes into a coma or dies, depending on the circumstances": the campaign
  says which (``coma`` by default); the GM can still rule either way with ``mastery_damage``'s ``lethal``.
* ``activity_traits`` — which of the GM's traits each kind of challenge uses, when the GM does not name one in the
  call (:func:`trait_for`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, ValidationError, field_validator, model_validator

from narrator.tools.errors import FieldProblem, ToolArgumentError
from narrator.tools.options import OptionsModel
from narrator.tools.systems.mastery.rules import (
    ACTIVITIES, DEFAULT_TRAITS, STARTING_TRIUMPHS, TRAIT_WORDS, CombatMode, Die, Difficulty,
)


def clean_name(value: Any) -> Any:
    """Names of traits, abilities and skills compare stripped, lower-cased, with single spaces."""
    return " ".join(value.strip().lower().split()) if isinstance(value, str) else value


class CampaignOptions(OptionsModel):
    """The options of a Mastery campaign, every one with its default; unknown keys belong to other parts of narrator
    (the memory's embedder...) and are left alone here — a new campaign's keys are checked against these fields by
    :func:`tools.options.validate_options`."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    die: Die = Field(6, description="The die of the whole campaign: 6, 10 or 20 ('I prefer d6').")
    traits: tuple[str, ...] = Field(DEFAULT_TRAITS, min_length=1, max_length=12,
                                    description="The GM's trait list; every character has each of them.")
    health_base: int = Field(10, ge=1, le=100, description="Health boxes before any trait: 10 (the book's base), "
                             "5 or 3 for gritty games, or the GM's number.")
    health_trait: str | None = Field(None, description="A trait tied to the number of health boxes (e.g. "
                                     "fortitude): boxes = base + per_point x trait, minimum 1. None: not tied.")
    health_per_point: int = Field(1, ge=0, le=10, description="Boxes per point of the health trait.")
    combat_mode: CombatMode = Field("roundtable", description="fearsome, roundtable or bloodbath.")
    triumphs: int = Field(STARTING_TRIUMPHS, ge=0, le=1000, description="Triumphs of a starting character (20: a "
                          "starting hero; more for experienced heroes).")
    last_box: Literal["coma", "death"] = Field("coma", description="When the last box is marked: coma or death.")
    wound_dice: int = Field(1, ge=0, le=10, description="Dice lost by a character with half or fewer of their "
                            "health boxes left (0: wounds never change the pool).")
    difficulty: Difficulty = Field("Normal", description="The difficulty of a challenge when the GM names none.")
    average_rounding: Literal["down", "up"] = Field("down", description="'Assume average': half an odd pool "
                                                    "rounds down or up.")
    initiative_trait: str | None = Field(None, description="The 'agility' trait (or equivalent) for initiative and "
                                         "its ties; None: the trait the initiative activity uses.")
    foes_first: bool = Field(False, description="Fearsome Challenges: the enemies act before the party.")
    activity_traits: dict[str, str] = Field(default_factory=dict, description="Activity -> trait, where the GM's "
                                            "choice differs from the engine's guess.")

    @field_validator("die", mode="before")
    @classmethod
    def _die(cls, v: Any) -> Any:
        """'d6', 'D10' or '20' as typed on a command line; the die itself stays one of 6, 10, 20."""
        if isinstance(v, str) and v.strip().lower().lstrip("d").isdigit():
            return int(v.strip().lower().lstrip("d"))
        return v

    @field_validator("traits", mode="before")
    @classmethod
    def _trait_list(cls, v: Any) -> Any:
        if isinstance(v, str):
            v = [t for t in v.replace(";", ",").split(",")]
        if isinstance(v, (list, tuple)):
            names = [clean_name(t) for t in v]
            if any(not isinstance(t, str) or not t or len(t) > 30 for t in names):
                raise ValueError("each trait is a name of 1-30 characters")
            if len(set(names)) != len(names):
                raise ValueError("each trait once")
            return tuple(names)
        return v

    @field_validator("health_trait", "initiative_trait", mode="before")
    @classmethod
    def _one_trait(cls, v: Any) -> Any:
        v = clean_name(v)
        return None if v in ("", "none", "no") else v

    @field_validator("activity_traits", mode="before")
    @classmethod
    def _activities(cls, v: Any) -> Any:
        if isinstance(v, dict):
            return {clean_name(k): clean_name(t) for k, t in v.items()}
        return v

    @model_validator(mode="after")
    def _traits_exist(self) -> "CampaignOptions":
        problems = []
        for key in ("health_trait", "initiative_trait"):
            value = getattr(self, key)
            if value is not None and value not in self.traits:
                problems.append(f"{key} '{value}' is not one of the campaign's traits ({', '.join(self.traits)})")
        for activity, trait in self.activity_traits.items():
            if activity not in ACTIVITIES:
                problems.append(f"activity_traits: '{activity}' is not an activity ({', '.join(ACTIVITIES)})")
            elif trait not in self.traits:
                problems.append(f"activity_traits: '{trait}' (for {activity}) is not one of the campaign's traits")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def health_rule(self) -> dict[str, Any]:
        """The rule a sheet carries, so a sheet can be judged without the campaign (:mod:`.sheet`)."""
        return {"base": self.health_base, "trait": self.health_trait, "per_point": self.health_per_point}


DEFAULT = CampaignOptions()


def options_of(state: Any) -> CampaignOptions:
    """The campaign's options from the table (defaults for what the GM did not choose); a clear error otherwise."""
    raw = dict(getattr(state, "options", None) or {})
    try:
        return CampaignOptions.model_validate(raw)
    except ValidationError as e:
        problems = [FieldProblem(f"(options).{'.'.join(map(str, err['loc'])) or 'options'}",
                                 err["msg"].removeprefix("Value error, ")) for err in e.errors(include_url=False)]
        raise ToolArgumentError("?", problems) from None


def trait_for(activity: str, options: CampaignOptions) -> str:
    """The trait the GM would call for an activity: the campaign's own choice, else the first of the activity's
    trait words (:data:`.rules.TRAIT_WORDS`) found in a trait's name, else the first trait of the list."""
    chosen = options.activity_traits.get(activity)
    if chosen is not None:
        return chosen
    for word in TRAIT_WORDS.get(activity, ()):
        for trait in options.traits:
            if word in trait:
                return trait
    return options.traits[0]


def initiative_trait(options: CampaignOptions) -> str:
    return options.initiative_trait or trait_for("initiative", options)
