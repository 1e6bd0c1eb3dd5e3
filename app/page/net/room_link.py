"""The page's network for online rooms: the signaling WebSocket and the WebRTC links.

A star around the host: a guest has one RTCPeerConnection (one ordered, reliable data channel
labelled "parlor") to the host; the host has one per guest. The guest offers; the host answers;
trickle ICE candidates go through signaling (`signal` {to, data: {description} | {candidate}},
as docs/online.md fixes; {sdp} is accepted too).

Heartbeats: every link sends HEARTBEAT a few times a second; a link that heard nothing for
LOST_MS, or did not open within CONNECT_MS, is closed and reported lost (a guest then
reconnects by itself while the host is present). `pc.close()` on `pagehide` tells the other
side at once. Messages are handed up as text, unparsed: the host's engine checks them.
"""

import asyncio
import json

import json_guard
from dom import now_ms
from pyscript import window
from pyscript.ffi import create_proxy

VERSION = 1
HEARTBEAT = '{"v":1,"type":"hb"}'
BEAT_MS = 300
LOST_MS = 3000
CONNECT_MS = 10_000
RETRY_MS = 1000
MAX_TEXT = 64 * 1024  # a larger data-channel message is dropped by the page unread


def js(value):
    """A plain JS object from Python data."""
    return window.JSON.parse(json.dumps(value))


def plain(value):
    """Python data from a JS object (through its JSON)."""
    text = window.JSON.stringify(value)
    return None if text is None else json.loads(text)


def is_heartbeat(text):
    """HEARTBEAT in any JSON spelling: an independent client (e.g. aiortc with Python's
    json.dumps) may send '{"v": 1, "type": "hb"}'; only short texts are parsed."""
    if text == HEARTBEAT:
        return True
    if len(text) > 64:
        return False
    try:
        message = json_guard.loads(text)
    except Exception:
        return False
    return isinstance(message, dict) and message.get("type") == "hb" and message.get("v") == VERSION


def signal_url():
    loc = window.location
    return ("wss://" if loc.protocol == "https:" else "ws://") + loc.host + "/signal"


class Link:
    """One RTCPeerConnection and its "parlor" data channel to `peer`."""

    def __init__(self, net, peer, offerer):
        self.net = net
        self.peer = peer
        self.channel = None
        self.open = False
        self.closed = False
        self.started = now_ms()
        self.heard = now_ms()
        self.has_remote = False
        self.pending = []  # candidates that came before the remote description
        self.proxies = []
        self.pc = window.RTCPeerConnection.new(js(net.rtc_configuration()))
        self.listen(self.pc, "icecandidate", self.on_candidate)
        self.listen(self.pc, "connectionstatechange", self.on_state)
        if offerer:
            self.wire(self.pc.createDataChannel("parlor", js({"ordered": True})))
            asyncio.create_task(self.offer())
        else:
            self.listen(self.pc, "datachannel", lambda event: self.wire(event.channel))

    def listen(self, target, name, handler):
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(name, proxy)

    def wire(self, channel):
        if self.channel is not None or channel.label != "parlor":
            channel.close()  # one channel per link, ours only
            return
        self.channel = channel
        self.listen(channel, "open", self.on_open)
        self.listen(channel, "message", self.on_message)
        self.listen(channel, "close", lambda event: self.lose("channel closed"))

    async def offer(self):
        try:
            description = await self.pc.createOffer()
            await self.pc.setLocalDescription(description)
            self.net.signal(self.peer, {"description": plain(self.pc.localDescription)})
        except Exception as err:
            self.lose("offer failed: " + str(err))

    async def on_signal(self, data):
        """An SDP or a candidate from the other side (through signaling; checked, not trusted)."""
        if self.closed or not isinstance(data, dict):
            return
        try:
            sdp = data.get("description") or data.get("sdp")  # docs/online.md names it "description"
            if isinstance(sdp, dict) and sdp.get("type") in ("offer", "answer") \
                    and isinstance(sdp.get("sdp"), str):
                await self.pc.setRemoteDescription(js({"type": sdp["type"], "sdp": sdp["sdp"]}))
                self.has_remote = True
                if sdp["type"] == "offer":
                    answer = await self.pc.createAnswer()
                    await self.pc.setLocalDescription(answer)
                    self.net.signal(self.peer, {"description": plain(self.pc.localDescription)})
                pending, self.pending = self.pending, []
                for candidate in pending:
                    await self.pc.addIceCandidate(js(candidate))
            elif isinstance(data.get("candidate"), dict):
                if self.has_remote:
                    await self.pc.addIceCandidate(js(data["candidate"]))
                elif len(self.pending) < 50:
                    self.pending.append(data["candidate"])
        except Exception as err:
            window.console.warn("room link:", str(err))

    def on_candidate(self, event):
        candidate = plain(event.candidate)
        if candidate:
            self.net.signal(self.peer, {"candidate": candidate})

    def on_state(self, event):
        if self.pc.connectionState in ("failed", "closed"):
            self.lose("connection " + self.pc.connectionState)

    def on_open(self, event):
        self.open = True
        self.heard = now_ms()
        self.net.link_open(self)

    def on_message(self, event):
        self.heard = now_ms()
        text = event.data
        if not isinstance(text, str) or len(text) > MAX_TEXT or is_heartbeat(text):
            return
        self.net.link_message(self, text)

    def send(self, text):
        if self.open and not self.closed:
            try:
                self.channel.send(text)
            except Exception:
                self.lose("send failed")

    def check(self, now):
        """A heartbeat tick: beat, and give up on a silent or never-opening link."""
        if self.closed:
            return
        if self.open:
            self.send(HEARTBEAT)
            if now - self.heard > LOST_MS:
                self.lose("no heartbeat")
        elif now - self.started > CONNECT_MS:
            self.lose("could not connect")

    def close(self):
        if not self.closed:
            self.closed = True
            self.open = False
            try:
                if self.channel is not None:
                    self.channel.close()
                self.pc.close()
            except Exception:
                pass

    def lose(self, why):
        if self.closed:
            return
        was_open = self.open
        self.close()
        self.net.link_lost(self, why, was_open)


class RoomNet:
    """Signaling and links for one room. `role` is "host" or "guest". The owner gets:
    on_signaling(message) for every signaling message (created, joined, error, ...),
    on_open(peer), on_message(peer, text), on_lost(peer) for links."""

    def __init__(self, role, owner):
        self.role = role
        self.owner = owner
        self.ice_servers = []
        self.ice_policy = None  # "relay": TURN only (the service's --ice-policy); else the default
        self.links = {}
        self.room = None
        self.me = None
        self.host = None
        self.ws = None
        self.sockets = 0  # signaling sockets opened so far: only the last one is listened to
        self.closed = False
        self.retry_at = None
        self.proxies = [create_proxy(self.beat), create_proxy(self.on_pagehide)]
        self.timer = window.setInterval(self.proxies[0], BEAT_MS)
        # (window.addEventListener through MicroPython's `window` fails with "Illegal invocation")
        window.onpagehide = self.proxies[1]

    # --- signaling ---------------------------------------------------------------------------
    def connect(self, first):
        """Open the signaling socket and send `first` (create, join or resume) once it opens.
        A later call replaces the socket; the old one's events are then ignored."""
        ws = window.WebSocket.new(signal_url())
        self.ws = ws
        self.sockets += 1
        current = self.sockets
        for name, handler in (("open", lambda e: self.send_signaling(first)),
                              ("message", lambda e: current == self.sockets and self.on_ws_message(e)),
                              ("close", lambda e: current == self.sockets and self.on_ws_close(e))):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            ws.addEventListener(name, proxy)

    def rtc_configuration(self):
        """The RTCPeerConnection's configuration: the service's ICE servers, and its
        iceTransportPolicy when it names one ("all" or "relay"; anything else is ignored)."""
        config = {"iceServers": self.ice_servers}
        if self.ice_policy is not None:
            config["iceTransportPolicy"] = self.ice_policy
        return config

    def send_signaling(self, message):
        if self.ws is not None and self.ws.readyState == 1:
            self.ws.send(json.dumps(dict(message, v=VERSION)))

    def signal(self, to, data):
        self.send_signaling({"type": "signal", "to": to, "data": data})

    def on_ws_close(self, event):
        if not self.closed:
            self.owner.on_signaling({"type": "closed"})

    def on_ws_message(self, event):
        try:  # the service guards what it relays, and the page checks again (app/shared/json_guard.py)
            message = json_guard.loads(event.data)
        except Exception:
            return
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        if kind in ("created", "joined", "resumed", "host-granted"):
            self.room = message.get("room")
            self.me = message.get("peer")
            servers = message.get("ice_servers")
            self.ice_servers = servers if isinstance(servers, list) else []
            policy = message.get("ice_policy")
            self.ice_policy = policy if policy in ("all", "relay") else None
            if kind == "joined":
                self.host = message.get("host")
                if self.host:
                    self.connect_host()
        elif kind == "signal":
            self.on_signal(message.get("from"), message.get("data"))
        elif kind == "peer-left":
            link = self.links.get(message.get("peer"))
            if link is not None:
                link.lose("left")
        elif kind == "host-left":
            self.host = None
            for link in list(self.links.values()):
                link.lose("host left")
        elif kind in ("host-back", "host-changed"):
            self.host = message.get("host")
            self.connect_host()
        self.owner.on_signaling(message)

    def on_signal(self, sender, data):
        if not isinstance(sender, str) or not isinstance(data, dict):
            return
        link = self.links.get(sender)
        if self.role == "host":
            sdp = data.get("description") or data.get("sdp")
            if isinstance(sdp, dict) and sdp.get("type") == "offer":
                if link is not None:  # a guest reconnecting: a fresh link replaces the old one
                    link.lose("replaced")
                link = self.links[sender] = Link(self, sender, offerer=False)
        elif sender != self.host:
            return
        if link is not None:
            asyncio.create_task(link.on_signal(data))

    # --- links -------------------------------------------------------------------------------
    def connect_host(self):
        """A guest: a fresh link to the host (the guest offers)."""
        if self.role != "guest" or self.closed or not self.host:
            return
        old = self.links.pop(self.host, None)
        if old is not None:
            old.close()
        self.retry_at = None
        self.links[self.host] = Link(self, self.host, offerer=True)

    def link_open(self, link):
        if self.links.get(link.peer) is link:
            self.owner.on_open(link.peer)

    def link_message(self, link, text):
        if self.links.get(link.peer) is link:
            self.owner.on_message(link.peer, text)

    def link_lost(self, link, why, was_open):
        if self.links.get(link.peer) is not link:
            return
        del self.links[link.peer]
        self.owner.on_lost(link.peer)
        if self.role == "guest" and self.host and not self.closed:
            self.retry_at = now_ms() + RETRY_MS

    def send(self, peer, text):
        link = self.links.get(peer)
        if link is not None:
            link.send(text)

    def send_host(self, text):
        if self.host:
            self.send(self.host, text)

    def drop(self, peer):
        link = self.links.get(peer)
        if link is not None:
            link.lose("dropped")

    def connected(self, peer):
        link = self.links.get(peer)
        return link is not None and link.open

    def beat(self):
        now = now_ms()
        for link in list(self.links.values()):
            link.check(now)
        if self.retry_at is not None and now >= self.retry_at:
            self.connect_host()

    # --- the end -----------------------------------------------------------------------------
    def on_pagehide(self, event):
        self.close()

    def close(self):
        if self.closed:
            return
        self.closed = True
        window.clearInterval(self.timer)
        for link in list(self.links.values()):
            link.close()
        self.links = {}
        if self.ws is not None:
            self.ws.close()
