// A seat is its holder's: its secret token is kept by the browser (localStorage), so that closing the tab and
// coming back returns the player to the seat. An invitation link (#/table/ID/join/SEAT/TOKEN) hands a seat over.

export function saveSeat(table, seat, token) {
  localStorage.setItem(`ludo.seat.${table}`, JSON.stringify({ seat, token }));
}

export function readSeat(table) {
  try {
    const value = JSON.parse(localStorage.getItem(`ludo.seat.${table}`) || "null");
    return value && typeof value.token === "string" ? value : null;
  } catch {
    return null;
  }
}

export function forgetSeat(table) {
  localStorage.removeItem(`ludo.seat.${table}`);
}

export function inviteLink(table, seat, token) {
  return `${location.origin}/#/table/${table}/join/${seat}/${token}`;
}
