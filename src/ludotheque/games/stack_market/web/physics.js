// The rules' physics (physics.py) again in the browser, for the aim's preview only: the server alone decides.
// A pose is [x µm, y µm, turn 1/100°]; a building stands when, at every interface, the centre of mass of the
// dice above lies inside the overlap of the two touching faces (the edge counting as inside). Also: the chance
// that an aim stands with a hand's error (the same normal errors as the rules draw), and the poses' shapes for
// the side views.

export const DIE = 16000;
export const HALF = DIE / 2;
export const AIM_LIMIT = DIE / 2;
export const TURN_LIMIT = 4500;
const SLIP_LIMIT = DIE;
const QUARTER = 9000;
const TOLERANCE = 1e-3;

// The four corners of a die's square, counter-clockwise (µm, table coordinates: x right, y away from the viewer).
export function corners([x, y, turn]) {
  const a = ((turn / 100) * Math.PI) / 180;
  const c = Math.cos(a) * HALF;
  const s = Math.sin(a) * HALF;
  return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([dx, dy]) => [x + dx * c - dy * s, y + dx * s + dy * c]);
}

// The half-planes a·x + b·y <= c of a counter-clockwise convex polygon ((a, b) a unit vector).
function edges(polygon) {
  const planes = [];
  for (let i = 0; i < polygon.length; i++) {
    const [x0, y0] = polygon[i];
    const [x1, y1] = polygon[(i + 1) % polygon.length];
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (length < 1e-9) continue;
    const a = (y1 - y0) / length;
    const b = (x0 - x1) / length;
    planes.push([a, b, a * x0 + b * y0]);
  }
  return planes;
}

const inside = ([a, b, c], [x, y]) => c - a * x - b * y;

// The overlap of two dice's squares: a convex polygon, counter-clockwise (empty when they do not touch).
export function overlap(lower, upper) {
  let polygon = corners(lower);
  for (const plane of edges(corners(upper))) {
    const clipped = [];
    for (let i = 0; i < polygon.length; i++) {
      const p = polygon[i];
      const q = polygon[(i + 1) % polygon.length];
      const dp = inside(plane, p);
      const dq = inside(plane, q);
      if (dp >= 0) clipped.push(p);
      if ((dp >= 0) !== (dq >= 0)) {
        const t = dp / (dp - dq);
        clipped.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
      }
    }
    polygon = clipped;
    if (polygon.length < 3) return [];
  }
  return polygon;
}

// A building as the physics sees it, ready to be checked with one more die on top (the preview's many tries).
export class Column {
  constructor(poses) {
    this.poses = poses.map((p) => [...p]);
    this.planes = [];
    this.sx = [0];
    this.sy = [0];
    this.poses.forEach((p, i) => {
      if (i > 0) this.planes.push(edges(overlap(this.poses[i - 1], p)));
      this.sx.push(this.sx[i] + p[0]);
      this.sy.push(this.sy[i] + p[1]);
    });
  }

  // Every interface's margin (µm: how far inside its overlap the centre of mass above lies; negative: outside),
  // from the bottom up, with ``extra`` put on top (or not).
  margins(extra = null) {
    const n = this.poses.length + (extra ? 1 : 0);
    const planes = extra && this.poses.length ? [...this.planes, edges(overlap(this.poses[this.poses.length - 1], extra))] : this.planes;
    const tx = this.sx[this.poses.length] + (extra ? extra[0] : 0);
    const ty = this.sy[this.poses.length] + (extra ? extra[1] : 0);
    const out = [];
    planes.forEach((ps, i) => {
      const above = n - i - 1;
      const com = [(tx - this.sx[i + 1]) / above, (ty - this.sy[i + 1]) / above];
      out.push(ps.length ? Math.min(...ps.map((p) => inside(p, com))) : -Infinity);
    });
    return out;
  }

  // {stands, failedAt (the lowest interface that gives way), margin (the smallest)} with ``extra`` on top.
  check(extra = null) {
    const margins = this.margins(extra);
    let margin = Infinity;
    for (let i = 0; i < margins.length; i++) {
      if (margins[i] < -TOLERANCE) return { stands: false, failedAt: i, margin: margins[i] };
      margin = Math.min(margin, margins[i]);
    }
    return { stands: true, failedAt: null, margin: margin === Infinity ? HALF : margin };
  }
}

// A turn brought into -45° < turn <= 45° (hundredths of a degree), as physics.normal_turn.
export function normalTurn(turn) {
  const m = (((-turn + QUARTER / 2) % QUARTER) + QUARTER) % QUARTER;
  return -(m - QUARTER / 2);
}

// The pose of a die put on ``top`` moved by (dx, dy) and turned dturn more, as physics.stacked_on.
export function stackedOn(top, dx, dy, dturn) {
  if (!top) return [dx, dy, normalTurn(dturn)];
  return [top[0] + dx, top[1] + dy, normalTurn(top[2] + dturn)];
}

// A small seeded generator (the same preview for the same state: the figure does not flicker).
function generator(seed) {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gauss(random) {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const clamp = (v, limit) => Math.max(-limit, Math.min(limit, v));

// The share of ``samples`` placements aimed at ``aim`` ([x, y, turn]) that stand, the hand missing by normal
// errors of ``spread`` µm per axis and spread / 4 hundredths of a degree (the rules' hand).
export function standChance(column, aim, spread, samples = 400, seed = 1) {
  const top = column.poses[column.poses.length - 1];
  if (spread <= 0) return column.check(stackedOn(top, aim[0], aim[1], aim[2])).stands ? 1 : 0;
  const random = generator(seed);
  const turnSpread = Math.floor(spread / 4);
  let standing = 0;
  for (let k = 0; k < samples; k++) {
    const sx = clamp(Math.round(gauss(random) * spread), SLIP_LIMIT);
    const sy = clamp(Math.round(gauss(random) * spread), SLIP_LIMIT);
    const st = clamp(Math.round(gauss(random) * turnSpread), TURN_LIMIT);
    if (column.check(stackedOn(top, aim[0] + sx, aim[1] + sy, aim[2] + st)).stands) standing++;
  }
  return standing / samples;
}
