/* Coupon Rail's page: add the value of each coupon a player collected. */
Railprint.register((function () {
  let root = null, ctx = null;
  function draw() {
    const h = ctx.h, key = "player:" + ctx.player, coupons = ctx.room.parts[key].coupons;
    const input = h("input", {id: "coupon-value", type: "number", min: 0, max: 1000, value: 1});
    root.replaceChildren(
      h("p", {id: "coupons"}, coupons.join(" + ") || "-"),
      input,
      h("button", {id: "coupon-add", type: "button",
        onclick: () => ctx.change({[key]: {coupons: coupons.concat([Number(input.value)])}})}, "+"));
  }
  return {mount(element, context) { root = element; ctx = context; draw(); },
          update(context) { ctx = context; draw(); }};
})());
