/** Matching a key press to an action's bindings, and writing the bindings for people to read. */
import type { Direction } from '../logic/selection';
import type { KeyBinding } from './types';

export const ARROW_KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'] as const;

const DIRECTIONS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** The direction an arrow key points, or null for any other key. */
export function directionOf(key: string): Direction | null {
  return DIRECTIONS[key] ?? null;
}

/** One step that way: right and down are positive. */
export function stepOf(direction: Direction): readonly [number, number] {
  return { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }[direction] as [number, number];
}

/** The parts of a key press a binding looks at (a DOM or a React keyboard event has them). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

function modifierFits(wanted: boolean | 'any' | undefined, held: boolean): boolean {
  return wanted === 'any' || (wanted ?? false) === held;
}

export function matchesBinding(binding: KeyBinding, press: KeyPress): boolean {
  // Letters match in either case (Shift or Caps Lock may be on).
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return (
    binding.keys.some((k) => k === key) &&
    modifierFits(binding.mod, press.ctrlKey || press.metaKey) &&
    modifierFits(binding.shift, press.shiftKey) &&
    modifierFits(binding.alt, press.altKey)
  );
}

const KEY_NAMES: Record<string, string> = {
  ' ': 'Space',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
};

const keyName = (key: string) => KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);

/** Whether a binding's keys are the four arrows (the action then needs the arrow pressed). */
export function isArrows(keys: readonly string[]): boolean {
  return keys.length === ARROW_KEYS.length && ARROW_KEYS.every((arrow) => keys.includes(arrow));
}

/** A binding as people read it, `mod` being Ctrl or Cmd: 'Alt+Shift+arrows', 'Shift+Enter or Shift+F2'. */
export function bindingText(binding: KeyBinding, mod: string): string {
  const prefix = [
    binding.mod === true ? `${mod}+` : '',
    binding.alt === true ? 'Alt+' : '',
    binding.shift === true ? 'Shift+' : '',
  ].join('');
  if (isArrows(binding.keys)) return prefix === '' ? 'Arrows' : `${prefix}arrows`;
  return binding.keys.map((key) => `${prefix}${keyName(key)}`).join(' or ');
}

/** Every binding of an action, joined: 'Enter or F2', `${mod}+C`. */
export function bindingsText(bindings: readonly KeyBinding[], mod: string): string {
  return bindings.map((binding) => bindingText(binding, mod)).join(' / ');
}
