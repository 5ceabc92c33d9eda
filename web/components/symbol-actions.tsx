import { createContext, type ReactNode, useContext } from "react";

/** What a card offers to do with its stock, e.g. add it to the watchlist. */
export type SymbolAction = (symbol: string) => ReactNode;

const SymbolActionContext = createContext<SymbolAction | null>(null);

/**
 * Hands every card below it one action on its stock: the signed-in frame puts the watchlist's Add button here, so
 * recommendation, analysis and earnings cards offer it without importing the watchlist feature
 * (docs/decisions/136-one-add-to-watchlist-everywhere.md).
 */
export function SymbolActionProvider(props: { action: SymbolAction; children: ReactNode }) {
  return <SymbolActionContext.Provider value={props.action}>{props.children}</SymbolActionContext.Provider>;
}

/** The action the frame provides for `symbol`, or nothing outside one (a card on its own, a public page). */
export function SymbolActions(props: { symbol: string }) {
  const action = useContext(SymbolActionContext);
  return action ? action(props.symbol) : null;
}
