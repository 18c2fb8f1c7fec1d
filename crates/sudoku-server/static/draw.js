// Chains drawn on the grid, and a chain step's words split from its notation.
//
// The overlay is an SVG of 900 x 900 units laid over the grid: cell (r, c) spans
// [100c, 100c + 100) x [100r, 100r + 100), and candidate d sits in the cell's 3 x 3 layout,
// as on the grid. Each link of a step (`{from, to, house}`, nodes `{cell, digit, on}`) is one
// line from its premise to its consequence: strong links (an "off" node forcing an "on" one)
// solid, weak links dashed, as HoDoKu draws them; each node gets a ring, green when the chain
// makes it true ("on") and red when it makes it false ("off").

/** The centre of candidate `digit` of `cell` in the overlay's units. */
export function candidatePoint(cell, digit) {
  const r = Math.floor(cell / 9);
  const c = cell % 9;
  const d = digit - 1;
  return { x: c * 100 + (d % 3) * 100 / 3 + 50 / 3, y: r * 100 + Math.floor(d / 3) * 100 / 3 + 50 / 3 };
}

/** Whether a link is strong: an "off" premise that forces an "on" consequence. */
export const isStrong = (link) => !link.from.on && link.to.on;

/** A new SVG element inside `parent`'s namespace (the overlay's own, so no URL is written here). */
function element(parent, name, attributes) {
  const el = document.createElementNS(parent.namespaceURI, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
}

/**
 * Draws `links` into the groups `lines` and `nodes` (emptied first). A line stops short of its
 * end node's ring, so the arrowhead stays visible.
 */
export function drawLinks(lines, nodes, links) {
  lines.replaceChildren();
  nodes.replaceChildren();
  const seen = new Map(); // "cell:digit" -> on, for the rings
  for (const link of links || []) {
    const a = candidatePoint(link.from.cell, link.from.digit);
    const b = candidatePoint(link.to.cell, link.to.digit);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy) || 1;
    const cut = Math.min(14, length / 3);
    const kind = isStrong(link) ? 'strong' : 'weak';
    lines.appendChild(element(lines, 'line', {
      x1: (a.x + (dx * cut) / length).toFixed(1),
      y1: (a.y + (dy * cut) / length).toFixed(1),
      x2: (b.x - (dx * cut) / length).toFixed(1),
      y2: (b.y - (dy * cut) / length).toFixed(1),
      class: `link ${kind}`,
      'data-kind': kind,
      'marker-end': 'url(#arrow)',
    }));
    for (const node of [link.from, link.to]) {
      const key = `${node.cell}:${node.digit}`;
      if (!seen.has(key)) seen.set(key, node.on);
    }
  }
  for (const [key, on] of seen) {
    const [cell, digit] = key.split(':').map(Number);
    const p = candidatePoint(cell, digit);
    nodes.appendChild(element(nodes, 'circle', {
      cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: 14, class: `node ${on ? 'on' : 'off'}`,
    }));
  }
}

/**
 * A step's sentence without its chain notation, and the notation: the notation starts at the
 * first implication written as `rXcY=D →` (or `≠`, `⇒`), after the sentence's colon or full stop.
 */
export function splitNotation(text) {
  const found = /r\dc\d[=≠]\d\s*(?:→|⇒)/.exec(text);
  if (!found) return { sentence: text, notation: '' };
  const head = text.slice(0, found.index).trim().replace(/[:.]$/, '');
  return { sentence: `${head}.`, notation: text.slice(found.index).trim() };
}
