import { createContext, type ReactNode } from 'react';

/**
 * Something the shell shows above every pop-up's backdrop, outside the card (the theme button).
 * A click on it never counts as a click outside.
 */
export const PopupChromeContext = createContext<ReactNode>(null);
