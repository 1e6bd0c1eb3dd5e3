"""Parlor's local service: serves the built site and (later) WebRTC signaling on /signal."""
