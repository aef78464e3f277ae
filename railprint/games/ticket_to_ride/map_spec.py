"""The schema of a Ticket to Ride map file as pydantic models: ``railprint schema`` and the full,
located report of every problem in a map file that :func:`railprint.games.ticket_to_ride.maps.parse_map`'s
light check did not accept (the light check reads a valid map without importing pydantic: see
docs/performance.md). Both must agree: tests/games/ticket_to_ride/test_ttr_map_check.py.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from railprint.loading.schema import Spec
from railprint.games.ticket_to_ride.map_format import (
    HEX as _HEX, ID as _ID, MAX_CITIES, MAX_ROUTE_LENGTH, MAX_ROUTES, MAX_TICKETS, MAX_VIA, deal_text as _deal_text,
    none_word as _none_word,
)
from railprint.games.ticket_to_ride.model import TIE_BREAKS


Id = Annotated[str, Field(pattern=_ID)]
Fraction = Annotated[float, Field(ge=0.0, le=1.0)]
Pos = tuple[Fraction, Fraction]


class ColourSpec(Spec):
    hex: Annotated[str, Field(pattern=_HEX)]
    aliases: list[str] = []
    any: bool = False


class CitySpec(Spec):
    id: Id
    name: Annotated[str, Field(min_length=1)]
    at: Pos
    aliases: list[str] = []
    region: str | None = None
    country: str | None = None
    label: Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"] | None = None


class EndpointSpec(Spec):
    id: Id
    at: Pos


class AreaSpec(Spec):
    id: Id
    name: Annotated[str, Field(min_length=1)]
    aliases: list[str] = []
    endpoints: Annotated[list[EndpointSpec], Field(min_length=1, max_length=8)]


class RegionSpec(Spec):
    id: Id
    name: Annotated[str, Field(min_length=1)]
    aliases: list[str] = []
    counts_double: bool = False
    tint: Annotated[str, Field(pattern=_HEX)] | None = None


class RouteSpec(Spec):
    id: Id
    between: tuple[str, str]
    length: Annotated[int, Field(ge=1, le=MAX_ROUTE_LENGTH)]
    colour: str
    locomotives: Annotated[int, Field(ge=0)] = 0
    waves: Annotated[int, Field(ge=0)] = 0
    tunnel: bool = False
    any_cards_per_card: Annotated[int, Field(ge=2)] | None = None
    via: Annotated[list[Pos], Field(max_length=MAX_VIA)] = []
    note: str = ""


class TicketSpec(Spec):
    id: Id
    between: tuple[str, str]
    points: Annotated[int, Field(ge=1)]
    long: bool = False


class BonusSpec(Spec):
    points: Annotated[int, Field(ge=1)]


class StationsSpec(Spec):
    per_player: Annotated[int, Field(ge=1, le=10)]
    points_unused: Annotated[int, Field(ge=0)]


class RegionBonusSpec(Spec):
    table: Annotated[dict[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=0)]], Field(min_length=1)]


_NONE_WORDS = Literal["none", "no", "off", False]


class ScoringSpec(Spec):
    globetrotter: Annotated[BonusSpec | None, BeforeValidator(
        _none_word, json_schema_input_type=BonusSpec | _NONE_WORDS | None)] = None
    longest_path_bonus: Annotated[BonusSpec | None, BeforeValidator(
        _none_word, json_schema_input_type=BonusSpec | _NONE_WORDS | None)] = None
    region_bonus: Annotated[RegionBonusSpec | None, BeforeValidator(
        _none_word, json_schema_input_type=RegionBonusSpec | _NONE_WORDS | None)] = None
    stations: Annotated[StationsSpec | None, BeforeValidator(
        _none_word, json_schema_input_type=StationsSpec | _NONE_WORDS | None)] = None
    tie_breaks: list[Literal["tickets_completed", "longest_path", "fewest_stations_used"]] = list(TIE_BREAKS)


class ParallelSpec(Spec):
    claimable_by_players: dict[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=1)] | Literal["all"]]
    one_per_player: bool = True


class PlayersSpec(Spec):
    min: Annotated[int, Field(ge=1)]
    max: Annotated[int, Field(ge=1)]


class BoardSpec(Spec):
    aspect: Annotated[float, Field(gt=0)]


class SourceSpec(Spec):
    id: str
    ref: str
    used_for: str = ""


class DealSpec(Spec):
    long: Annotated[int, Field(ge=0)] = 0
    regular: Annotated[int, Field(ge=0)] = 0


class SetupTicketsSpec(Spec):
    """``{deal: 5, keep_at_least: 2}``, or with long tickets ``{deal: {long: 1, regular: 3},
    keep_at_least: 2}`` (also written ``deal: 1 long + 3 regular``)."""

    deal: Annotated[Annotated[int, Field(ge=1)] | DealSpec, BeforeValidator(
        _deal_text, json_schema_input_type=int | DealSpec | str)]
    keep_at_least: Annotated[int, Field(ge=0)] = 0


class PlaySpec(Spec):
    """Facts for decks and rules aids; not used by the scorer (values are free-form)."""

    requires: str | None = None
    train_cards: dict[str, Any] | None = None
    ferry_cards: dict[str, Any] | None = None
    bonus_cards: list[str] | None = None
    starting_train_cards: int | None = None
    face_up_cards: int | None = None
    setup_tickets: SetupTicketsSpec | None = None
    draw_tickets: dict[str, Any] | None = None
    locomotives_wild_on: list[str] | None = None
    ferry_locomotive_substitute_cards: int | None = None
    tunnel_reveal_cards: int | None = None
    last_round_at_trains: int | None = None
    player_colours: list[Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]] | None = None   # printed pieces


class MapSpec(Spec):
    format: str
    id: Id
    name: Annotated[dict[str, str], Field(min_length=1)]
    aliases: list[str] = []
    sources: list[SourceSpec] = []
    notes: str = ""
    players: PlayersSpec
    trains_per_player: Annotated[int, Field(ge=1)]
    board: BoardSpec
    colours: Annotated[dict[str, ColourSpec], Field(min_length=1)]
    route_points: Annotated[dict[Annotated[int, Field(ge=1)], int], Field(min_length=1)]
    scoring: ScoringSpec = ScoringSpec()
    parallel_routes: ParallelSpec
    play: PlaySpec = PlaySpec()
    regions: list[RegionSpec] = []
    cities: Annotated[list[CitySpec], Field(min_length=2, max_length=MAX_CITIES)]
    areas: Annotated[list[AreaSpec], Field(max_length=20)] = []
    routes: Annotated[list[RouteSpec], Field(min_length=1, max_length=MAX_ROUTES)]
    tickets: Annotated[list[TicketSpec], Field(max_length=MAX_TICKETS)] = []
