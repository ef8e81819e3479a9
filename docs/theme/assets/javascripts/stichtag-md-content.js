// Material for MkDocs' inline script after the content
// (partials/javascripts/content.html), moved into a file for the CSP.
(function () {
  var target = document.getElementById(location.hash.slice(1));
  if (target && target.name) target.checked = target.name.startsWith("__tabbed_");
})();
