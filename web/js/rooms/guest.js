// A guest's table: no engine runs here. The host's engine sends this seat's
// state after every move; the table (game.js) draws it as it would draw its
// own engine's answer, and sends its moves through `remoteEngine`, which
// turns them into guest messages (engine/rooms/room.py): each action carries
// the number of actions the match held (`n`), so one sent again after a
// reconnection is applied once.

/** An engine stand-in for game.js that asks the host (`send(message)`) instead. */
export function remoteEngine({ seat, secret, token, send }) {
  // roundTrips: ms from each request sent to its answer (the benchmark reads them).
  const state = { latest: null, pending: null, roundTrips: [] };

  function ask(message) {
    return new Promise((resolve) => {
      state.pending = { message, resolve, sent: performance.now() };
      send(message);
    });
  }

  return {
    state,
    /** game.js's requests: the view on hand, an action, the next deal. */
    request(request) {
      if (request.op === "view") return Promise.resolve(state.latest || { ok: false, error: { key: "room_not_started", params: {} } });
      if (request.op === "act") {
        return ask({ type: "act", seat, secret, token, n: state.latest.room.next, action: request.action });
      }
      if (request.op === "deal") return ask({ type: "deal", seat, secret, token });
      return Promise.resolve({ ok: false, error: { key: "room_bad_message", params: {} } });
    },
    /** A message from the host: the answer to the request on its way, or news. Returns a state to draw, if any. */
    receive(message) {
      if (message.type === "state") state.latest = message;
      const pending = state.pending;
      const answers = pending && (message.type === "refused" || (message.type === "state" && ("ack" in message || pending.message.type === "deal")));
      if (answers) {
        state.pending = null;
        state.roundTrips.push(performance.now() - pending.sent);
        pending.resolve(message.type === "state" ? message : { ok: false, error: message.error });
        return null;
      }
      return message.type === "state" ? message : null;
    },
    /** The request on its way when the connection dropped: sent again on the new one. */
    resend() { if (state.pending) send(state.pending.message); },
  };
}
