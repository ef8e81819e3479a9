// Material for MkDocs' inline head script (partials/javascripts/base.html),
// moved into a file for the CSP. The scope is the root of the rules pages:
// two folders above this file (assets/javascripts/), as base_url was.
/* eslint-disable no-var */
var __md_scope = new URL("../../", document.currentScript.src),
  __md_hash = (e) => [...e].reduce((e, _) => (e << 5) - e + _.charCodeAt(0), 0),
  __md_get = (e, _ = localStorage, t = __md_scope) => JSON.parse(_.getItem(t.pathname + "." + e)),
  __md_set = (e, _, t = localStorage, a = __md_scope) => {
    try {
      t.setItem(a.pathname + "." + e, JSON.stringify(_));
    } catch (e) {}
  };
