"""The page's modules that its home screen does not import (the table and room screens, the
boards, the network code), and the styles of those screens and boards. PyScript fetches only
the home screen's modules before main.py runs; scripts/build_site.py lists these others in
index.html (#page-later, #page-styles), and they are fetched once the home screen is up, the
modules written beside the rest and the styles added to the page, before a table or a room
opens.

The modules are MicroPython bytecode (.mpy, made by the build): their bytes go from the fetch's
ArrayBuffer into MicroPython's file system from JavaScript (`window.Module.FS`, which
MicroPython's loader makes global), as PyScript writes its `files`; a copy into a Python bytes
object would cost about 1.5 ms a kilobyte, one element at a time."""

import asyncio
import json
import os

from pyscript import document, window


async def _fetched(url, binary=False):
    """The body at `url`: text, or a JavaScript Uint8Array if `binary`."""
    response = await window.fetch(url)
    if not response.ok:
        raise OSError("{} answered {}".format(url, response.status))
    if binary:
        return window.Uint8Array.new(await response.arrayBuffer())
    return await response.text()


def _write(path, data):
    """Write a Uint8Array at `path` (relative to the working folder), making its folders."""
    folder = ""
    for part in path.split("/")[:-1]:
        folder = part if not folder else folder + "/" + part
        try:
            os.mkdir(folder)
        except OSError:
            pass  # there already
    window.Module.FS.writeFile(path, data)


def _add_style(url, text):
    """A style sheet in the page's head (after the shared styles, so it wins ties), once."""
    if document.head.querySelector('style[data-href="{}"]'.format(url)) is None:
        style = document.createElement("style")
        style.dataset.href = url
        style.textContent = text
        document.head.appendChild(style)


class PageModules:
    def __init__(self):
        self.loaded = False
        self._done = asyncio.Event()
        self._task = None

    def load(self):
        """Start fetching them (once; again after a failure)."""
        if self._task is None:
            self._task = asyncio.create_task(self._load())

    async def _load(self):
        try:
            later = json.loads(document.getElementById("page-later").textContent)
            styles = json.loads(document.getElementById("page-styles").textContent)
            fetched = await asyncio.gather(*[_fetched(url, True) for url in later],
                                           *[_fetched(url) for url in styles])
            for path, data in zip(later.values(), fetched):
                _write(path, data)
            for url, text in zip(styles, fetched[len(later):]):
                _add_style(url, text)
            window.parlorTheme.refresh()  # a forced light or dark theme covers them too
            self.loaded = True
        except Exception as err:
            window.console.warn("page modules: " + str(err))
        finally:
            self._task = None
            self._done.set()

    async def ready(self):
        """Wait until they are in; False if they could not be fetched."""
        while not self.loaded:
            self._done.clear()
            self.load()
            await self._done.wait()
            if not self.loaded:
                return False
        return True
