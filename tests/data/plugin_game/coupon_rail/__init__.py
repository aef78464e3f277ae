"""Coupon Rail, a made-up game that shows how a separately installed package adds a game to
railprint: it declares one ``GAME`` and names it in the ``railprint.games`` entry-point group.

It adds the content kind ``coupon`` (ride coupons printed on cards, :mod:`coupon_rail.coupons`)
and a scorer for a tally file (:mod:`coupon_rail.tally`). Every reference is a ``"module:name"``
string, so railprint imports these modules only when a coupon file is rendered or a tally scored.
"""

from railprint.registry import ContentKind, Game

GAME = Game(
    id="coupon-rail",
    title={"en": "Coupon Rail", "pl": "Kolej na kupony"},
    aliases=("coupons",),
    kinds=(ContentKind("coupon", schema="coupon_rail.coupons:CouponSpec",
                       build="coupon_rail.coupons:build_coupons"),),
    scorer="coupon_rail.tally:score_files",
    web="coupon_rail.web",
)
