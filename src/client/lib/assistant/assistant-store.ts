/**
 * The on-screen assistant's state: what it says now (the bubble), everything it said in this tab
 * (the log the visitor can reopen) and whether the log is open. A small store outside React, so any
 * component, including the lazily loaded forms, can speak without a provider:
 * `useAssistant().say(text)` (docs/product/accounts.md#sign-up: thanks, or the support message on failure),
 * and the shell's assistant reads it with useAssistantState.
 * The owner's live messages come in through `showLiveMessage`, which applies
 * docs/product/assistant.md#show-rule.
 */
import type { AssistantMessage } from '#shared/live-events';
import { readStored, writeStored } from '../storage';
import { isUnseen, viewedTimeAfter } from './live-message-rule';

export interface AssistantEntry {
  /** Changes with every entry, so the same text said twice is shown again. */
  key: string;
  text: string;
  /** When it was said: the site's own messages now, the owner's when they posted it. */
  at: string;
  /** The live message's id, for the owner's messages. */
  liveId?: string;
}

export interface AssistantState {
  /**
   * The entry in the bubble, or null when the assistant is quiet (its active flag,
   * docs/product/assistant.md#show-rule).
   */
  shown: AssistantEntry | null;
  log: readonly AssistantEntry[];
  logOpen: boolean;
}

/** The log keeps this many entries; older ones drop off. */
export const ASSISTANT_LOG_MAX = 50;

export const QUIET: AssistantState = { shown: null, log: [], logOpen: false };

let state: AssistantState = QUIET;
let nextKey = 1;
const listeners = new Set<() => void>();

function set(next: Partial<AssistantState>): void {
  state = { ...state, ...next };
  for (const listener of [...listeners]) listener();
}

function withEntry(entry: AssistantEntry): readonly AssistantEntry[] {
  const log = state.log.filter((old) => !entry.liveId || old.liveId !== entry.liveId);
  return [...log, entry].slice(-ASSISTANT_LOG_MAX);
}

function say(text: string): void {
  const entry = { key: `say-${nextKey++}`, text, at: new Date().toISOString() };
  set({ shown: entry, log: withEntry(entry), logOpen: false });
}

function dismiss(): void {
  set({ shown: null });
}

function openLog(): void {
  set({ logOpen: true, shown: null });
}

function closeLog(): void {
  set({ logOpen: false });
}

/**
 * The stream's `assistant` event for the page on screen: the live message when it targets this
 * page, else null. An unseen message is shown and its time recorded under the `assistant` storage
 * key; a seen one only joins the log. Null (cleared, or not for this page) takes a live message
 * off the bubble but leaves the site's own messages.
 */
/**
 * The last-viewed time as this tab knows it: read when its stream first spoke, then moved on by
 * what this tab itself shows. A tab with its own stream (no sharing) judges a new message by it,
 * so a message shows on every open tab of its pages even after another tab recorded it as viewed.
 */
let knownByThisTab: string | null | undefined;

function showLiveMessage(
  message: AssistantMessage | null,
  /** The last-viewed time when the message reached the browser, if another tab read it then. */
  viewedAtArrival?: string | null,
): void {
  if (!message) {
    if (state.shown?.liveId) set({ shown: null });
    return;
  }
  // Each message is judged once in a tab: the same one again (another tab starting, the stream
  // reconnecting) neither shows it a second time nor moves it in the log.
  if (state.log.some((old) => old.liveId === message.id)) return;
  const entry: AssistantEntry = {
    key: `live-${message.id}`,
    text: message.text,
    at: message.createdAtUTC,
    liveId: message.id,
  };
  const stored = readStored('assistant', { liveMessage: { lastViewedAtUTC: null } });
  const lastViewedAtUTC = stored.liveMessage?.lastViewedAtUTC ?? null;
  // Tabs sharing one stream judge a new message by what the browser knew when it arrived, so each
  // tab on its pages shows it, whichever of them recorded it as viewed first; a tab with its own
  // stream by what it knew itself.
  if (knownByThisTab === undefined) knownByThisTab = lastViewedAtUTC;
  const judgedBy = viewedAtArrival === undefined ? knownByThisTab : viewedAtArrival;
  if (!isUnseen(message, judgedBy)) {
    set({ log: withEntry(entry) });
    return;
  }
  const viewed = viewedTimeAfter(message, lastViewedAtUTC);
  knownByThisTab = viewed;
  writeStored('assistant', { ...stored, liveMessage: { lastViewedAtUTC: viewed } });
  set({ shown: entry, log: withEntry(entry), logOpen: false });
}

export function subscribeToAssistant(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface AssistantApi {
  say: (text: string) => void;
  dismiss: () => void;
  openLog: () => void;
  closeLog: () => void;
  showLiveMessage: (message: AssistantMessage | null, viewedAtArrival?: string | null) => void;
}

export const ASSISTANT: AssistantApi = { say, dismiss, openLog, closeLog, showLiveMessage };

/** The recorded last-viewed time of the live message (the `assistant` storage key). */
export function lastViewedLiveMessage(): string | null {
  const stored = readStored('assistant', { liveMessage: { lastViewedAtUTC: null } });
  return stored.liveMessage?.lastViewedAtUTC ?? null;
}

export function assistantSnapshot(): AssistantState {
  return state;
}
