"""The page's network code: the signaling socket and the rooms' WebRTC data channels."""
