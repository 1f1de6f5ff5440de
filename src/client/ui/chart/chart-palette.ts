/**
 * The charts' one palette (the indicator demos and the desk's traffic), read from the design tokens
 * (so both themes are designed, not inverted) and read again whenever <html data-theme> changes.
 * Imported only by the chart modules.
 */
import { ColorType, type ChartOptions, type DeepPartial } from 'lightweight-charts';

export interface ChartPalette {
  background: string;
  text: string;
  muted: string;
  grid: string;
  axis: string;
  up: string;
  down: string;
  accent: string;
  focus: string;
  font: string;
}

/** A token's colour as the browser resolves it ("rgb(r, g, b)"), whatever syntax the token uses. */
function resolveColor(probe: HTMLElement, token: string): string {
  probe.style.color = `var(${token})`;
  return getComputedStyle(probe).color;
}

/** The same colour with an alpha channel. */
export function withAlpha(rgb: string, alpha: number): string {
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
  return match ? `rgba(${match[1]}, ${match[2]}, ${match[3]}, ${alpha})` : rgb;
}

export function readPalette(host: HTMLElement): ChartPalette {
  const probe = document.createElement('span');
  probe.style.transition = 'none';
  probe.style.display = 'none';
  host.append(probe);
  try {
    return {
      background: resolveColor(probe, '--color-surface'),
      text: resolveColor(probe, '--color-text'),
      muted: resolveColor(probe, '--color-text-muted'),
      grid: withAlpha(resolveColor(probe, '--color-border'), 0.7),
      axis: resolveColor(probe, '--color-border-strong'),
      up: resolveColor(probe, '--color-success'),
      down: resolveColor(probe, '--color-danger'),
      accent: resolveColor(probe, '--color-accent'),
      focus: resolveColor(probe, '--color-focus'),
      font: getComputedStyle(host).fontFamily,
    };
  } finally {
    probe.remove();
  }
}

/**
 * Options every chart shares, redone with each palette. The chart's own logo link is off: it injects
 * a <style> element the site's CSP refuses and would skip the leave-site question; ChartCredit names
 * the library instead (its Apache-2.0 NOTICE asks for the attribution).
 */
export function baseChartOptions(palette: ChartPalette): DeepPartial<ChartOptions> {
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.background },
      textColor: palette.muted,
      fontFamily: palette.font,
      fontSize: 12,
      attributionLogo: false,
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    // A price label at the very top or bottom would be drawn cut in half by the canvas's edge.
    rightPriceScale: { borderColor: palette.axis, entireTextOnly: true },
    timeScale: { borderColor: palette.axis },
    crosshair: {
      vertLine: { color: palette.axis, labelBackgroundColor: palette.muted },
      horzLine: { color: palette.axis, labelBackgroundColor: palette.muted },
    },
  };
}
