"""Every test that starts processes says its tier (tests/tiers.py reads what the tests start), so a new
one cannot land in the fast tier unseen; and the reading itself, on made-up files."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

from tests.tiers import Suite

ROOT = Path(__file__).resolve().parents[1]


def findings(**files: str) -> list[str]:
    """The findings of a made-up suite: ``files`` by path, with ``/`` written ``__`` and ``.py`` left off."""
    sources = {name.replace("__", "/") + ".py": dedent(source) for name, source in files.items()}
    return [str(found) for found in Suite(sources).findings()]


def test_every_test_that_starts_processes_carries_the_marker_of_its_tier() -> None:
    assert [str(found) for found in Suite.of(ROOT).findings()] == []


def test_a_process_started_in_a_test_wants_the_process_marker() -> None:
    started = """
        import subprocess

        def test_it():
            subprocess.Popen(["sleep", "1"]).wait()
    """
    (found,) = findings(tests__test_made_up=started)
    assert found.startswith("tests/test_made_up.py::test_it: starts processes (subprocess.Popen)")
    assert findings(tests__test_made_up="import pytest\npytestmark = pytest.mark.process\n" + dedent(started)) == []
    marked = started.replace("def test_it", "@pytest.mark.browser\n        def test_it")
    assert findings(tests__test_made_up=marked) == []
    assert findings(tests__test_made_up="import pytest\npytestmark = pytest.mark.slow\n" + dedent(started))


def test_a_helper_of_tests_that_starts_a_server_counts_where_it_is_called() -> None:
    helper = """
        import uvicorn

        class Server:
            def start(self):
                uvicorn.Server(uvicorn.Config(app=None)).run()

        def served():
            return Server()
    """
    caller = """
        from tests.web.helper import served

        def test_calls_it():
            served().start()

        def test_does_not():
            assert True
    """
    (found,) = findings(tests__web__helper=helper, tests__web__test_made_up=caller)
    assert "test_made_up.py::test_calls_it" in found and "served -> Server -> uvicorn" in found
    # a folder that is no package: pytest puts it on the path, and the helper is imported bare
    bare = caller.replace("from tests.web.helper import", "from helper import")
    assert len(findings(tests__web__helper=helper, tests__web__test_made_up=bare)) == 1


def test_a_fixture_of_a_conftest_that_starts_a_browser_wants_the_browser_marker() -> None:
    conftest = """
        import pytest
        playwright = pytest.importorskip("playwright.sync_api")

        @pytest.fixture
        def browser():
            with playwright.sync_playwright() as p:
                yield p.chromium.launch()

        @pytest.fixture
        def page(browser):
            return browser.new_page()
    """
    test = """
        import pytest

        pytestmark = pytest.mark.process

        def test_page(page):
            page.goto("/")
    """
    (found,) = findings(tests__browser__conftest=conftest, tests__browser__test_made_up=test)
    assert "needs pytest.mark.browser" in found and "fixture page -> fixture browser" in found
    marked = test.replace("mark.process", "mark.browser")
    assert findings(tests__browser__conftest=conftest, tests__browser__test_made_up=marked) == []
    # the conftest of another folder is not this test's
    unmarked = test.replace("pytestmark = pytest.mark.process", "")
    assert findings(tests__browser__conftest=conftest, tests__web__test_made_up=unmarked) == []


def test_an_autouse_fixture_that_starts_a_process_counts_for_every_test_under_it() -> None:
    conftest = """
        import multiprocessing
        import pytest

        @pytest.fixture(autouse=True)
        def pool():
            with multiprocessing.get_context("spawn").Pool(2) as p:
                yield p
    """
    assert len(findings(tests__jobs__conftest=conftest, tests__jobs__test_made_up="def test_a(): pass\n")) == 1


def test_a_short_command_may_stay_in_the_fast_tier_when_it_says_so_but_a_server_or_node_may_not() -> None:
    command = """
        import subprocess
        import pytest

        @pytest.mark.quick_command
        def test_it():
            subprocess.run(["spider", "deal", "SP1-S1C-AAAAAAD"], check=True, timeout=30)
    """
    assert findings(tests__test_made_up=command) == []
    (found,) = findings(tests__test_made_up=command.replace("@pytest.mark.quick_command\n        ", ""))
    assert "starts a command (subprocess.run at line 6)" in found and "quick_command" in found
    (found,) = findings(tests__test_made_up=command.replace('"deal"', '"serve"'))
    assert "needs pytest.mark.browser or process" in found
    # nor Node: the fast tier runs without it
    bundler = command.replace('"spider", "deal", "SP1-S1C-AAAAAAD"', 'shutil.which("node"), "frontend/build.mjs"')
    (found,) = findings(tests__test_made_up=bundler)
    assert "needs pytest.mark.browser or process" in found


def test_a_helpers_argument_named_like_a_fixture_is_no_use_of_it() -> None:
    test = """
        import subprocess
        import pytest

        pytestmark = pytest.mark.process

        @pytest.fixture
        def server():
            return subprocess.Popen(["sleep", "9"])

        def status(server):
            return server.poll()
    """
    helper_user = """
        from tests.test_served import status

        def test_status():
            assert status(None) is None
    """
    assert findings(tests__test_served=test, tests__test_uses_helper=helper_user) == []
