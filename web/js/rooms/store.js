// What a room keeps on the device: the host's network choice and room save,
// a guest's seat token per room and seat (so that this browser alone takes the
// seat back), the name last given.
import { PREFIX, Store } from "../storage.js";
import { randomSecret } from "./codec.js";

const NETWORK_KEY = `${PREFIX}room:network`;
const SAVE_KEY = `${PREFIX}room:save`;
const NAME_KEY = `${PREFIX}room:name`;
const seatKey = (roomId, seat) => `${PREFIX}room:seat:${roomId}:${seat}`;

const store = new Store();

function readJSON(key) {
  try {
    const value = JSON.parse(store.get(key) || "null");
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

export const roomStore = {
  network() { return readJSON(NETWORK_KEY) || {}; },
  setNetwork(network) { store.set(NETWORK_KEY, JSON.stringify(network)); },
  /** The host's running room: {setup, save} (the save: the record and the room, engine/rooms). */
  hosted() { return readJSON(SAVE_KEY); },
  setHosted(value) { store.set(SAVE_KEY, JSON.stringify(value)); },
  forgetHosted() { store.remove(SAVE_KEY); },
  name() { return store.get(NAME_KEY) || ""; },
  setName(name) { store.set(NAME_KEY, name); },
  /** This device's token for a room's seat: drawn once, then kept. */
  seatToken(roomId, seat) {
    const key = seatKey(roomId, seat);
    let token = store.get(key);
    if (!token) {
      token = randomSecret(18);
      store.set(key, token);
    }
    return token;
  },
};
