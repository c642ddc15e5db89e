// A building falling, as frames: per frame, per die from the bottom up, [x mm, y mm, z mm, qw, qx, qy, qz] (its
// centre and its orientation). The server's are MuJoCo's (GET /api/tables/ID/extra/fall); without MuJoCo the view
// makes its own here: the dice above the interface that gave way tip over its edge as one block, then drop and
// scatter on the table. And each die's outline seen from the front (x–z) or the right side (y–z).

const DIE_MM = 16;
const HALF_MM = DIE_MM / 2;
const G = 9810; // mm/s²

// --- quaternions (w, x, y, z) ----------------------------------------------------------------------------------
export function aboutAxis([ux, uy, uz], angle) {
  const s = Math.sin(angle / 2);
  return [Math.cos(angle / 2), ux * s, uy * s, uz * s];
}

export function multiply([aw, ax, ay, az], [bw, bx, by, bz]) {
  return [
    aw * bw - ax * bx - ay * by - az * bz,
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
  ];
}

export function rotate([w, x, y, z], [vx, vy, vz]) {
  // v + 2 q×(q×v + w v), with q the vector part
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

// A pose [x µm, y µm, turn 1/100°] at height ``i`` as a die of a frame.
export function restingDie([x, y, turn], i) {
  const q = aboutAxis([0, 0, 1], ((turn / 100) * Math.PI) / 180);
  return [x / 1000, y / 1000, HALF_MM + DIE_MM * i, ...q];
}

// --- outlines ----------------------------------------------------------------------------------------------------
const CORNERS = [];
for (const dx of [-1, 1]) for (const dy of [-1, 1]) for (const dz of [-1, 1]) CORNERS.push([dx * HALF_MM, dy * HALF_MM, dz * HALF_MM]);

function hull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

// A die's outline (mm) seen from the front (``side`` false: x across, z up) or from the right (y across, z up).
export function outline(die, side) {
  const [x, y, z, ...q] = die;
  const points = CORNERS.map((c) => {
    const [rx, ry, rz] = rotate(q, c);
    return [side ? y + ry : x + rx, z + rz];
  });
  return hull(points);
}

// --- the view's own fall, when the server has none ------------------------------------------------------------
// ``fall`` is the view's last_fall: {faces, poses, failed_at}. Returns {frames, fps}.
export function tipping(fall, seconds = 2, fps = 30) {
  const poses = fall.poses;
  const start = poses.map((p, i) => restingDie(p, i));
  const k = Math.max(0, Math.min(fall.failed_at ?? 0, poses.length - 1));
  const falling = start.slice(k + 1);
  if (!falling.length) return { frames: [start], fps };
  // Which way: from the die that held them towards the dice's centre of mass (else to the right).
  const base = start[k];
  let dx = falling.reduce((s, d) => s + d[0], 0) / falling.length - base[0];
  let dy = falling.reduce((s, d) => s + d[1], 0) / falling.length - base[1];
  const length = Math.hypot(dx, dy);
  if (length < 1e-6) { dx = 1; dy = 0; } else { dx /= length; dy /= length; }
  const pivot = [base[0] + dx * HALF_MM, base[1] + dy * HALF_MM, DIE_MM * (k + 1)];
  const axis = [-dy, dx, 0];
  const tipTime = 0.45 + 0.02 * falling.length; // a tall block tips slower
  const tipAngle = Math.PI * 0.42;
  const accel = (2 * tipAngle) / (tipTime * tipTime);
  const frames = [];
  const tipped = (angle) => {
    const r = aboutAxis(axis, angle);
    return falling.map((d) => {
      const rel = [d[0] - pivot[0], d[1] - pivot[1], d[2] - pivot[2]];
      const [rx, ry, rz] = rotate(r, rel);
      return [pivot[0] + rx, pivot[1] + ry, pivot[2] + rz, ...multiply(r, d.slice(3))];
    });
  };
  const atTip = tipped(tipAngle);
  const omega = accel * tipTime;
  // Each die leaves the block with the block's speed there (ω × r), then falls, spins a little and lands.
  const leaving = atTip.map((d, j) => {
    const rel = [d[0] - pivot[0], d[1] - pivot[1], d[2] - pivot[2]];
    const v = [omega * (axis[1] * rel[2] - axis[2] * rel[1]), omega * (axis[2] * rel[0] - axis[0] * rel[2]),
      omega * (axis[0] * rel[1] - axis[1] * rel[0])];
    return { d, v, turn: (j % 2 ? 1 : -1) * (2 + (j % 3)) }; // rad/s: each die spins its own way
  });
  for (let f = 0; f <= Math.round(seconds * fps); f++) {
    const t = f / fps;
    let moved;
    if (t <= tipTime) moved = tipped(0.5 * accel * t * t);
    else {
      const u = t - tipTime;
      moved = leaving.map(({ d, v, turn }) => {
        const landing = (v[2] + Math.sqrt(v[2] * v[2] + 2 * G * Math.max(0, d[2] - HALF_MM))) / G;
        const s = Math.min(u, landing);
        const x = d[0] + v[0] * s; // the dice stop where they land
        const y = d[1] + v[1] * s;
        const z = Math.max(HALF_MM, d[2] + v[2] * s - 0.5 * G * s * s);
        const q = multiply(aboutAxis(axis, turn * s), d.slice(3));
        return [x, y, z, ...q];
      });
    }
    frames.push([...start.slice(0, k + 1), ...moved]);
  }
  return { frames, fps };
}
