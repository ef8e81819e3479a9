// Form fields of the dialogs.
import { h } from "../dom.js";

/** A labelled <select> of [value, text] options: {field, select}. */
export function choice(name, label, options, current) {
  const select = h("select", { name });
  for (const [value, text] of options) {
    const option = h("option", { value: String(value) }, text);
    option.selected = value === current;
    select.append(option);
  }
  const field = h("label", { class: `new-game-field new-game-${name}` }, h("span", { class: "new-game-label" }, label), select);
  return { field, select };
}
