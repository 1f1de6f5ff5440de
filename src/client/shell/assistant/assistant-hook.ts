/**
 * The on-screen assistant's hook: `useAssistant().say(text)` shows a message in the assistant's
 * bubble (spec §4 "Sign-up": the assistant says thanks, or the support message on failure). A small
 * store outside React, so any component (and the lazily loaded forms) can speak without a provider.
 * The full assistant (typing effect, live messages, log) replaces the bubble with the live issue and
 * keeps this hook.
 */
import { useSyncExternalStore } from 'react';

export interface AssistantMessage {
  /** Changes with every message, so the same text said twice is shown again. */
  id: number;
  text: string;
}

export interface AssistantApi {
  say: (text: string) => void;
  dismiss: () => void;
}

let message: AssistantMessage | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: AssistantMessage | null) {
  message = next;
  for (const listener of [...listeners]) listener();
}

function say(text: string): void {
  emit({ id: nextId++, text });
}

function dismiss(): void {
  emit(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const API: AssistantApi = { say, dismiss };

export function useAssistant(): AssistantApi {
  return API;
}

/** For the bubble: the message being said, or null. */
export function useAssistantMessage(): AssistantMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => message,
    () => null,
  );
}
