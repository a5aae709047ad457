/** An sRGB colour, each channel 0–255. */
export type Rgb = readonly [red: number, green: number, blue: number]

/** The minimum contrast of normal text (WCAG 2.x, 1.4.3 AA). */
export const TEXT_CONTRAST = 4.5

/**
 * The backgrounds accent-coloured text sits on, per theme: `--bg` and `--bg-soft` of
 * `styles/base.css` (keep them in step).
 */
const BACKGROUNDS: Record<'light' | 'dark', readonly Rgb[]> = {
  light: [
    [0xff, 0xff, 0xff],
    [0xf6, 0xf7, 0xf9],
  ],
  dark: [
    [0x0f, 0x11, 0x15],
    [0x17, 0x1a, 0x21],
  ],
}

/** `#rgb` or `#rrggbb` (what the config's `style.color` allows), else undefined. */
export function parseHex(hex: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) return undefined
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1]
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as unknown as Rgb
}

/** WCAG 2.x relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2.x contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/**
 * The accent moved in HSL lightness (hue and saturation kept), one step at a time, darker on a
 * light background and lighter on a dark one, until text in it reaches `minimum` on every one
 * of `backgrounds`. Black and white end the walk, and one of them always passes.
 */
export function readableOn(accent: Rgb, backgrounds: readonly Rgb[], minimum: number): Rgb {
  const worst = (color: Rgb) => Math.min(...backgrounds.map((bg) => contrastRatio(color, bg)))
  if (worst(accent) >= minimum) return accent
  const darker = Math.max(...backgrounds.map(luminance)) > 0.18
  const [h, s, l] = toHsl(accent)
  for (let step = 1; step <= 100; step++) {
    const lightness = darker ? l - step / 100 : l + step / 100
    const color = fromHsl(h, s, Math.min(1, Math.max(0, lightness)))
    if (worst(color) >= minimum) return color
  }
  return darker ? [0, 0, 0] : [255, 255, 255]
}

/** What the site's accent variables are for a plugin's colour (see {@link accentVariables}). */
export interface AccentVariables {
  /** `light-dark(<accent on light>, <accent on dark>)`: text, borders and button fills. */
  accent: string
  /** Text on an accent fill (a button): black or white, whichever reads better, per theme. */
  onAccent: string
}

/**
 * The plugin's accent derived per theme so that text in it reads at 4.5:1 (plus a hair, for
 * rounding) on the site's backgrounds; undefined when the colour is not hex.
 */
export function accentVariables(color: string): AccentVariables | undefined {
  const accent = parseHex(color)
  if (accent === undefined) return undefined
  const light = readableOn(accent, BACKGROUNDS.light, TEXT_CONTRAST + 0.05)
  const dark = readableOn(accent, BACKGROUNDS.dark, TEXT_CONTRAST + 0.05)
  return {
    accent: `light-dark(${toHex(light)}, ${toHex(dark)})`,
    onAccent: `light-dark(${onFill(light)}, ${onFill(dark)})`,
  }
}

function onFill(fill: Rgb): string {
  return contrastRatio(fill, [255, 255, 255]) >= contrastRatio(fill, [0, 0, 0]) ? '#fff' : '#000'
}

function toHex(color: Rgb): string {
  return `#${color.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [rf, gf, bf] = [r / 255, g / 255, b / 255]
  const max = Math.max(rf, gf, bf)
  const min = Math.min(rf, gf, bf)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h =
    max === rf
      ? (gf - bf) / d + (gf < bf ? 6 : 0)
      : max === gf
        ? (bf - rf) / d + 2
        : (rf - gf) / d + 4
  return [h / 6, s, l]
}

function fromHsl(h: number, s: number, l: number): Rgb {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t
    const v =
      x < 1 / 6
        ? p + (q - p) * 6 * x
        : x < 1 / 2
          ? q
          : x < 2 / 3
            ? p + (q - p) * (2 / 3 - x) * 6
            : p
    return Math.round(v * 255)
  }
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)]
}
