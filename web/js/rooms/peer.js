// One WebRTC data channel between the host and a guest, set up by hand from
// the links (no signalling server): the host makes an offer, the guest an
// answer. With no ICE server (the default) only host candidates are gathered:
// the same network, or tabs on one device. The channel is encrypted (DTLS) by
// the browser; nothing here weakens that.
import { compactSdp, expandSdp } from "./codec.js";

/** The RTCPeerConnection options for the host's network settings ({stun, turn, user, password}). */
export function iceConfig(network = {}) {
  const servers = [];
  if (network.stun) servers.push({ urls: network.stun });
  if (network.turn) servers.push({ urls: network.turn, username: network.user || "", credential: network.password || "" });
  return { iceServers: servers };
}

/** Resolves once the connection has gathered its candidates (they all go in the link). */
function gathered(pc, timeoutMs = 5000) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); resolve(); };
    const timer = setTimeout(done, timeoutMs); // a slow STUN server: go with what is there
    pc.addEventListener("icegatheringstatechange", () => { if (pc.iceGatheringState === "complete") done(); });
  });
}

/** Watch a connection: `onState("open" | "closed" | "failed")`. ICE may report a
 * brief "disconnected" (a network hiccup) and then "connected" again: the
 * channel is open once more, so that is "open" again. */
function watch(pc, channel, onState) {
  let last = "";
  const tell = (state) => { if (state !== last) { last = state; onState(state); } };
  pc.addEventListener("connectionstatechange", () => {
    const now = pc.connectionState;
    if (now === "failed") tell("failed");
    else if (now === "closed" || now === "disconnected") tell("closed");
    else if (now === "connected" && channel.readyState === "open" && last === "closed") tell("open");
  });
  channel.addEventListener("open", () => tell("open"));
  channel.addEventListener("close", () => tell("closed"));
}

/** The host's side: {pc, channel, offer (compact)}; `accept(answer)` completes it. */
export async function hostPeer(network, { onMessage, onState }) {
  const pc = new RTCPeerConnection(iceConfig(network));
  const channel = pc.createDataChannel("stichtag", { ordered: true });
  channel.addEventListener("message", (event) => onMessage(event.data));
  watch(pc, channel, onState);
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return {
    pc,
    channel,
    offer: compactSdp(pc.localDescription.sdp),
    async accept(answer) {
      await pc.setRemoteDescription({ type: "answer", sdp: expandSdp(answer) });
    },
    send(message) { if (channel.readyState === "open") channel.send(message); },
    close() { pc.close(); },
  };
}

/** The guest's side from the host's compact offer: {pc, answer (compact)}; the channel comes on its own. */
export async function guestPeer(offer, network, { onMessage, onState }) {
  const pc = new RTCPeerConnection(iceConfig(network));
  const peer = { pc, channel: null, answer: null };
  peer.send = (message) => { if (peer.channel && peer.channel.readyState === "open") peer.channel.send(message); };
  peer.close = () => pc.close();
  pc.addEventListener("datachannel", (event) => {
    peer.channel = event.channel;
    event.channel.addEventListener("message", (e) => onMessage(e.data));
    watch(pc, event.channel, onState);
    if (event.channel.readyState === "open") onState("open");
  });
  pc.addEventListener("connectionstatechange", () => { if (pc.connectionState === "failed") onState("failed"); });
  await pc.setRemoteDescription({ type: "offer", sdp: expandSdp(offer) });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  peer.answer = compactSdp(pc.localDescription.sdp);
  return peer;
}
