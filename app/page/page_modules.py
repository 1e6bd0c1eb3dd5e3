"""The page's modules that its home screen does not import (the table and room screens, the
boards, the network code). PyScript fetches only the home screen's before main.py runs;
scripts/build_site.py lists these others in index.html (#page-later), and they are fetched once
the home screen is up and written beside the rest, before a table or a room opens."""

import asyncio
import json
import os

from pyscript import document, window


async def _text(url):
    response = await window.fetch(url)
    if not response.ok:
        raise OSError("{} answered {}".format(url, response.status))
    return await response.text()


def _write(path, text):
    folder = ""
    for part in path.split("/")[:-1]:
        folder = part if not folder else folder + "/" + part
        try:
            os.mkdir(folder)
        except OSError:
            pass  # there already
    with open(path, "w") as file:
        file.write(text)


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
            texts = await asyncio.gather(*[_text(url) for url in later])
            for path, text in zip(later.values(), texts):
                _write(path, text)
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
