// The one DOM helper of the page (no framework). Styling lives in CSS; the only
// inline values are CSS custom properties set through the CSSOM (allowed by the CSP).

// Markup given as `html` is parsed once and cloned afterwards: the table is
// redrawn on every move with the same card faces, and a clone costs far less
// than a parse. The markup an element was made from is kept beside it, so a
// redraw compares strings instead of serialising both elements.
const PARSED_LIMIT = 400;
const parsed = new Map();
const markupOf = new WeakMap();

function parsedCopy(markup) {
  let template = parsed.get(markup);
  if (!template) {
    if (parsed.size >= PARSED_LIMIT) parsed.clear(); // QR codes and the like: never unbounded
    template = document.createElement("template");
    template.innerHTML = markup;
    parsed.set(markup, template);
  }
  return template.content.cloneNode(true);
}

/** Give `old` the inner markup of `fresh` (both made by h), unless it already has it. */
export function takeMarkup(old, fresh) {
  const markup = markupOf.get(fresh);
  if (markup !== undefined && markup === markupOf.get(old)) return;
  if (markup === undefined || !markupOf.has(old)) {
    if (old.innerHTML !== fresh.innerHTML) old.innerHTML = fresh.innerHTML;
  } else {
    old.replaceChildren(...fresh.childNodes);
  }
  if (markup === undefined) markupOf.delete(old);
  else markupOf.set(old, markup);
}

/** h("div", {class: "x", "aria-label": "y"}, child, "text", …) */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "html") { // only our own SVG markup
      el.replaceChildren(parsedCopy(String(value)));
      markupOf.set(el, String(value));
    }
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  const fromMarkup = markupOf.has(el);
  const extra = [];
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    const node = child instanceof Node ? child : document.createTextNode(String(child));
    el.append(node);
    if (fromMarkup) extra.push(node.nodeType === Node.ELEMENT_NODE ? node.outerHTML : node.textContent);
  }
  // Children after the markup (a card's hidden name) belong to what a redraw compares.
  if (extra.length) markupOf.set(el, [markupOf.get(el), ...extra].join("\u0000"));
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
