"""Firefox and WebKit for the browser tests, behind one small page interface.

Chromium is driven by Playwright (conftest.py). Playwright cannot drive Debian's
Firefox ESR or WebKitGTK, so here:

* Firefox ESR speaks WebDriver BiDi itself; Puppeteer (npm, pinned in
  package-lock.json) drives it from firefox_bridge.mjs, a Node process this
  module talks to in JSON lines;
* WebKitGTK (Safari's engine) is driven by its WebKitWebDriver through Selenium,
  into an X server of its own (Xvfb) since it has no headless mode.

Both give an `EnginePage`: goto, reload, js, wait (on a JavaScript condition, never
on time), click (a real pointer click at the element), screenshot.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import build

ROOT = Path(__file__).resolve().parents[2]
BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
# The browser WebKitWebDriver starts: Debian's libwebkit2gtk-4.1-0 ships it for automation.
MINIBROWSER = next(
    iter(sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))),
    Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"),
)
ENGINES = ("firefox", "webkit")
#: Seconds WebKitWebDriver may take to open a session. Now and then its MiniBrowser
#: never comes up and the driver never answers; the session is then opened again.
WEBKIT_SESSION_S = 90
WEBKIT_SESSION_TRIES = 2


class EnginePage:
    """One page in its own fresh browser profile or context."""

    engine = ""

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression (a promise is awaited)."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def select(self, selector: str, value: str) -> None:
        """Choose an option of a select control."""
        raise NotImplementedError

    def fill(self, selector: str, text: str) -> None:
        """Type `text` from the keyboard into a field, in place of what it held."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        """Errors the page reported (where the engine's driver tells them)."""
        return []

    def requests(self) -> list[str]:
        """URLs the page asked for (where the engine's driver tells them)."""
        return []

    def close(self) -> None:
        raise NotImplementedError

    def wait(self, condition: str, timeout_ms: int) -> None:
        """Wait until a JavaScript expression is truthy."""
        deadline = time.monotonic() + timeout_ms / 1000
        while not self.js(f"!!({condition})"):
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"{self.engine}: still not true after {timeout_ms} ms: {condition}"
                )
            time.sleep(0.1)

    def count(self, selector: str) -> int:
        return int(self.js(f"document.querySelectorAll({json.dumps(selector)}).length"))

    def text(self, selector: str) -> str:
        return str(self.js(f"document.querySelector({json.dumps(selector)}).innerText"))

    def attr(self, selector: str, name: str) -> str | None:
        value = self.js(
            f"document.querySelector({json.dumps(selector)}).getAttribute({json.dumps(name)})"
        )
        return None if value is None else str(value)


# --- Firefox: Puppeteer over WebDriver BiDi ------------------------------------


class FirefoxBrowser:
    """Firefox ESR and the Node process that drives it. `reduced_motion`: its pages match
    `prefers-reduced-motion: reduce` (Firefox's `ui.prefersReducedMotion`)."""

    def __init__(self, reduced_motion: bool = False) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("the Firefox tests need Node.js (for Puppeteer)")
        motion = ["--reduced-motion"] if reduced_motion else []
        self.process = subprocess.Popen(
            [node, str(BRIDGE), str(build.FIREFOX), *motion],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=dict(os.environ, MOZ_CRASHREPORTER_DISABLE="1"),
        )
        self.next_id = 0

    def send(self, op: str, **args: Any) -> Any:
        self.next_id += 1
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"id": self.next_id, "op": op, **args}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"Firefox's driver stopped (exit code {self.process.poll()})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(f"firefox: {op}: {answer['error']}")
        return answer["value"]

    def new_page(self, width: int, height: int) -> FirefoxPage:
        return FirefoxPage(self, self.send("newPage", width=width, height=height))

    def quit(self) -> None:
        try:
            self.send("quit")
        finally:
            self.process.wait(timeout=60)


class FirefoxPage(EnginePage):
    engine = "firefox"

    def __init__(self, browser: FirefoxBrowser, ident: int) -> None:
        self.browser = browser
        self.ident = ident

    def _send(self, op: str, **args: Any) -> Any:
        return self.browser.send(op, page=self.ident, **args)

    def goto(self, url: str) -> None:
        self._send("goto", url=url)

    def reload(self) -> None:
        self._send("reload")

    def js(self, expression: str) -> Any:
        return self._send("evaluate", expression=f"(async () => ({expression}))()")

    def wait(self, condition: str, timeout_ms: int) -> None:
        self._send("waitFor", expression=condition, timeout=timeout_ms)

    def click(self, selector: str) -> None:
        self._send("click", selector=selector)

    def select(self, selector: str, value: str) -> None:
        self._send("select", selector=selector, value=value)

    def fill(self, selector: str, text: str) -> None:
        self._send("fill", selector=selector, text=text)

    def screenshot(self, path: Path) -> None:
        self._send("screenshot", path=str(path))

    def errors(self) -> list[str]:
        return list(self._send("log")["errors"])

    def requests(self) -> list[str]:
        return list(self._send("log")["requests"])

    def close(self) -> None:
        self._send("close")


# --- WebKit: WebKitWebDriver through Selenium, in Xvfb --------------------------


class WebKitBrowser:
    """An X server for WebKitGTK; each page is a WebDriver session of its own."""

    def __init__(self) -> None:
        self.xvfb = subprocess.Popen(
            [
                str(build.XVFB),
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1600x1000x24",
                "-nolisten",
                "tcp",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self.xvfb.stdout is not None
        self.display = ":" + self.xvfb.stdout.readline().strip()

    def new_page(self, width: int, height: int) -> WebKitPage:
        for attempt in range(1, WEBKIT_SESSION_TRIES + 1):
            try:
                return self._new_page(width, height)
            except Exception:  # the browser never came up (not a failure of the page)
                if attempt == WEBKIT_SESSION_TRIES:
                    raise
        raise AssertionError("unreachable")

    def _new_page(self, width: int, height: int) -> WebKitPage:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        # A private profile for each page: storage, service workers and caches apart.
        profile = tempfile.mkdtemp(prefix="triad-webkit-")
        env = dict(os.environ, DISPLAY=self.display, HOME=profile, XDG_DATA_HOME=profile)
        env["XDG_CACHE_HOME"] = profile
        # WebKitGTK composites with OpenGL, here Mesa's llvmpipe on the CPU. Its raster
        # threads cost more than they give on two busy cores: rasterizing on the calling
        # thread draws the same pixels for about 10% less CPU (measured on this file's
        # WebKit tests, run alternately: 95-97 -> 87-88 CPU-s).
        env["LP_NUM_THREADS"] = "0"
        service = Service(executable_path=str(build.WEBKIT_DRIVER), env=env)

        def stuck() -> None:  # no session in time: end the driver, so the request fails
            if service.process is not None:
                service.process.kill()

        watchdog = threading.Timer(WEBKIT_SESSION_S, stuck)
        watchdog.start()
        try:
            driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            shutil.rmtree(profile, ignore_errors=True)
            raise
        finally:
            watchdog.cancel()
        driver.set_window_size(width, height + 80)  # the window's bar takes some height
        driver.set_script_timeout(120)
        return WebKitPage(driver, profile)

    def quit(self) -> None:
        self.xvfb.terminate()
        self.xvfb.wait(timeout=30)


class WebKitPage(EnginePage):
    engine = "webkit"

    def __init__(self, driver: Any, profile: str) -> None:
        self.driver = driver
        self.profile = profile

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def js(self, expression: str) -> Any:
        # An async script, so that a promise is awaited as in the other engine.
        value = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"(async () => ({expression}))().then((value) => done({{value}}),"
            " (e) => done({error: String(e && e.message ? e.message : e)}));"
        )
        if "error" in value:
            raise RuntimeError(f"webkit: {value['error']} in {expression}")
        return value.get("value")

    def wait(self, condition: str, timeout_ms: int) -> None:
        """As every engine's, but a look WebKitWebDriver answers with "Could not parse
        script result" is taken again: it does so now and then while the page works on
        (seen in two full runs of the suite, once while Triangle Catch started, once
        while a match was played), and a wait only looks."""
        from selenium.common.exceptions import WebDriverException

        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            try:
                return super().wait(condition, max(0, int((deadline - time.monotonic()) * 1000)))
            except WebDriverException as error:
                if "Could not parse script result" not in str(error):
                    raise
                if time.monotonic() > deadline:
                    raise

    def click(self, selector: str) -> None:
        """Click the element `selector` finds; found again if the page redrew it between
        the finding and the click (as a player's click lands on what is drawn then)."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.by import By

        for attempt in range(5):
            try:
                self.driver.find_element(By.CSS_SELECTOR, selector).click()
                return
            except StaleElementReferenceException:
                if attempt == 4:
                    raise

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.select import Select

        Select(self.driver.find_element(By.CSS_SELECTOR, selector)).select_by_value(value)

    def fill(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        field = self.driver.find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(text.replace("\n", Keys.ENTER))  # WebKit's driver types "\n" as nothing

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


def start(engine: str, reduced_motion: bool = False) -> FirefoxBrowser | WebKitBrowser:
    """A browser of `engine`; `reduced_motion` (Firefox only) as a player who asked their
    system for less motion. A Firefox page's animations are drawn by its software renderer:
    measured, a reload of the game costs Firefox about 8 CPU-s with motion, 3.5 without."""
    if engine == "firefox":
        return FirefoxBrowser(reduced_motion)
    if reduced_motion:
        raise ValueError("reduced motion is not set up for WebKit here")
    return WebKitBrowser()
