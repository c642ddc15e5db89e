// The words a game's view writes (its package's web/view.js), in the player's language. ``ctx`` is what the table
// page hands the view (table.js): ``ctx.t`` the game's texts (i18n.js), ``ctx.lang``, ``ctx.names`` by seat.

// A seat's name as the table shows it (« #2 » for a seat the page has no name for).
export const nameOf = (ctx, seat) => (ctx.names && ctx.names[seat]) || `#${seat}`;

// A number as the language writes it (« 1 250 », « 1,250 »).
export const num = (ctx, n) => (ctx.t.number ? ctx.t.number(n) : String(n));

// « Ada, Bob et Cléo », « Ada, Bob and Cléo ».
export const list = (ctx, items) => (ctx.t.list ? ctx.t.list(items) : items.join(", "));

export const capitalise = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

// The text ``key_one`` or ``key_other`` as the count asks (French puts 0 and 1 in the singular, English only 1),
// with {count} written as a number.
export function plural(ctx, key, count, fields = {}) {
  const one = ctx.lang === "fr" ? Math.abs(count) < 2 : count === 1;
  return ctx.t(`${key}_${one ? "one" : "other"}`, { count: num(ctx, count), ...fields });
}
