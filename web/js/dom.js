// The one DOM helper of the page (no framework). Styling lives in CSS; the only
// inline values are CSS custom properties set through the CSSOM (allowed by the CSP).

/** h("div", {class: "x", "aria-label": "y"}, child, "text", …) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "html") el.innerHTML = value; // only our own SVG markup
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A plain button: h("button", {type: "button", class, onclick}, label). */
export function button(label, onClick, className = "") {
  return h("button", { type: "button", class: className || null, onclick: onClick }, label);
}

export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function prefersReducedMotion() {
  return globalThis.matchMedia ? matchMedia("(prefers-reduced-motion: reduce)").matches : false;
}
