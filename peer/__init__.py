"""Parlor's local service: serves the built site and the WebRTC signaling service on /signal."""
