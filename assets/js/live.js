/* Triad's live connection to a friend: one WebRTC data channel, with no server.
 *
 * The page (triad/ui/live.py) carries the offer and the answer as codes; this
 * script only holds the RTCPeerConnection. ICE is not trickled: an offer or an
 * answer is handed back once gathering is complete, so one code holds every
 * address. With `stun` false no ICE server is given and no request leaves the
 * browser (only the local network connects); with it true, the one public STUN
 * server named below (and on the page) is asked for this side's public address.
 *
 * window.triadLive:
 *   offer(stun) -> Promise<sdp>          the host's offer ("" when WebRTC fails)
 *   answer(offerSdp, stun) -> Promise<sdp>   the guest's answer to it
 *   accept(answerSdp) -> Promise<bool>   the answer taken by the side that offered
 *   wait(ms)      "timeout" is told if the channel is not open within ms
 *   send(text) -> bool, close(), qr(text) -> SVG markup (qrcode-generator)
 * and tells the page what happens as "triad-live" events, detail {kind, text}:
 * "open", "message" (text), "closed", "timeout".
 */
(function () {
  "use strict";

  var STUN = "stun:stun.l.google.com:19302";
  var GATHER_MS = 10000; // ICE gathering waits at most this long
  var MAX_MESSAGE = 8000; // a match's whole log is well under it

  var pc = null;
  var channel = null;
  var timer = 0;

  function tell(kind, text) {
    window.dispatchEvent(new CustomEvent("triad-live", { detail: { kind: kind, text: text || "" } }));
  }

  function close() {
    clearTimeout(timer);
    timer = 0;
    var old = channel, conn = pc;
    channel = pc = null;
    if (old) { try { old.close(); } catch (e) { /* closed already */ } }
    if (conn) { try { conn.close(); } catch (e) { /* closed already */ } }
  }

  function open(stun) {
    close();
    var conn = new RTCPeerConnection({ iceServers: stun ? [{ urls: STUN }] : [] });
    // Firefox gives up for good when the other side stays silent a few seconds (the
    // answering side, while its answer waits to be opened): said at once, not at the timeout.
    conn.oniceconnectionstatechange = function () {
      if (conn === pc && conn.iceConnectionState === "failed" && !(channel && channel.readyState === "open")) {
        clearTimeout(timer);
        tell("timeout");
      }
    };
    pc = conn;
    return pc;
  }

  function wire(ch) {
    channel = ch;
    ch.onopen = function () {
      if (channel !== ch) return;
      clearTimeout(timer);
      tell("open");
    };
    ch.onclose = function () { if (channel === ch) tell("closed"); };
    ch.onmessage = function (event) {
      if (channel === ch && typeof event.data === "string" && event.data.length <= MAX_MESSAGE) {
        tell("message", event.data);
      }
    };
  }

  function gathered(conn) {
    return new Promise(function (resolve) {
      if (conn.iceGatheringState === "complete") { resolve(); return; }
      var limit = setTimeout(resolve, GATHER_MS);
      conn.addEventListener("icegatheringstatechange", function () {
        if (conn.iceGatheringState === "complete") { clearTimeout(limit); resolve(); }
      });
    });
  }

  async function offer(stun) {
    try {
      var conn = open(!!stun);
      wire(conn.createDataChannel("triad", { ordered: true }));
      await conn.setLocalDescription(await conn.createOffer());
      await gathered(conn);
      return conn === pc ? conn.localDescription.sdp : "";
    } catch (e) {
      return "";
    }
  }

  async function answer(sdp, stun) {
    try {
      var conn = open(!!stun);
      conn.ondatachannel = function (event) { if (conn === pc) wire(event.channel); };
      await conn.setRemoteDescription({ type: "offer", sdp: String(sdp) });
      await conn.setLocalDescription(await conn.createAnswer());
      await gathered(conn);
      return conn === pc ? conn.localDescription.sdp : "";
    } catch (e) {
      return "";
    }
  }

  async function accept(sdp) {
    if (!pc || pc.signalingState !== "have-local-offer") return false;
    try {
      await pc.setRemoteDescription({ type: "answer", sdp: String(sdp) });
      return true;
    } catch (e) {
      return false;
    }
  }

  function wait(ms) {
    clearTimeout(timer);
    timer = setTimeout(function () {
      if (!channel || channel.readyState !== "open") tell("timeout");
    }, ms);
  }

  function send(text) {
    if (!channel || channel.readyState !== "open") return false;
    channel.send(String(text));
    return true;
  }

  // A QR code as one SVG path (dark modules), with a quiet zone of four modules.
  function qr(text) {
    if (typeof window.qrcode !== "function") return "";
    var code = window.qrcode(0, "L");
    code.addData(String(text), "Byte");
    code.make();
    var n = code.getModuleCount(), path = "";
    for (var r = 0; r < n; r += 1) {
      for (var c = 0; c < n; c += 1) {
        if (code.isDark(r, c)) path += "M" + (c + 4) + " " + (r + 4) + "h1v1h-1z";
      }
    }
    var size = n + 8;
    return '<svg class="qr" viewBox="0 0 ' + size + " " + size + '" shape-rendering="crispEdges"' +
      ' aria-hidden="true"><rect width="' + size + '" height="' + size + '" fill="#fff"/>' +
      '<path d="' + path + '" fill="#000"/></svg>';
  }

  window.triadLive = {
    stun: STUN,
    available: typeof window.RTCPeerConnection === "function",
    offer: offer,
    answer: answer,
    accept: accept,
    wait: wait,
    send: send,
    close: close,
    qr: qr
  };
})();
