// [offline] Starts the engine worker first of all: index.html runs this tiny
// module before main.js, so the worker boots while the page's other modules
// load instead of after them. bridge.js adopts the worker (takeEarlyWorker)
// and replays what it said meanwhile.

/** The worker script; passes the page's test knob ?snapshot= on (engine-boot.js). */
export function workerURL() {
  const url = new URL("./worker.js", import.meta.url);
  const knob = new URLSearchParams(location.search).get("snapshot");
  if (knob) url.searchParams.set("snapshot", knob);
  return url;
}

let early = null;

function startEarlyWorker() {
  const worker = new Worker(workerURL(), { type: "module", name: "stichtag-engine" });
  const heard = [];
  worker.onmessage = (event) => heard.push(event);
  worker.onerror = (event) => {
    event.preventDefault();
    heard.push(event);
  };
  worker.onmessageerror = (event) => heard.push(event);
  early = { worker, heard, startedAt: performance.now() };
}

/** The worker started early, once: {worker, heard: events so far, startedAt}, else null. */
export function takeEarlyWorker() {
  const taken = early;
  early = null;
  return taken;
}

startEarlyWorker();
