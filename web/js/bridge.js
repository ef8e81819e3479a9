// Main-thread side of the engine worker: one promise per request, matched by
// id; boot progress, a boot timeout and errors reported through callbacks so
// the page can show them. Holds no rule logic.
import { takeEarlyWorker, workerURL } from "./engine-start.js"; // [offline]
import { t } from "./texts.js";

export class EngineError extends Error {
  constructor(message, { name = "EngineError", kind = "request" } = {}) {
    super(message);
    this.name = name;
    this.kind = kind; // "request" | "boot" | "crash" | "timeout"
  }
}

const DEFAULT_WORKER = workerURL();

export class Engine {
  /**
   * @param {object} [options]
   * @param {URL|string} [options.workerURL]  the module worker script
   * @param {number} [options.bootTimeoutMs]  when to call onSlowBoot
   * @param {(stage: string) => void} [options.onStatus]
   * @param {(info: object) => void} [options.onReady]
   * @param {(elapsedMs: number) => void} [options.onSlowBoot]  boot not done in time; the
   *        worker keeps going (onReady may still follow)
   * @param {(err: EngineError) => void} [options.onError]  boot failure or worker crash
   */
  constructor(options = {}) {
    this.options = {
      workerURL: DEFAULT_WORKER,
      bootTimeoutMs: 30000,
      onStatus() {}, onReady() {}, onSlowBoot() {}, onError() {},
      ...options,
    };
    this._start();
  }

  _start() {
    this._nextId = 1;
    this._pending = new Map();
    this.state = "booting"; // "booting" | "ready" | "failed"
    this.bootStartedAt = performance.now();
    this.ready = new Promise((resolve, reject) => { this._readyResolve = resolve; this._readyReject = reject; });
    this.ready.catch(() => {}); // failures are also reported through onError
    // [offline] the worker index.html started before this module loaded, if still unclaimed
    const early = this.options.workerURL === DEFAULT_WORKER ? takeEarlyWorker() : null;
    if (early) this.bootStartedAt = early.startedAt;
    const worker = early ? early.worker : new Worker(this.options.workerURL, { type: "module", name: "stichtag-engine" });
    this.worker = worker;
    worker.onmessage = (event) => this._onMessage(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const where = event.filename ? ` (${event.filename}:${event.lineno})` : "";
      this._fail(new EngineError(t("engine.worker_failed", { message: event.message || t("engine.could_not_load"), where }),
        { kind: this.state === "ready" ? "crash" : "boot" }));
    };
    worker.onmessageerror = () => this._fail(new EngineError(t("engine.unreadable"), { kind: "crash" }));
    this._bootTimer = setTimeout(() => {
      if (this.state === "booting") this.options.onSlowBoot(performance.now() - this.bootStartedAt);
    }, this.options.bootTimeoutMs);
    // [offline] what the early worker said before this page listened
    const handlers = { message: worker.onmessage, error: worker.onerror, messageerror: worker.onmessageerror };
    for (const event of early ? early.heard : []) handlers[event.type](event);
  }

  _onMessage(msg) {
    if (msg && msg.type === "status") return this.options.onStatus(msg.stage);
    if (msg && msg.type === "ready") {
      clearTimeout(this._bootTimer);
      this.state = "ready";
      const info = { ...msg, bootMs: Math.round(performance.now() - this.bootStartedAt) };
      this.info = info;
      this._readyResolve(info);
      return this.options.onReady(info);
    }
    if (msg && msg.type === "boot-error") {
      // The worker names the text of its own errors (it has no catalog).
      const message = msg.error.key ? t(msg.error.key, msg.error.params || {}) : msg.error.message;
      return this._fail(new EngineError(t("engine.could_not_start", { message }),
        { name: msg.error.name, kind: "boot" }));
    }
    const entry = msg && this._pending.get(msg.id);
    if (!entry) return;
    this._pending.delete(msg.id);
    clearTimeout(entry.timer);
    if (msg.ok) entry.resolve(msg.response);
    else entry.reject(new EngineError(msg.error.message, { name: msg.error.name, kind: "request" }));
  }

  _fail(err) {
    clearTimeout(this._bootTimer);
    this.state = "failed";
    this._readyReject(err);
    for (const entry of this._pending.values()) { clearTimeout(entry.timer); entry.reject(err); }
    this._pending.clear();
    this.worker.terminate();
    this.options.onError(err);
  }

  /**
   * Send one request object (e.g. {op: "ping"}); resolves to the engine's
   * parsed JSON response, rejects with an EngineError.
   */
  request(request, { timeoutMs = 0 } = {}) {
    if (this.state === "failed") return Promise.reject(new EngineError(t("engine.not_running"), { kind: "crash" }));
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject, timer: 0 };
      if (timeoutMs > 0) {
        entry.timer = setTimeout(() => {
          this._pending.delete(id);
          reject(new EngineError(t("engine.no_answer", { ms: timeoutMs }), { kind: "timeout" }));
        }, timeoutMs);
      }
      this._pending.set(id, entry);
      this.worker.postMessage({ id, request });
    });
  }

  /** Throw the worker away and boot a new one (the way to continue after an error). */
  restart() {
    clearTimeout(this._bootTimer);
    this.worker.terminate();
    for (const entry of this._pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new EngineError(t("engine.restarted"), { kind: "crash" }));
    }
    this._start();
    return this.ready;
  }

  terminate() {
    clearTimeout(this._bootTimer);
    this.worker.terminate();
    this.state = "failed";
  }
}
