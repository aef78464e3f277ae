"""Coupon Rail's page for ``railprint serve``: proof that a separately installed game brings its
own page. Parts: ``"setup"`` (``players``) and ``"player:<name>"`` = ``{"coupons": [values]}``;
the file is the tally ``railprint score coupon-rail`` reads."""

from __future__ import annotations

from railprint.errors import RailprintError

from coupon_rail.tally import parse_tally


def setup_fields() -> list[dict]:
    return []


def new_room(players, setup):
    if setup:
        raise RailprintError("coupon-rail has no setup choices")
    for name in players:
        if ":" in name or "#" in name:
            raise RailprintError(f"player name {name!r} cannot be written in a tally (no ':' or '#')")
    return {"setup": {"players": list(players)}, **{f"player:{p}": {"coupons": []} for p in players}}


def check_change(parts, updates):
    for value in updates.values():  # the server refuses the setup and unknown parts itself
        coupons = value.get("coupons") if isinstance(value, dict) else None
        if not isinstance(coupons, list) or not all(type(c) is int and 0 <= c <= 1000 for c in coupons):
            raise RailprintError("coupons: a list of whole numbers 0-1000")
    return updates


def files(parts):
    lines = [f"{p}: " + " ".join(str(c) for c in parts[f"player:{p}"]["coupons"])
             for p in parts["setup"]["players"]]
    return [("tally.txt", "\n".join(lines) + "\n")]


def read_file(parts, name, text):
    return {f"player:{p.name}": {"coupons": list(p.coupons)} for p in parse_tally(text, name)}


def score_options(parts):
    return {}


def ranking(result):
    best = sorted(result.players, key=lambda p: -p.total)
    return [{"player": p.name, "points": p.total, "place": 1 + sum(q.total > p.total for q in best)} for p in best]
