"""Small DOM helpers for the page (MicroPython on the main thread).

Text always goes in through textContent, never as HTML, so a name typed by anyone is shown as
typed and never interpreted.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

SVG = "http://www.w3.org/2000/svg"


def el(tag, cls=None, text=None, parent=None, svg=False, **attrs):
    """Create an element; `aria_label="x"` sets aria-label, `data_sq="a1"` sets data-sq."""
    node = document.createElementNS(SVG, tag) if svg else document.createElement(tag)
    if cls:
        node.setAttribute("class", cls)
    if text is not None:
        node.textContent = str(text)
    for key, value in attrs.items():
        node.setAttribute(key.replace("_", "-"), str(value))
    if parent is not None:
        parent.appendChild(node)
    return node


def select(parent, label, options, value, name):
    """A labelled <select> of (value, text) options."""
    wrap = el("label", "field", parent=parent)
    el("span", None, label, wrap)
    node = el("select", None, parent=wrap, name=name)
    for key, text in options:
        option = el("option", None, text, node, value=key)
        if key == value:
            option.setAttribute("selected", "")
    return node


def on(node, event, handler, passive=None):
    """Listen for `event` on `node` for the life of the page (`passive=False`: the handler may
    cancel a scroll)."""
    if passive is None:
        node.addEventListener(event, create_proxy(handler))
    else:
        node.addEventListener(event, create_proxy(handler), to_js({"passive": passive}))


def button(parent, label, handler, cls="btn", **attrs):
    """A real <button> (keyboard and screen readers for free) calling handler()."""
    node = el("button", cls, label, parent, type="button", **attrs)
    on(node, "click", lambda event: handler())
    return node


def show(node, visible):
    """Hide or show a node without removing it (written only when that changes)."""
    if node.hasAttribute("hidden") == bool(visible):
        if visible:
            node.removeAttribute("hidden")
        else:
            node.setAttribute("hidden", "")


def set_text(node, text):
    """Write a node's text only when it changes: writing the same text again still replaces
    its text node, and the browser restyles the page before its next frame."""
    if node.textContent != text:
        node.textContent = text


def set_attr(node, name, value):
    """Write an attribute only when it changes (as set_text)."""
    if node.getAttribute(name) != value:
        node.setAttribute(name, value)


def set_disabled(node, disabled):
    """Enable or disable a control only when that changes (as set_text)."""
    if node.disabled != disabled:
        node.disabled = disabled


def now_ms():
    """Milliseconds on the page's monotonic clock."""
    return window.performance.now()


def query_param(name):
    """A setting from the page address (?name=value), or None."""
    return window.URLSearchParams.new(window.location.search).get(name)


def reduced_motion():
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
