// A region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable): tables that overflow on a
// phone take these props on their scroll container.
export const KEYBOARD_SCROLL = { viewportProps: { tabIndex: 0 } } as const;
