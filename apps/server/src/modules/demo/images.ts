import { imageUrl } from '@gk/contracts';
import type { Ctx } from '../../context.js';
import { storeByContent } from '../../storage/index.js';
import { loadSharp, readImageFacts, recordImageMeta } from '../upload/index.js';

/**
 * The pictures of the demo content, drawn as SVG (shapes and gradients only: the machine has no CJK fonts,
 * and a picture with made-up text would look fake anyway) and rendered with sharp at seed time.
 * Stored exactly as an upload is: the name is the first 32 hex digits of the bytes' SHA-256 plus the
 * extension, served from `/img/<name>`.
 */

type Tone = { bg1: string; bg2: string; main: string; dark: string; light: string; accent: string };

/** Colour sets: blue, teal, indigo, orange, slate, sky. */
const TONES: Tone[] = [
  { bg1: '#0d47a1', bg2: '#42a5f5', main: '#1565c0', dark: '#0b2e59', light: '#90caf9', accent: '#ff9800' },
  { bg1: '#004d40', bg2: '#4db6ac', main: '#00897b', dark: '#00332c', light: '#b2dfdb', accent: '#ffca28' },
  { bg1: '#1a237e', bg2: '#5c6bc0', main: '#3949ab', dark: '#121858', light: '#c5cae9', accent: '#ff7043' },
  { bg1: '#bf360c', bg2: '#ffb74d', main: '#ef6c00', dark: '#6d2600', light: '#ffe0b2', accent: '#1565c0' },
  { bg1: '#263238', bg2: '#78909c', main: '#455a64', dark: '#1c262b', light: '#cfd8dc', accent: '#26c6da' },
  { bg1: '#01579b', bg2: '#4fc3f7', main: '#0288d1', dark: '#002f6c', light: '#b3e5fc', accent: '#ffd54f' },
];
const CONTAINER_COLOURS = ['#e53935', '#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00acc1', '#fdd835', '#6d4c41'];

/** A small deterministic generator (mulberry32): the same seed draws the same picture on every start. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
const place = (x: number, y: number, s: number, body: string) => `<g transform="translate(${x} ${y}) scale(${s})">${body}</g>`;

// ---------- motifs, each drawn in a box of about 400 × 240 ----------

function ship(t: Tone): string {
  let boxes = '';
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 8; c++) {
      if (r === 2 && (c === 0 || c === 5)) continue;
      const x = 62 + c * 33;
      const y = 146 - r * 22;
      boxes += `<rect x="${x}" y="${y}" width="31" height="20" rx="1" fill="${CONTAINER_COLOURS[(c * 5 + r * 3) % CONTAINER_COLOURS.length]}"/>`;
      boxes += `<path d="M${x + 8} ${y + 3}v14M${x + 15.5} ${y + 3}v14M${x + 23} ${y + 3}v14" stroke="#000" stroke-opacity=".18" stroke-width="2"/>`;
    }
  }
  return `${boxes}
    <rect x="330" y="94" width="38" height="72" fill="#f5f7fa"/>
    <rect x="334" y="102" width="30" height="7" fill="${t.dark}"/><rect x="334" y="116" width="30" height="7" fill="${t.dark}"/>
    <rect x="342" y="72" width="14" height="22" fill="${t.accent}"/>
    <path d="M8 166H392L364 214H40Z" fill="${t.dark}"/>
    <path d="M26 198H374L364 214H40Z" fill="#c62828"/>`;
}

function plane(t: Tone): string {
  let windows = '';
  for (let i = 0; i < 11; i++) windows += `<circle cx="${120 + i * 17}" cy="104" r="3.6" fill="${t.dark}" fill-opacity=".75"/>`;
  return `
    <path d="M196 96L244 96L206 36L182 36Z" fill="#b0bec5"/>
    <path d="M40 110C40 96 60 90 90 90H300C340 90 372 100 386 110C372 120 340 128 300 128H90C60 128 40 122 40 110Z" fill="#f5f7fa"/>
    <path d="M40 112H384C372 120 340 128 300 128H90C60 128 40 122 40 112Z" fill="#cfd8dc"/>
    <rect x="90" y="113" width="230" height="5" fill="${t.accent}"/>
    <path d="M352 98C364 100 374 104 380 108H352Z" fill="${t.dark}"/>
    ${windows}
    <path d="M52 96L34 38H14L34 104Z" fill="${t.main}"/>
    <path d="M44 108H86L56 128H32Z" fill="#b0bec5"/>
    <path d="M166 116L252 116L184 196L150 196Z" fill="#e0e6ea"/>
    <ellipse cx="206" cy="146" rx="26" ry="11" fill="#90a4ae"/><ellipse cx="230" cy="146" rx="5" ry="9" fill="#546e7a"/>`;
}

function truck(t: Tone): string {
  return `
    <rect x="20" y="58" width="250" height="112" rx="4" fill="${t.main}"/>
    <rect x="20" y="128" width="250" height="10" fill="${t.accent}"/>
    <path d="M60 70v46M100 70v46M140 70v46M180 70v46M220 70v46" stroke="#fff" stroke-opacity=".2" stroke-width="4"/>
    <path d="M280 88H342L374 124V170H280Z" fill="${t.dark}"/>
    <path d="M292 98H337L360 124H292Z" fill="#bbdefb"/>
    <rect x="364" y="146" width="12" height="8" fill="#ffeb3b"/>
    <rect x="16" y="170" width="362" height="10" fill="#37474f"/>
    ${[62, 104, 300, 344].map((x) => `<circle cx="${x}" cy="186" r="19" fill="#263238"/><circle cx="${x}" cy="186" r="7" fill="#b0bec5"/>`).join('')}`;
}

function globe(t: Tone, id = 'gl'): string {
  return `
    <defs><radialGradient id="${id}" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="${t.light}"/><stop offset="1" stop-color="${t.main}"/></radialGradient></defs>
    <circle cx="200" cy="120" r="112" fill="url(#${id})"/>
    <path d="M120 70C140 50 176 46 190 62C200 74 178 84 186 98C196 114 170 126 150 118C130 110 138 92 120 70Z" fill="#fff" fill-opacity=".45"/>
    <path d="M222 60C250 52 286 66 296 92C304 114 284 118 270 110C256 102 250 120 232 114C214 108 206 70 222 60Z" fill="#fff" fill-opacity=".45"/>
    <path d="M190 150C210 140 240 148 246 168C252 190 226 210 206 204C188 198 176 160 190 150Z" fill="#fff" fill-opacity=".45"/>
    <g fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="2">
      <ellipse cx="200" cy="120" rx="44" ry="112"/><ellipse cx="200" cy="120" rx="86" ry="112"/><path d="M200 8V232"/>
      <ellipse cx="200" cy="120" rx="112" ry="30"/><path d="M88 120H312"/><ellipse cx="200" cy="120" rx="104" ry="76"/>
    </g>`;
}

/** One kraft parcel (front, top and side faces) with tape and a label. */
function parcel(x: number, y: number, w: number, h: number, d: number): string {
  return `
    <path d="M${x} ${y}L${x + d} ${y - d * 0.6}H${x + w + d}L${x + w} ${y}Z" fill="#e6bf88"/>
    <path d="M${x + w} ${y}L${x + w + d} ${y - d * 0.6}V${y + h - d * 0.6}L${x + w} ${y + h}Z" fill="#b8864b"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#d4a468"/>
    <rect x="${x + w / 2 - 7}" y="${y}" width="14" height="${h}" fill="#b07a3e" fill-opacity=".55"/>
    <path d="M${x + w / 2 - 7 + d * 0.5} ${y - d * 0.3}h14" stroke="#b07a3e" stroke-width="${d * 0.6}" stroke-opacity=".5"/>
    <rect x="${x + w * 0.62}" y="${y + h * 0.55}" width="${w * 0.28}" height="${h * 0.28}" fill="#fff"/>
    <path d="M${x + w * 0.65} ${y + h * 0.62}h${w * 0.2}M${x + w * 0.65} ${y + h * 0.7}h${w * 0.14}" stroke="#90a4ae" stroke-width="3"/>`;
}

function boxes(): string {
  return `${parcel(40, 130, 150, 100, 30)}${parcel(200, 150, 120, 80, 26)}${parcel(90, 50, 110, 80, 24)}`;
}

function warehouse(t: Tone): string {
  let shutter = '';
  for (let y = 140; y < 226; y += 10) shutter += `<path d="M136 ${y}H264" stroke="#78909c" stroke-width="3"/>`;
  return `
    <path d="M20 100L200 40L380 100V226H20Z" fill="#eceff1"/>
    <path d="M6 106L200 32L394 106L384 112L200 44L16 112Z" fill="${t.main}"/>
    <rect x="130" y="128" width="140" height="98" fill="#b0bec5"/>${shutter}
    <rect x="44" y="130" width="56" height="30" fill="${t.light}"/><rect x="300" y="130" width="56" height="30" fill="${t.light}"/>
    <rect x="160" y="70" width="80" height="16" rx="3" fill="${t.accent}"/>
    ${parcel(292, 186, 44, 32, 10)}${parcel(48, 186, 44, 32, 10)}`;
}

function document(t: Tone): string {
  return `
    <rect x="88" y="30" width="184" height="214" rx="8" fill="${t.light}" transform="rotate(-7 180 137)"/>
    <rect x="112" y="18" width="184" height="214" rx="8" fill="#fff" stroke="#cfd8dc" stroke-width="2"/>
    <rect x="132" y="40" width="100" height="12" rx="3" fill="${t.main}"/>
    ${[70, 88, 106, 124].map((y, i) => `<rect x="132" y="${y}" width="${[144, 120, 136, 96][i]}" height="7" rx="3" fill="#cfd8dc"/>`).join('')}
    <path d="M132 144H276V186H132ZM180 144V186M228 144V186M132 165H276" fill="none" stroke="#b0bec5" stroke-width="2"/>
    <g fill="none" stroke="#e53935" stroke-opacity=".85"><circle cx="258" cy="198" r="30" stroke-width="5"/><circle cx="258" cy="198" r="22" stroke-width="2"/></g>
    <path d="M258 184L262 195H273L264 202L268 213L258 206L248 213L252 202L243 195H254Z" fill="#e53935" fill-opacity=".85"/>`;
}

function shield(t: Tone): string {
  return `
    <path d="M200 14L322 56V128C322 190 272 230 200 250C128 230 78 190 78 128V56Z" fill="${t.light}"/>
    <path d="M200 30L306 66V128C306 180 262 214 200 232Z" fill="#fff" fill-opacity=".35"/>
    <path d="M148 132L190 172L258 96" fill="none" stroke="${t.main}" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function crane(t: Tone): string {
  return `
    <rect x="40" y="60" width="14" height="170" fill="${t.accent}"/><rect x="150" y="60" width="14" height="170" fill="${t.accent}"/>
    <path d="M47 110L157 160M157 110L47 160" stroke="${t.accent}" stroke-width="6"/>
    <rect x="0" y="48" width="360" height="16" fill="${t.accent}"/>
    <path d="M40 48L100 0L164 48" fill="none" stroke="${t.accent}" stroke-width="8"/>
    <rect x="214" y="64" width="34" height="22" fill="${t.dark}"/>
    <path d="M224 86V150M238 86V150" stroke="#37474f" stroke-width="2"/>
    <rect x="206" y="150" width="52" height="8" fill="#37474f"/>
    <rect x="208" y="158" width="48" height="26" fill="${CONTAINER_COLOURS[1]}"/>`;
}

function train(t: Tone): string {
  let cars = '';
  for (let i = 0; i < 3; i++) {
    const x = 10 + i * 96;
    cars += `<rect x="${x}" y="112" width="88" height="54" fill="${CONTAINER_COLOURS[(i * 3 + 2) % CONTAINER_COLOURS.length]}"/>
      <path d="M${x + 22} 118v42M${x + 44} 118v42M${x + 66} 118v42" stroke="#000" stroke-opacity=".16" stroke-width="3"/>
      <rect x="${x - 2}" y="166" width="92" height="8" fill="#37474f"/>
      <circle cx="${x + 18}" cy="182" r="9" fill="#263238"/><circle cx="${x + 70}" cy="182" r="9" fill="#263238"/>`;
  }
  return `${cars}
    <path d="M300 96H372L394 132V174H300Z" fill="${t.main}"/>
    <path d="M364 104L384 132H350V104Z" fill="#bbdefb"/>
    <rect x="300" y="150" width="94" height="8" fill="${t.accent}"/>
    <circle cx="322" cy="182" r="10" fill="#263238"/><circle cx="372" cy="182" r="10" fill="#263238"/>
    <path d="M0 196H400" stroke="#546e7a" stroke-width="5"/>
    <path d="M10 200v8M50 200v8M90 200v8M130 200v8M170 200v8M210 200v8M250 200v8M290 200v8M330 200v8M370 200v8" stroke="#546e7a" stroke-width="4"/>`;
}

function scanner(t: Tone): string {
  return `
    <path d="M150 150L130 238H182L196 160Z" fill="${t.dark}"/>
    <rect x="120" y="20" width="150" height="160" rx="22" fill="#37474f"/>
    <rect x="138" y="38" width="114" height="70" rx="6" fill="${t.light}"/>
    <path d="M150 60h60M150 74h86M150 88h44" stroke="${t.main}" stroke-width="5"/>
    ${[0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => `<rect x="${146 + c * 34}" y="${120 + r * 18}" width="28" height="12" rx="3" fill="#78909c"/>`)).join('')}
    <path d="M270 60L380 20M270 80L384 80M270 100L380 140" stroke="#e53935" stroke-width="4" stroke-opacity=".7"/>`;
}

function printer(t: Tone, seed: number): string {
  return `
    <rect x="70" y="90" width="260" height="120" rx="14" fill="#eceff1"/>
    <rect x="70" y="180" width="260" height="30" rx="8" fill="${t.main}"/>
    <rect x="118" y="76" width="164" height="18" rx="4" fill="#90a4ae"/>
    <rect x="126" y="6" width="148" height="80" fill="#fff" stroke="#cfd8dc" stroke-width="2"/>
    ${barcode(140, 18, 120, 40, seed)}
    <rect x="140" y="66" width="70" height="6" fill="#b0bec5"/>
    <circle cx="300" cy="130" r="8" fill="#66bb6a"/>`;
}

function coolbox(t: Tone): string {
  const flake = [0, 60, 120]
    .map((a) => `<path d="M200 106V174M186 118L200 130L214 118M186 162L200 150L214 162" transform="rotate(${a} 200 140)"/>`)
    .join('');
  return `
    <rect x="80" y="70" width="240" height="160" rx="14" fill="#fafafa" stroke="#cfd8dc" stroke-width="3"/>
    <rect x="70" y="54" width="260" height="32" rx="10" fill="${t.main}"/>
    <rect x="170" y="40" width="60" height="16" rx="6" fill="${t.dark}"/>
    <g fill="none" stroke="${t.main}" stroke-width="7" stroke-linecap="round">${flake}</g>`;
}

function pallet(t: Tone): string {
  return `${parcel(70, 110, 110, 80, 22)}${parcel(190, 110, 110, 80, 22)}${parcel(130, 40, 110, 70, 20)}
    <rect x="50" y="192" width="290" height="12" fill="${t.accent}"/>
    <rect x="60" y="204" width="26" height="22" fill="${t.accent}"/><rect x="182" y="204" width="26" height="22" fill="${t.accent}"/><rect x="304" y="204" width="26" height="22" fill="${t.accent}"/>
    <rect x="50" y="226" width="290" height="10" fill="${t.accent}" fill-opacity=".8"/>`;
}

function bubbles(t: Tone): string {
  let dots = '';
  for (let r = 0; r < 6; r++)
    for (let c = 0; c < 9; c++)
      dots += `<circle cx="${88 + c * 28 + (r % 2) * 14}" cy="${70 + r * 26}" r="10" fill="#fff" fill-opacity=".7" stroke="${t.main}" stroke-opacity=".4"/>`;
  return `<rect x="70" y="50" width="280" height="170" rx="18" fill="${t.light}"/>${dots}`;
}

/** Barcode bars of pseudo-random widths. */
function barcode(x: number, y: number, w: number, h: number, seed: number): string {
  const rnd = random(seed);
  let out = '';
  let at = x;
  while (at < x + w - 4) {
    const bar = 1 + Math.floor(rnd() * 3);
    out += `<rect x="${at.toFixed(1)}" y="${y}" width="${bar}" height="${h}" fill="#212121"/>`;
    at += bar + 1 + Math.floor(rnd() * 3);
  }
  return out;
}

const MOTIFS = { ship, plane, truck, globe, boxes, warehouse, document, shield, crane, train, scanner, coolbox, pallet, bubbles } as const;
export type Motif = keyof typeof MOTIFS | 'printer';
const motif = (m: Motif, t: Tone, seed: number) => (m === 'printer' ? printer(t, seed) : MOTIFS[m](t));

// ---------- compositions ----------

const gradient = (id: string, t: Tone, dir = 'x2="1" y2="1"') =>
  `<linearGradient id="${id}" x1="0" y1="0" ${dir}><stop offset="0" stop-color="${t.bg1}"/><stop offset="1" stop-color="${t.bg2}"/></linearGradient>`;

/** A 600 × 400 picture: coloured ground, soft circles, the motif in the middle. */
function thumbSvg(m: Motif, tone: number, seed: number): string {
  const t = TONES[tone % TONES.length];
  const rnd = random(seed);
  let circles = '';
  for (let i = 0; i < 4; i++)
    circles += `<circle cx="${Math.round(rnd() * 600)}" cy="${Math.round(rnd() * 260)}" r="${Math.round(40 + rnd() * 110)}" fill="#fff" fill-opacity="${(0.05 + rnd() * 0.08).toFixed(2)}"/>`;
  const ground =
    m === 'ship'
      ? `<path d="M0 318Q75 300 150 318T300 318T450 318T600 318V400H0Z" fill="${t.dark}" fill-opacity=".55"/><path d="M0 340Q75 324 150 340T300 340T450 340T600 340V400H0Z" fill="${t.dark}" fill-opacity=".7"/>`
      : m === 'plane'
        ? `<ellipse cx="120" cy="320" rx="110" ry="26" fill="#fff" fill-opacity=".5"/><ellipse cx="470" cy="90" rx="90" ry="20" fill="#fff" fill-opacity=".35"/>`
        : m === 'truck'
          ? `<rect y="330" width="600" height="70" fill="#37474f"/><path d="M0 366H600" stroke="#fff" stroke-width="6" stroke-dasharray="40 30"/>`
          : `<ellipse cx="300" cy="340" rx="230" ry="22" fill="#000" fill-opacity=".16"/>`;
  const y = m === 'ship' ? 120 : m === 'truck' ? 110 : m === 'plane' ? 80 : 70;
  return svgDoc(
    600,
    400,
    `<defs>${gradient('bg', t)}</defs><rect width="600" height="400" fill="url(#bg)"/>${circles}${ground}${place(60, y, 1.2, motif(m, t, seed))}`,
  );
}

export type BannerScene = 'port' | 'air' | 'road' | 'network' | 'notice' | 'policy';

/** A 1600 × 500 banner: a dotted world, a route arc, and the scene's motifs on the right (the left stays calm for the site's own caption). */
function bannerSvg(scene: BannerScene, tone: number, seed: number): string {
  const t = TONES[tone % TONES.length];
  const rnd = random(seed);
  let dots = '';
  for (let i = 0; i < 260; i++) {
    const x = Math.round(rnd() * 1600);
    const y = Math.round(60 + rnd() * 320 + Math.sin(x / 160) * 40);
    dots += `<circle cx="${x}" cy="${y}" r="${(1.5 + rnd() * 2.5).toFixed(1)}" fill="#fff" fill-opacity="${(0.08 + rnd() * 0.22).toFixed(2)}"/>`;
  }
  const arc = `<path d="M120 380Q560 40 1040 210" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="4" stroke-dasharray="14 12"/>
    <circle cx="120" cy="380" r="10" fill="${t.accent}"/><circle cx="1040" cy="210" r="10" fill="${t.accent}"/>
    <circle cx="120" cy="380" r="22" fill="none" stroke="${t.accent}" stroke-opacity=".5" stroke-width="3"/>`;
  const sea = `<path d="M0 420Q100 400 200 420T400 420T600 420T800 420T1000 420T1200 420T1400 420T1600 420V500H0Z" fill="${t.dark}" fill-opacity=".6"/>
    <path d="M0 446Q100 430 200 446T400 446T600 446T800 446T1000 446T1200 446T1400 446T1600 446V500H0Z" fill="${t.dark}" fill-opacity=".8"/>`;
  const road = `<rect y="420" width="1600" height="80" fill="#37474f"/><path d="M0 462H1600" stroke="#fff" stroke-width="7" stroke-dasharray="60 40"/>`;
  const floor = `<rect y="440" width="1600" height="60" fill="#000" fill-opacity=".12"/>`;
  const scenes: Record<BannerScene, string> = {
    port: `${place(860, 100, 1.35, crane(t))}${sea}${place(1000, 190, 1.45, ship(t))}`,
    air: `${place(900, 40, 1.5, globe(t, 'g1'))}${place(620, 150, 1.25, plane(t))}`,
    road: `${place(1150, 110, 1.3, warehouse(t))}${road}${place(620, 180, 1.3, truck(t))}`,
    network: `${place(980, 20, 1.9, globe(t, 'g2'))}${floor}`,
    notice: `${place(1040, 30, 1.75, document(t))}${place(760, 250, 0.9, boxes())}${floor}`,
    policy: `${place(1000, 20, 1.75, shield(t))}${place(760, 110, 1.3, document(t))}${floor}`,
  };
  return svgDoc(
    1600,
    500,
    `<defs>${gradient('bg', t, 'x2="1" y2=".4"')}</defs><rect width="1600" height="500" fill="url(#bg)"/>
     <circle cx="1300" cy="-60" r="420" fill="#fff" fill-opacity=".06"/><circle cx="240" cy="560" r="320" fill="#fff" fill-opacity=".05"/>
     ${dots}${arc}${scenes[scene]}`,
  );
}

export type Glyph =
  | 'wing'
  | 'anchor'
  | 'cart'
  | 'train'
  | 'truck'
  | 'cube'
  | 'chip'
  | 'snow'
  | 'tape'
  | 'search'
  | 'calc'
  | 'docCheck'
  | 'pin'
  | 'clock'
  | 'ban'
  | 'form';

/** White line drawings in a 100 × 100 box (logos and icons). */
function glyph(g: Glyph): string {
  const s = 'fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"';
  const f = 'fill="#fff"';
  switch (g) {
    case 'wing':
      return `<path d="M50 8C54 8 56 14 56 20V40L90 58V66L56 56V76L66 84V90L50 86L34 90V84L44 76V56L10 66V58L44 40V20C44 14 46 8 50 8Z" ${f} transform="rotate(45 50 50)"/>`;
    case 'anchor':
      return `<g ${s}><circle cx="50" cy="20" r="8"/><path d="M50 28V86M32 42H68M18 62C22 78 36 86 50 86C64 86 78 78 82 62"/></g>`;
    case 'cart':
      return `<g ${s}><path d="M12 22H24L34 64H76L84 34H28"/></g><circle cx="38" cy="80" r="7" ${f}/><circle cx="72" cy="80" r="7" ${f}/>`;
    case 'train':
      return `<g ${s}><rect x="24" y="14" width="52" height="56" rx="10"/><path d="M24 44H76M36 86L42 72M64 86L58 72"/></g><circle cx="38" cy="58" r="4" ${f}/><circle cx="62" cy="58" r="4" ${f}/>`;
    case 'truck':
      return `<g ${s}><path d="M10 28H60V68H10ZM60 42H78L90 56V68H60"/></g><circle cx="26" cy="76" r="8" ${f}/><circle cx="76" cy="76" r="8" ${f}/>`;
    case 'cube':
      return `<g ${s}><path d="M50 12L86 30V70L50 88L14 70V30ZM14 30L50 48L86 30M50 48V88"/></g>`;
    case 'chip':
      return `<g ${s}><rect x="28" y="28" width="44" height="44" rx="6"/><path d="M40 28V14M60 28V14M40 86V72M60 86V72M28 40H14M28 60H14M86 40H72M86 60H72"/></g>`;
    case 'snow':
      return `<g ${s}><path d="M50 12V88M17 31L83 69M17 69L83 31M40 16L50 26L60 16M40 84L50 74L60 84"/></g>`;
    case 'tape':
      return `<g ${s}><circle cx="44" cy="50" r="30"/><circle cx="44" cy="50" r="12"/><path d="M74 50H90"/></g>`;
    case 'search':
      return `<g ${s}><circle cx="43" cy="43" r="24"/><path d="M61 61L84 84"/></g>`;
    case 'calc':
      return `<g ${s}><rect x="22" y="12" width="56" height="76" rx="8"/><path d="M34 28H66"/></g>${[0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => `<circle cx="${36 + c * 14}" cy="${48 + r * 14}" r="4" ${f}/>`)).join('')}`;
    case 'docCheck':
      return `<g ${s}><path d="M64 88H24V12H60L76 28V52M36 36H58M36 52H52"/><path d="M54 74L64 84L84 62"/></g>`;
    case 'pin':
      return `<g ${s}><path d="M50 88C50 88 22 58 22 38A28 28 0 0 1 78 38C78 58 50 88 50 88Z"/><circle cx="50" cy="38" r="10"/></g>`;
    case 'clock':
      return `<g ${s}><circle cx="50" cy="50" r="36"/><path d="M50 28V50L66 60"/></g>`;
    case 'ban':
      return `<g ${s}><circle cx="50" cy="50" r="36"/><path d="M25 25L75 75"/></g>`;
    case 'form':
      return `<g ${s}><rect x="20" y="12" width="52" height="76" rx="6"/><path d="M32 32H60M32 48H60M32 64H46M82 40L60 70L56 82L68 76L90 46Z"/></g>`;
  }
}

/** A 256 × 256 logo: a coloured disc with the glyph, transparent around it. */
function logoSvg(g: Glyph, tone: number): string {
  const t = TONES[tone % TONES.length];
  return svgDoc(
    256,
    256,
    `<defs>${gradient('bg', t)}</defs><circle cx="128" cy="128" r="120" fill="url(#bg)"/>
     <circle cx="128" cy="128" r="104" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>${place(53, 53, 1.5, glyph(g))}`,
  );
}

/** A 64 × 64 application icon: a rounded square with the glyph. */
function iconSvg(g: Glyph, tone: number): string {
  const t = TONES[tone % TONES.length];
  return svgDoc(
    64,
    64,
    `<defs>${gradient('bg', t)}</defs><rect width="64" height="64" rx="14" fill="url(#bg)"/>${place(12, 12, 0.4, glyph(g))}`,
  );
}

/** The company's mark: a globe ring with an orange route swoosh; `background` null keeps it transparent. */
function markSvg(size: number, background: string | null): string {
  const t = TONES[0];
  const body = `<defs>${gradient('bg', t)}</defs>
    ${background ? `<rect width="256" height="256" fill="${background}"/>` : ''}
    <circle cx="128" cy="128" r="92" fill="url(#bg)"/>
    <g fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="6">
      <ellipse cx="128" cy="128" rx="38" ry="92"/><path d="M36 128H220M50 84H206M50 172H206"/></g>
    <path d="M30 180C70 226 176 232 226 132" fill="none" stroke="${t.accent}" stroke-width="16" stroke-linecap="round"/>
    <path d="M240 96L247 138L212 120Z" fill="${t.accent}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">${body}</svg>`;
}

/** A QR-code-like square (finder patterns, timing lines, pseudo-random modules); decorative, it encodes nothing. */
function qrSvg(seed: number): string {
  const n = 29;
  const scale = 8;
  const quiet = 4;
  const rnd = random(seed);
  const cells: string[] = [];
  const finder = (x: number, y: number) => x < 8 && y < 8;
  const reserved = (x: number, y: number) => finder(x, y) || finder(n - 1 - x, y) || finder(x, n - 1 - y) || x === 6 || y === 6;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let on = false;
      if (x === 6 || y === 6) on = (x + y) % 2 === 0 && !(finder(x, y) || finder(n - 1 - x, y) || finder(x, n - 1 - y));
      else if (!reserved(x, y)) on = rnd() < 0.5;
      if (on) cells.push(`M${(x + quiet) * scale} ${(y + quiet) * scale}h${scale}v${scale}h-${scale}z`);
    }
  }
  const eye = (x: number, y: number) => {
    const px = (x + quiet) * scale;
    const py = (y + quiet) * scale;
    return `<rect x="${px}" y="${py}" width="${7 * scale}" height="${7 * scale}" fill="#000"/><rect x="${px + scale}" y="${py + scale}" width="${5 * scale}" height="${5 * scale}" fill="#fff"/><rect x="${px + 2 * scale}" y="${py + 2 * scale}" width="${3 * scale}" height="${3 * scale}" fill="#000"/>`;
  };
  const size = (n + quiet * 2) * scale;
  return svgDoc(
    size,
    size,
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${cells.join('')}" fill="#000"/>${eye(0, 0)}${eye(n - 7, 0)}${eye(0, n - 7)}`,
  );
}

/** A sketch of a printed waybill: header band, barcode, boxes for sender, receiver and goods. */
function waybillSvg(layout: 'sheet' | 'label', tone: number, seed: number): string {
  const t = TONES[tone % TONES.length];
  const line = 'fill="none" stroke="#90a4ae" stroke-width="2"';
  const grey = (x: number, y: number, w: number) => `<rect x="${x}" y="${y}" width="${w}" height="7" rx="3" fill="#cfd8dc"/>`;
  const paper =
    layout === 'sheet'
      ? `<rect x="40" y="40" width="520" height="320" fill="#fff" stroke="#b0bec5" stroke-width="2"/>
         <rect x="40" y="40" width="520" height="46" fill="${t.main}"/>
         <rect x="56" y="52" width="40" height="22" rx="4" fill="#fff" fill-opacity=".85"/>
         ${barcode(330, 100, 210, 48, seed)}
         <path d="M40 160H560M300 86V300M40 230H560M40 300H560M170 300V360M430 300V360" ${line}/>
         ${grey(56, 104, 150)}${grey(56, 122, 200)}${grey(56, 176, 180)}${grey(56, 194, 120)}${grey(316, 176, 200)}${grey(316, 194, 160)}
         ${grey(56, 246, 220)}${grey(56, 264, 160)}${grey(316, 246, 140)}${grey(316, 264, 190)}${grey(56, 322, 90)}${grey(186, 322, 90)}${grey(446, 322, 90)}`
      : `<rect x="190" y="24" width="220" height="352" rx="6" fill="#fff" stroke="#b0bec5" stroke-width="2"/>
         <rect x="190" y="24" width="220" height="38" rx="6" fill="${t.main}"/>
         ${barcode(210, 78, 180, 56, seed)}
         <path d="M190 150H410M190 232H410M190 300H410M300 300V376" ${line}/>
         ${grey(206, 166, 150)}${grey(206, 184, 180)}${grey(206, 202, 120)}${grey(206, 248, 170)}${grey(206, 266, 110)}
         <rect x="318" y="312" width="76" height="52" fill="#212121" fill-opacity=".85"/>${grey(206, 316, 76)}${grey(206, 334, 60)}`;
  return svgDoc(600, 400, `<rect width="600" height="400" fill="${t.light}"/>${paper}`);
}

// ---------- rendering and storing ----------

export type ImageSpec =
  | { kind: 'thumb'; motif: Motif; tone: number; seed?: number }
  | { kind: 'banner'; scene: BannerScene; tone: number; seed?: number }
  | { kind: 'logo'; glyph: Glyph; tone: number }
  | { kind: 'icon'; glyph: Glyph; tone: number }
  | { kind: 'mark'; format: 'png' | 'jpg' | 'icon' }
  | { kind: 'qr'; seed: number }
  | { kind: 'waybill'; layout: 'sheet' | 'label'; tone: number; seed?: number };

/** The bytes and extension of one picture. */
export async function render(spec: ImageSpec): Promise<{ bytes: Buffer; ext: 'jpg' | 'png' }> {
  const sharp = await loadSharp();
  const jpg = async (svg: string) => ({ bytes: await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer(), ext: 'jpg' as const });
  const png = async (svg: string) => ({ bytes: await sharp(Buffer.from(svg)).png().toBuffer(), ext: 'png' as const });
  switch (spec.kind) {
    case 'thumb':
      return jpg(thumbSvg(spec.motif, spec.tone, spec.seed ?? spec.tone + 1));
    case 'banner':
      return jpg(bannerSvg(spec.scene, spec.tone, spec.seed ?? spec.tone + 1));
    case 'logo':
      return png(logoSvg(spec.glyph, spec.tone));
    case 'icon':
      return png(iconSvg(spec.glyph, spec.tone));
    case 'mark':
      return spec.format === 'png'
        ? png(markSvg(256, null))
        : spec.format === 'jpg'
          ? jpg(markSvg(256, '#ffffff'))
          : png(markSvg(64, null));
    case 'qr':
      return png(qrSvg(spec.seed));
    case 'waybill':
      return jpg(waybillSvg(spec.layout, spec.tone, spec.seed ?? spec.tone + 7));
  }
}

/** who the demo pictures' rows name as their uploader: the system, as for every write without an account */
export const DEMO_UPLOADER = 'system';

/**
 * Stores the bytes as an upload does (content-hash name, the type's content type, its `image_meta` row: the delivery
 * API gives the website its width, height and srcset) and answers the `/img/` URL.
 */
export async function storeImage(ctx: Ctx, bytes: Buffer, ext: 'jpg' | 'png', title: string | null = null): Promise<string> {
  const name = await storeByContent(ctx.images, bytes, ext);
  // uploaded by the system, as every write without an account is attributed (the demo's translations name 'system')
  await recordImageMeta(ctx, name, await readImageFacts(bytes), bytes.length, { uploader: DEMO_UPLOADER, title });
  return imageUrl(name);
}

/** Renders and stores every picture, in parallel, each with its title (`titles`); answers their URLs by key. */
export async function makeImages<K extends string>(
  ctx: Ctx,
  specs: Record<K, ImageSpec>,
  titles: Partial<Record<K, string>> = {},
): Promise<Record<K, string>> {
  const entries = await Promise.all(
    (Object.entries(specs) as [K, ImageSpec][]).map(async ([key, spec]) => {
      const { bytes, ext } = await render(spec);
      return [key, await storeImage(ctx, bytes, ext, titles[key] ?? null)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<K, string>;
}
