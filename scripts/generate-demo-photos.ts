/**
 * Writes the demo directory's photos into public/demo: for every category of the demo seed
 * (scripts/seed/generate.ts), two storefront pictures drawn as SVG — a facade in the category's colours
 * with its sign, awning, a shop window showing what is inside (tables, chairs, tyres, shelves…), a
 * door and the pavement — one by day and one at dusk. Generated, so nothing comes from another host
 * and nothing needs a licence. Deterministic: the same seed source always gives the same files.
 *
 *   npx tsx scripts/generate-demo-photos.ts
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { groupForCategory, type GroupSlug } from "#app/lib/business/category-groups";

const ROOT = path.join(import.meta.dirname, "..");
const OUT = path.join(ROOT, "public/demo");
const W = 800;
const H = 500;

/** The seed's categories, read from its source so the two never drift apart. */
export function demoCategories(): string[] {
  const source = readFileSync(path.join(ROOT, "scripts/seed/generate.ts"), "utf8");
  return [...new Set([...source.matchAll(/\{ category: "([^"]+)", nouns:/g)].map((m) => m[1]))];
}

/** The file name the seed gives a category's photo (scripts/seed/generate.ts uses the same rule). */
export function demoPhotoSlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

type Palette = { facade: string; trim: string; awningA: string; awningB: string; sign: string; ink: string };

const PALETTES: Record<GroupSlug, Palette[]> = {
  restaurants: [
    { facade: "#7f2d1e", trim: "#f3e3c3", awningA: "#14532d", awningB: "#f3e3c3", sign: "#1c1917", ink: "#fbbf24" },
    { facade: "#e8dcc4", trim: "#3f3f46", awningA: "#b91c1c", awningB: "#fef2f2", sign: "#292524", ink: "#fde68a" },
  ],
  healthcare: [
    { facade: "#e2e8f0", trim: "#0e7490", awningA: "#0e7490", awningB: "#ecfeff", sign: "#ffffff", ink: "#0e7490" },
    { facade: "#f1f5f9", trim: "#1d4ed8", awningA: "#1e40af", awningB: "#1e40af", sign: "#1e3a8a", ink: "#e0f2fe" },
  ],
  "auto-services": [
    { facade: "#475569", trim: "#facc15", awningA: "#1f2937", awningB: "#1f2937", sign: "#facc15", ink: "#111827" },
    { facade: "#9ca3af", trim: "#dc2626", awningA: "#b91c1c", awningB: "#e5e7eb", sign: "#111827", ink: "#f87171" },
  ],
  "beauty-wellness": [
    { facade: "#f5e1dc", trim: "#9f1239", awningA: "#be185d", awningB: "#fdf2f8", sign: "#fff1f2", ink: "#9f1239" },
    { facade: "#1f2937", trim: "#d4af37", awningA: "#111827", awningB: "#111827", sign: "#111827", ink: "#e7c873" },
  ],
  "home-services": [
    { facade: "#d6d3d1", trim: "#15803d", awningA: "#166534", awningB: "#166534", sign: "#14532d", ink: "#bbf7d0" },
    { facade: "#fef3c7", trim: "#0f766e", awningA: "#0f766e", awningB: "#f0fdfa", sign: "#ffffff", ink: "#0f766e" },
  ],
  "professional-services": [
    { facade: "#cbd5e1", trim: "#1e293b", awningA: "#1e293b", awningB: "#1e293b", sign: "#0f172a", ink: "#e2e8f0" },
    { facade: "#7c6f64", trim: "#f5f5f4", awningA: "#312e81", awningB: "#312e81", sign: "#f5f5f4", ink: "#312e81" },
  ],
  education: [
    { facade: "#b45309", trim: "#fef3c7", awningA: "#1e3a8a", awningB: "#eff6ff", sign: "#1e3a8a", ink: "#fde68a" },
    { facade: "#e7e5e4", trim: "#6d28d9", awningA: "#6d28d9", awningB: "#f5f3ff", sign: "#ffffff", ink: "#6d28d9" },
  ],
  entertainment: [
    { facade: "#3b0764", trim: "#fbbf24", awningA: "#7e22ce", awningB: "#3b0764", sign: "#1e1b4b", ink: "#fbbf24" },
    { facade: "#1e293b", trim: "#f43f5e", awningA: "#be123c", awningB: "#1e293b", sign: "#0f172a", ink: "#fb7185" },
  ],
  technology: [
    { facade: "#e2e8f0", trim: "#2563eb", awningA: "#2563eb", awningB: "#2563eb", sign: "#ffffff", ink: "#2563eb" },
    { facade: "#111827", trim: "#22d3ee", awningA: "#0f172a", awningB: "#0f172a", sign: "#0f172a", ink: "#22d3ee" },
  ],
  shopping: [
    { facade: "#fde68a", trim: "#4d7c0f", awningA: "#4d7c0f", awningB: "#f7fee7", sign: "#365314", ink: "#ecfccb" },
    { facade: "#e7e5e4", trim: "#9a3412", awningA: "#9a3412", awningB: "#fff7ed", sign: "#ffffff", ink: "#9a3412" },
  ],
  other: [
    { facade: "#d6d3d1", trim: "#44403c", awningA: "#57534e", awningB: "#e7e5e4", sign: "#292524", ink: "#e7e5e4" },
    { facade: "#bfdbfe", trim: "#1e3a8a", awningA: "#1e3a8a", awningB: "#dbeafe", sign: "#1e3a8a", ink: "#dbeafe" },
  ],
};

/** The group's icon for the sign (the same shapes as the cards' category tiles), 24×24 strokes. */
const ICONS: Record<GroupSlug, string> = {
  restaurants: "M7 2v9m-3-9v5a3 3 0 006 0V2M7 11v11M17 2c-2 1.5-3 4-3 7v3h3m0-10v20",
  healthcare: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z",
  "auto-services": "M5 16V11l2-5h10l2 5v5M3 16h18M7 19.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3zm10 0a1.5 1.5 0 100-3 1.5 1.5 0 000 3zM5 11h14",
  "beauty-wellness": "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z",
  "home-services": "M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6",
  "professional-services": "M3 7h18v13H3zM8 7V4h8v3M3 12h18",
  education: "M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6",
  entertainment: "M4 5h16v14H4zM8 5v14M16 5v14M4 9.5h4m8 0h4M4 14.5h4m8 0h4",
  technology: "M4 5h16v11H4zM2 19h20",
  shopping: "M5 8h14l-1 13H6zM9 8V6a3 3 0 016 0v2",
  other: "M4 10l1.5-6h13L20 10M4 10h16v10H4zM4 10a2.7 2.7 0 005.3 0 2.7 2.7 0 005.4 0 2.7 2.7 0 005.3 0M10 20v-5h4v5",
};

/** A small deterministic generator, so each category's pictures differ but never change between runs. */
function random(seedText: string): () => number {
  let a = 2166136261;
  for (const ch of seedText) a = Math.imul(a ^ ch.charCodeAt(0), 16777619);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** What the shop window shows, drawn inside the window rectangle (x, y, w, h). */
function windowContents(
  group: GroupSlug,
  x: number,
  y: number,
  w: number,
  h: number,
  dusk: boolean,
  rnd: () => number,
  p: Palette,
): string {
  const floor = y + h;
  const dark = dusk ? "#3b2a1a" : "#334155";
  const soft = dusk ? "#7c5a3a" : "#64748b";
  const parts: string[] = [];
  switch (group) {
    case "restaurants": {
      // Pendant lamps over tables with chairs.
      for (let i = 0; i < 3; i++) {
        const cx = x + (w / 3) * (i + 0.5);
        parts.push(`<line x1="${cx}" y1="${y}" x2="${cx}" y2="${y + 28}" stroke="${dark}" stroke-width="2"/>`);
        parts.push(`<path d="M${cx - 14} ${y + 42}a14 14 0 0128 0z" fill="${dusk ? "#fcd34d" : "#f59e0b"}"/>`);
        parts.push(`<rect x="${cx - 30}" y="${floor - 52}" width="60" height="6" rx="2" fill="${dark}"/>`);
        parts.push(`<rect x="${cx - 3}" y="${floor - 46}" width="6" height="46" fill="${dark}"/>`);
        for (const s of [-1, 1]) {
          const chx = cx + s * 40;
          parts.push(
            `<path d="M${chx - 9} ${floor}v-30h18v30M${chx - 9 + (s > 0 ? 18 : 0)} ${floor - 30}v-26" fill="none" stroke="${soft}" stroke-width="4"/>`,
          );
        }
      }
      break;
    }
    case "healthcare": {
      // A reception counter, a plant and a framed cross on the wall.
      parts.push(`<rect x="${x + 30}" y="${floor - 60}" width="${w * 0.55}" height="60" rx="4" fill="#ffffff" opacity=".85"/>`);
      parts.push(`<rect x="${x + 30}" y="${floor - 64}" width="${w * 0.55}" height="8" rx="3" fill="${p.trim}"/>`);
      parts.push(`<rect x="${x + w - 90}" y="${y + 30}" width="50" height="50" rx="6" fill="#ffffff"/>`);
      parts.push(`<path d="M${x + w - 70} ${y + 40}h10v10h10v10h-10v10h-10v-10h-10v-10h10z" fill="${p.trim}"/>`);
      parts.push(plant(x + w - 60, floor, 1));
      break;
    }
    case "auto-services": {
      // Stacked tyres and a tool wall.
      for (let s = 0; s < 3; s++)
        for (let i = 0; i < 4 - s; i++) {
          const cx = x + 50 + i * 44 + s * 22;
          const cy = floor - 18 - s * 30;
          parts.push(
            `<ellipse cx="${cx}" cy="${cy}" rx="22" ry="15" fill="#111827"/><ellipse cx="${cx}" cy="${cy}" rx="9" ry="6" fill="#6b7280"/>`,
          );
        }
      for (let i = 0; i < 5; i++)
        parts.push(
          `<rect x="${x + w - 150 + i * 24}" y="${y + 30 + (i % 2) * 10}" width="8" height="${50 + (i % 3) * 12}" rx="3" fill="${soft}"/>`,
        );
      break;
    }
    case "beauty-wellness": {
      // Round mirrors with lights and salon chairs.
      for (let i = 0; i < 2; i++) {
        const cx = x + w * (0.3 + i * 0.4);
        parts.push(`<ellipse cx="${cx}" cy="${y + 60}" rx="34" ry="44" fill="#e0f2fe" stroke="${p.ink}" stroke-width="4"/>`);
        parts.push(
          `<path d="M${cx - 24} ${floor}v-8h48v8M${cx} ${floor - 8}v-18M${cx - 26} ${floor - 26}h52v-22a26 18 0 00-52 0z" fill="${dark}"/>`,
        );
      }
      parts.push(plant(x + w - 40, floor, 0.9));
      break;
    }
    case "home-services": {
      // Shelves of paint tins and tools, a ladder.
      for (let row = 0; row < 2; row++) {
        const sy = y + 50 + row * 55;
        parts.push(`<rect x="${x + 20}" y="${sy}" width="${w * 0.6}" height="5" fill="${dark}"/>`);
        for (let i = 0; i < 6; i++)
          parts.push(
            `<rect x="${x + 28 + i * 30}" y="${sy - 26}" width="22" height="26" rx="3" fill="${["#f59e0b", "#0ea5e9", "#10b981", "#ef4444", "#e5e7eb", "#8b5cf6"][(i + row) % 6]}"/>`,
          );
      }
      const lx = x + w - 80;
      parts.push(
        `<path d="M${lx} ${floor}l24-${h - 20}M${lx + 40} ${floor}l-4-${h - 20}" stroke="${soft}" stroke-width="5" fill="none"/>` +
          [1, 2, 3, 4]
            .map(
              (k) =>
                `<line x1="${lx + 4 + k * 4}" y1="${floor - k * 28}" x2="${lx + 38 - k * 1}" y2="${floor - k * 28}" stroke="${soft}" stroke-width="4"/>`,
            )
            .join(""),
      );
      break;
    }
    case "professional-services":
    case "technology": {
      // Desks with screens and a shelf of binders.
      for (let i = 0; i < 2; i++) {
        const dx = x + 30 + i * (w / 2);
        parts.push(`<rect x="${dx}" y="${floor - 48}" width="${w / 2 - 60}" height="6" fill="${dark}"/>`);
        parts.push(
          `<rect x="${dx + 8}" y="${floor - 42}" width="5" height="42" fill="${dark}"/><rect x="${dx + w / 2 - 73}" y="${floor - 42}" width="5" height="42" fill="${dark}"/>`,
        );
        parts.push(`<rect x="${dx + 30}" y="${floor - 92}" width="60" height="40" rx="3" fill="${dusk ? "#93c5fd" : "#1e293b"}"/>`);
        parts.push(`<rect x="${dx + 56}" y="${floor - 52}" width="8" height="4" fill="${dark}"/>`);
      }
      parts.push(`<rect x="${x + 20}" y="${y + 40}" width="${w - 40}" height="5" fill="${dark}"/>`);
      for (let i = 0; i < 12; i++)
        parts.push(
          `<rect x="${x + 26 + i * 18}" y="${y + 10}" width="14" height="30" rx="2" fill="${["#1e3a8a", "#475569", "#b45309", "#0f766e"][i % 4]}"/>`,
        );
      break;
    }
    case "education": {
      // A chalkboard and small desks.
      parts.push(
        `<rect x="${x + 30}" y="${y + 20}" width="${w - 60}" height="70" rx="4" fill="#14532d" stroke="#a16207" stroke-width="6"/>`,
      );
      parts.push(
        `<path d="M${x + 50} ${y + 45}h80M${x + 50} ${y + 62}h120M${x + 200} ${y + 50}l20 20 30-30" stroke="#f0fdf4" stroke-width="3" fill="none" opacity=".8"/>`,
      );
      for (let i = 0; i < 3; i++) {
        const dx = x + 30 + i * ((w - 60) / 3);
        parts.push(
          `<rect x="${dx}" y="${floor - 34}" width="${(w - 60) / 3 - 20}" height="6" fill="${dark}"/><rect x="${dx + 6}" y="${floor - 28}" width="5" height="28" fill="${dark}"/>`,
        );
      }
      break;
    }
    case "entertainment": {
      // A glowing marquee with bulbs and posters.
      parts.push(
        `<rect x="${x + 20}" y="${y + 16}" width="${w - 40}" height="40" rx="6" fill="${p.sign}" stroke="${p.ink}" stroke-width="3"/>`,
      );
      for (let i = 0; i < 16; i++) parts.push(`<circle cx="${x + 34 + i * ((w - 68) / 15)}" cy="${y + 16}" r="4" fill="#fde68a"/>`);
      for (let i = 0; i < 3; i++)
        parts.push(
          `<rect x="${x + 30 + i * ((w - 60) / 3)}" y="${y + 72}" width="${(w - 60) / 3 - 24}" height="${h - 90}" rx="3" fill="${["#f43f5e", "#6366f1", "#f59e0b"][i]}" opacity=".85"/>`,
        );
      break;
    }
    default: {
      // Shelves of goods.
      for (let row = 0; row < 3; row++) {
        const sy = y + 45 + row * 45;
        parts.push(`<rect x="${x + 20}" y="${sy}" width="${w - 40}" height="5" fill="${dark}"/>`);
        for (let i = 0; i < 9; i++)
          if (rnd() > 0.2)
            parts.push(
              `<rect x="${x + 26 + i * ((w - 52) / 9)}" y="${sy - 24}" width="${(w - 52) / 9 - 6}" height="24" rx="3" fill="${["#f59e0b", "#0ea5e9", "#10b981", "#f43f5e", "#a8a29e"][(i + row) % 5]}"/>`,
            );
      }
    }
  }
  return parts.join("");
}

function plant(x: number, floor: number, scale: number): string {
  const s = (n: number) => r1(n * scale);
  return (
    `<path d="M${x - s(14)} ${floor}l${s(4)}-${s(26)}h${s(20)}l${s(4)} ${s(26)}z" fill="#a16207"/>` +
    `<path d="M${x} ${floor - s(26)}c-${s(24)}-${s(8)}-${s(30)}-${s(34)}-${s(20)}-${s(52)} ${s(10)} ${s(10)} ${s(18)} ${s(28)} ${s(20)} ${s(40)} ${s(2)}-${s(18)} ${s(10)}-${s(40)} ${s(26)}-${s(48)} ${s(6)} ${s(20)}-${s(6)} ${s(44)}-${s(26)} ${s(60)}z" fill="#15803d"/>`
  );
}

/** A neighbouring building's slice at the picture's edge. */
function neighbour(x: number, w: number, colour: string, windowColour: string): string {
  let out = `<rect x="${x}" y="30" width="${w}" height="${H - 100}" fill="${colour}"/>`;
  for (let row = 0; row < 4; row++)
    for (let col = 0; col < 2; col++)
      out += `<rect x="${x + 16 + col * (w / 2)}" y="${60 + row * 85}" width="${w / 2 - 32}" height="55" rx="2" fill="${windowColour}"/>`;
  return out;
}

export function storefront(category: string, variant: 1 | 2): string {
  const group = groupForCategory(category).slug;
  const rnd = random(`${category}/${variant}`);
  const p = PALETTES[group][(variant - 1 + Math.floor(rnd() * 2)) % 2];
  const dusk = variant === 2;
  const sky = dusk ? ["#fcd9a8", "#f0a6a0", "#8b7fc7"] : ["#cfe6fb", "#e8f2fc", "#f8fafc"];
  const glass = dusk ? ["#fde7b0", "#f7c873"] : ["#dbeafe", "#bfdbfe"];
  const fx = 130;
  const fw = W - 2 * fx;
  const winX = fx + 40;
  const winY = 250;
  const winW = fw * 0.6;
  const winH = 165;
  const doorX = winX + winW + 30;
  const doorW = fx + fw - 40 - doorX;
  const stripes = 9;
  const stripeW = (winW + doorW + 70) / stripes;
  const awningX = winX - 20;
  let awning = "";
  for (let i = 0; i < stripes; i++)
    awning += `<path d="M${r1(awningX + i * stripeW)} 196h${r1(stripeW)}l4 46a${r1(stripeW / 2)} 10 0 01-${r1(stripeW + 4)} 0z" fill="${i % 2 ? p.awningB : p.awningA}"/>`;
  const letters = Array.from({ length: 3 + Math.floor(rnd() * 3) }, (_, i) => {
    const lw = 26 + Math.floor(rnd() * 30);
    return { lw, gap: i === 0 ? 0 : 10 };
  });
  const lettersW = letters.reduce((s, l) => s + l.lw + l.gap, 0);
  let lx = W / 2 - (lettersW + 44) / 2 + 44;
  const signText = letters
    .map((l) => {
      const out = `<rect x="${r1(lx + l.gap)}" y="148" width="${l.lw}" height="12" rx="6" fill="${p.ink}"/>`;
      lx += l.lw + l.gap;
      return out;
    })
    .join("");
  const iconX = W / 2 - (lettersW + 44) / 2 - 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">
<title>${category} storefront (demo photo)</title>
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[2]}"/><stop offset=".6" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[0]}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${glass[0]}"/><stop offset="1" stop-color="${glass[1]}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
<linearGradient id="street" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dusk ? "#8a8497" : "#cbd5e1"}"/><stop offset="1" stop-color="${dusk ? "#5b556a" : "#94a3b8"}"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
${neighbour(-20, fx + 10, dusk ? "#6b5b73" : "#a8a29e", dusk ? "#f6d28b" : "#e7e5e4")}
${neighbour(fx + fw + 10, fx + 10, dusk ? "#5b5068" : "#94a3b8", dusk ? "#e9c27a" : "#e2e8f0")}
<rect x="${fx}" y="50" width="${fw}" height="${H - 120}" fill="${p.facade}"/>
<rect x="${fx - 8}" y="42" width="${fw + 16}" height="16" fill="${p.trim}"/>
<rect x="${fx}" y="58" width="${fw}" height="10" fill="#000" opacity=".12"/>
${[0, 1, 2, 3]
  .map(
    (i) =>
      `<rect x="${fx + 30 + i * ((fw - 60) / 4)}" y="78" width="${(fw - 60) / 4 - 24}" height="44" rx="2" fill="url(#glass)" opacity="${dusk ? ".75" : ".6"}"/>`,
  )
  .join("")}
<rect x="${W / 2 - (lettersW + 80) / 2}" y="132" width="${lettersW + 80}" height="44" rx="6" fill="${p.sign}"/>
<g transform="translate(${r1(iconX)} 142) scale(1.05)" fill="none" stroke="${p.ink}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${ICONS[group]}"/></g>
${signText}
<rect x="${winX - 10}" y="${winY - 10}" width="${winW + 20}" height="${winH + 20}" fill="${p.trim}"/>
<rect x="${winX}" y="${winY}" width="${winW}" height="${winH}" fill="url(#glass)"/>
${windowContents(group, winX, winY, winW, winH, dusk, rnd, p)}
<path d="M${winX} ${winY + winH}l${winW * 0.35} -${winH}h40l-${winW * 0.35} ${winH}zM${winX + winW * 0.45} ${winY + winH}l${winW * 0.3} -${winH}h16l-${winW * 0.3} ${winH}z" fill="#fff" opacity=".22"/>
<rect x="${doorX - 8}" y="${winY - 10}" width="${doorW + 16}" height="${H - 70 - winY + 10}" fill="${p.trim}"/>
<rect x="${doorX}" y="${winY}" width="${doorW}" height="${H - 70 - winY}" fill="${dusk ? "#fcd38d" : "#cbd5e1"}"/>
<rect x="${doorX + 10}" y="${winY + 10}" width="${doorW - 20}" height="${H - 70 - winY - 60}" fill="url(#glass)"/>
<rect x="${doorX + doorW - 24}" y="${winY + 90}" width="6" height="34" rx="3" fill="${p.sign}"/>
${awning}
<rect x="${awningX}" y="242" width="${stripes * stripeW}" height="40" fill="url(#shade)"/>
<rect y="${H - 70}" width="${W}" height="70" fill="url(#street)"/>
<rect y="${H - 70}" width="${W}" height="6" fill="#000" opacity=".1"/>
<path d="M0 ${H - 18}h${W}" stroke="#fff" stroke-opacity=".25" stroke-width="3"/>
${plant(doorX - 14, H - 66, 0.9)}
${plant(fx + fw + 30, H - 66, 1.1)}
${dusk ? `<rect width="${W}" height="${H}" fill="#4c1d95" opacity=".08"/>` : ""}
</svg>
`;
}

function main() {
  mkdirSync(OUT, { recursive: true });
  // The folder is this script's output only: old pictures go.
  for (const f of readdirSync(OUT)) if (f.endsWith(".svg")) rmSync(path.join(OUT, f));
  const categories = demoCategories();
  for (const category of categories)
    for (const variant of [1, 2] as const)
      writeFileSync(path.join(OUT, `${demoPhotoSlug(category)}-${variant}.svg`), storefront(category, variant));
  console.log(`Wrote ${categories.length * 2} demo photos for ${categories.length} categories to public/demo.`);
}

main();
