// An invite's QR code as SVG markup (one path, no inline style: the CSP allows
// it), drawn with qrcode-generator (npm, pinned; the build copies it to
// js/vendor/): small, dependency-free, MIT, maintained since 2009.
import qrcode from "../vendor/qrcode.js";

/** The SVG of `text`'s QR code (error correction L: the links are long). */
export function qrSvg(text) {
  const code = qrcode(0, "L");
  code.addData(text);
  code.make();
  const size = code.getModuleCount();
  const quiet = 4;
  let path = "";
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (code.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const side = size + 2 * quiet;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" class="room-qr-code" shape-rendering="crispEdges">`
    + `<rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
