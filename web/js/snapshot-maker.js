// [offline] Makes this build's engine snapshot on the device, in the background:
// a worker the engine worker starts once the page is quiet (engine-boot.js,
// keepSnapshotInBackground). It boots its own Pyodide, loaded for a snapshot,
// imports and warms the whole engine, keeps the snapshot (snapshot-store.js)
// and says whether it did: {kept: true | false}. It answers no request and
// runs nothing of the person's games; the next visit restores what it kept.
//
//   engine worker → maker  {wheel}   the engine wheel's bytes (already downloaded)
//   maker → engine worker  {kept}
import { BUILD_INFO } from "./build-info.js";
import { makeSnapshotImage } from "./engine-boot.js";
import { keepSnapshot } from "./snapshot-store.js";

const siteURL = (path) => new URL("../" + path, import.meta.url).href;

self.onmessage = async (event) => {
  let kept = false;
  try {
    const image = await makeSnapshotImage({ info: BUILD_INFO, siteURL, wheel: event.data.wheel });
    kept = await keepSnapshot(BUILD_INFO.snapshot_key, image);
  } catch (err) {
    console.warn("the engine snapshot was not made", err);
  }
  self.postMessage({ kept });
};
