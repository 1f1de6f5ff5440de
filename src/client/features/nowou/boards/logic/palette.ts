/**
 * The JSON Canvas preset colours "1" to "6" as Nowou names and draws them. The spec leaves their
 * values to each app ("Specific values for the preset colors are intentionally not defined").
 * Nowou's: a strong stroke and a light fill that dark text reads on. On screen the canvas's CSS
 * follows the theme; the SVG picture, which has no theme, uses these.
 */
export const PRESET_COLOURS = [
  { value: '1', name: 'Red', stroke: '#e03131', fill: '#ffe3e3' },
  { value: '2', name: 'Orange', stroke: '#e8590c', fill: '#ffe8cc' },
  { value: '3', name: 'Yellow', stroke: '#c28a00', fill: '#fff3bf' },
  { value: '4', name: 'Green', stroke: '#2f9e44', fill: '#d3f9d8' },
  { value: '5', name: 'Cyan', stroke: '#0c8599', fill: '#c5f6fa' },
  { value: '6', name: 'Purple', stroke: '#7048e8', fill: '#e5dbff' },
] as const;

export type PresetColour = (typeof PRESET_COLOURS)[number];

/** The preset a node or edge colour names, if it names one. */
export function presetOf(color: string | undefined): PresetColour | undefined {
  return PRESET_COLOURS.find((preset) => preset.value === color);
}
