// Every game's table, by the view's `game`. Each has the same interface:
//   render(parts, response, ctx)          draw a response into the parts (table/parts.js)
//   describeMove(before, response, ctx)   the live-region line for response.played
//   cardLabel(view, card, faces)          a card's name ("Bells Unter (Devil)")
//   formatMessage(message, ctx)           an engine message in words
//   matchLine(response, ctx)              the live-region line when the match ends
//   showSuggestion?(parts, response, ctx) mark ctx.suggestion (response.suggest) in place
// ctx: {faces, seating, focusCard, selection, suggestion, entered, onAction, onContinue, onNewMatch}.
import { doppelkopfTable } from "./doppelkopf.js";
import { karnoffelTable } from "./karnoffel.js";

export const tables = {
  karnoffel: karnoffelTable,
  doppelkopf: doppelkopfTable,
};
